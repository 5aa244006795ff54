package notify

import "rondel/store"

// seatClockRow is a seat clock as the transaction last read or wrote it,
// and whether its row exists.
type seatClockRow struct {
	sc    store.SeatClock
	found bool
}

// seatClock returns a copy of a seat's clock (the game's bank when it has
// no row yet). The first call reads every seat's clock in one query: a
// move reads the mover's clock (timeouts, time bank) and the next seat's.
func (s *Service) seatClock(tx *store.NotifyTx, v *gameView, seat int) (*store.SeatClock, error) {
	if v.clocks == nil {
		rows, err := tx.SeatClocks(v.game.ID)
		if err != nil {
			return nil, err
		}
		v.clocks = make(map[int]seatClockRow, len(v.seats))
		for _, sc := range rows {
			v.clocks[sc.Seat] = seatClockRow{sc: sc, found: true}
		}
	}
	r, ok := v.clocks[seat]
	if !ok {
		r.sc = store.SeatClock{GameID: v.game.ID, Seat: seat, BankSecs: v.clock.BankSecs}
	}
	sc := r.sc
	return &sc, nil
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
