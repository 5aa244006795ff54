package gametest

import "os"

// LongEnv is the environment variable that asks the tests for their long
// runs: RONDEL_LONG=1 go test ./... plays every self-play batch, every
// variant and every exhaustive check at full size, as CI (.ci/run) does.
// Without it each such test runs the same checks at a smaller size, so
// that go test ./... stays a quick working loop.
const LongEnv = "RONDEL_LONG"

// Long reports whether the long runs were asked for (RONDEL_LONG=1).
// It is the project's one switch for test size; tests do not use
// testing.Short.
func Long() bool { return os.Getenv(LongEnv) == "1" }
