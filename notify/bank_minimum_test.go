package notify

import (
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/store/config"
)

// TestTimeBankGivesAtLeastAnHour: with a nearly empty bank and no bonus,
// a decision still gets one hour (docs/notifications.md, new-game form).
func TestTimeBankGivesAtLeastAnHour(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *config.Config) {
		c.Notify.Presets = append(c.Notify.Presets, config.Preset{Name: "thin", Label: "thin bank", BankHours: 0.25, CapHours: 1})
		c.Notify.Deadline = "thin"
	})
	g := e.startGame(gametest.ID, "thin", 2, 3, game.Options{"votes": "false"})
	pos, _ := e.st.Current(e.ctx, g.ID)
	if d := deadlineOf(t, e, g.ID, pos.State.ToAct()[0].Seat); !d.DueAt.Equal(epoch.Add(time.Hour)) {
		t.Errorf("a 15-minute bank gives a deadline at %v, want one hour after %v", d.DueAt, epoch)
	}
}
