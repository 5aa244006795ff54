package notify

import "rondel/game/words"

// notify's refusals are errors a person reads: each is a *words.Error
// (errors.As), whose Text pages say in the reader's language; Error()
// says it in English for logs.

// refusal is a refusal in words that names its limit ("at most 14 days")
// and still matches its sentinel error with errors.Is.
type refusal struct {
	msg      *words.Error
	sentinel error
}

func refuse(sentinel error, msg words.Text) error {
	return &refusal{msg: &words.Error{Msg: msg}, sentinel: sentinel}
}

func (r *refusal) Error() string { return r.msg.Error() }

// Unwrap gives the words first, so errors.As finds them, not the
// sentinel's more general ones.
func (r *refusal) Unwrap() []error { return []error{r.msg, r.sentinel} }
