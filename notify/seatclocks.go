package notify

import "rondel/store"

// seatClockRow is a seat clock as the transaction last read or wrote it,
// and whether its row exists.
type seatClockRow struct {
	sc    store.SeatClock
	found bool
}

// seatClock returns a copy of a seat's clock (the game's bank when it has
// no row yet), read once per view: a move reads the mover's clock for its
// timeouts and again for its time bank.
func (s *Service) seatClock(tx *store.NotifyTx, v *gameView, seat int) (*store.SeatClock, error) {
	if r, ok := v.clocks[seat]; ok {
		sc := r.sc
		return &sc, nil
	}
	sc, found, err := tx.SeatClock(v.game.ID, seat)
	if err != nil {
		return sc, err
	}
	if !found {
		sc.BankSecs = v.clock.BankSecs
	}
	if v.clocks == nil {
		v.clocks = map[int]seatClockRow{}
	}
	v.clocks[seat] = seatClockRow{sc: *sc, found: found}
	return sc, nil
}

// saveSeatClock writes a seat's clock unless its row already says the
// same: a time bank at its cap stays there move after move.
func (s *Service) saveSeatClock(tx *store.NotifyTx, v *gameView, sc *store.SeatClock) error {
	if r, ok := v.clocks[sc.Seat]; ok && r.found && r.sc == *sc {
		return nil
	}
	if err := tx.SaveSeatClock(sc); err != nil {
		return err
	}
	if v.clocks == nil {
		v.clocks = map[int]seatClockRow{}
	}
	v.clocks[sc.Seat] = seatClockRow{sc: *sc, found: true}
	return nil
}
