package game

import "rondel/game/words"

// SubjectNamer names the subject of a decision (Decision.Subject), e.g.
// the term for Italy for "IT". Optional, like the interfaces in view.go:
// the readable log (record.WriteReadable) uses it when a game has it and
// shows the subject as it is otherwise.
type SubjectNamer interface {
	SubjectName(subject string) words.Text
}
