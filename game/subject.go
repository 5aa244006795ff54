package game

// SubjectNamer names the subject of a decision (Decision.Subject) in
// words, e.g. "Italy" for "IT". Optional, like the interfaces in view.go:
// the readable log (record.WriteReadable) uses it when a game has it and
// shows the subject as it is otherwise.
type SubjectNamer interface {
	SubjectName(subject string) string
}
