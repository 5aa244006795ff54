package store

import "fmt"

// Every error the store returns says which operation failed ("store: load
// game 3: database is locked"), wrapped with %w so that callers still
// match sentinels and typed errors with errors.Is and errors.As.
// errors_test.go holds the package to it.

// wrapErr is err wrapped with the operation that failed, or nil when err
// is nil: for returning a call's error in one line (a GORM chain's .Error).
func wrapErr(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf(format+": %w", append(args, err)...)
}
