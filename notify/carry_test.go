package notify

import (
	"testing"

	"rondel/game/gametest"
	"rondel/store"
)

// TestCarriedViewIsReadAgainWhenASeatChanged: the after-commit render
// uses the view the move's transaction handed over while the game's seats
// are as they were, and reads the whole view again once one of them
// changed (a substitute took it after the commit).
func TestCarriedViewIsReadAgainWhenASeatChanged(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, noQuiet)
	g := e.startGame(gametest.ID, "carry", 3, 1, nil)
	view := func(change func(v *gameView)) *gameView {
		t.Helper()
		var got *gameView
		if err := e.st.NotifyTx(e.ctx, func(tx *store.NotifyTx) error {
			v, err := e.svc.loadView(tx, g.ID)
			if err != nil {
				return err
			}
			change(v)
			got, err = e.svc.carriedView(tx, g.ID, &turnMails{view: *v})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return got
	}
	const marked = "carried@example.org"
	same := view(func(v *gameView) { v.users[1].Email = marked })
	if same.users[1].Email != marked {
		t.Errorf("seats unchanged: the holder was read again (%s), not taken from the move", same.users[1].Email)
	}
	moved := view(func(v *gameView) { v.users[1].Email, v.seats[1].UserID = marked, v.seats[1].UserID+100 })
	if moved.users[1].Email == marked || moved.seats[1].UserID != moved.users[1].ID {
		t.Errorf("a seat changed hands: the render mails %s (seat %+v), not its holder now", moved.users[1].Email, moved.seats[1])
	}
}
