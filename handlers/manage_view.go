package handlers

import (
	"context"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
)

// manageView is what the game page offers to manage the game: for its
// creator while it waits for players, for anyone to join its open seats,
// for a player while it is in play; and how it ended, if not by its rules.
type manageView struct {
	Ending      string // "the game was cancelled" ..., in words
	Creator     bool   // the viewer created the game, which waits for players
	Invitations []invitationRow
	OpenSeats   int
	CanJoin     bool
	// In play (only when notify runs: its caretaker plays resigned seats).
	CanResign  bool
	Resigned   bool     // the viewer resigned their seat: no move form
	CanPropose bool     // the engine scores an early end, the viewer plays
	Agreed     []string // who agrees to end the game now
	YouAgreed  bool
	Seq        int
}

// invitationRow is one seat nobody has accepted yet, for the creator.
type invitationRow struct {
	Seat  int
	Name  string
	State string // when the link runs out, that it ran out or was not delivered
	Alert bool   // it needs the creator: ran out or not delivered
}

// endingKeys say how a game ended other than by its rules.
var endingKeys = map[string]string{
	store.EndCancelled: "club.ending.cancelled",
	store.EndExpired:   "club.ending.expired",
	store.EndAgreed:    "club.ending.agreed",
}

// endingWords says in a word or two how a game ended other than by its
// rules, for a list of games ("" when it did not).
func endingWords(sp *words.Speaker, ending string) string {
	if _, ok := endingKeys[ending]; !ok {
		return ""
	}
	return sp.T("club.ended." + ending)
}

// manageOf builds the management part of the game page for userID, who
// sits in seat you (-1: none) and resigned it if resigned.
func (s *Server) manageOf(ctx context.Context, r *reader, pos *store.Position, userID int64, you int, resigned bool) (*manageView, error) {
	g := pos.Game
	m := &manageView{Seq: pos.Seq, OpenSeats: g.OpenSeats}
	if key, ok := endingKeys[g.Ending]; ok {
		m.Ending = r.sp.T(key)
	}
	switch g.Status {
	case store.StatusInviting:
		m.CanJoin = g.OpenSeats > 0 && you < 0
		if g.CreatedBy == nil || *g.CreatedBy != userID {
			return m, nil
		}
		m.Creator = true
		states, err := s.store.InvitationStates(ctx, g.ID)
		if err != nil {
			return nil, err
		}
		for _, st := range pos.Seats {
			if st.AcceptedAt != nil {
				continue
			}
			row := invitationRow{Seat: st.Seat, Name: st.Name}
			is, ok := states[st.Seat]
			switch {
			case !ok || is.Expired:
				row.State, row.Alert = r.sp.T("club.invitation.expired"), true
			case is.Failed:
				row.State, row.Alert = r.sp.T("club.invitation.failed"), true
			default:
				row.State = r.sp.T("club.invitation.expires", "when", r.dateTime(is.ExpiresAt))
			}
			m.Invitations = append(m.Invitations, row)
		}
	case store.StatusActive:
		if s.notify == nil || you < 0 {
			return m, nil
		}
		votes, err := s.store.EndVotes(ctx, g.ID)
		if err != nil {
			return nil, err
		}
		clock, err := s.store.SeatClockOf(ctx, g.ID, you)
		if err != nil {
			return nil, err
		}
		m.Resigned = resigned
		m.CanResign = !clock.Dropped
		_, ender := pos.State.(game.Ender)
		m.CanPropose = ender && m.CanResign
		sp := r.sp.WithNames(seatNames(pos.Seats))
		for _, st := range pos.Seats {
			if votes[st.Seat] {
				m.Agreed = append(m.Agreed, sp.Say(words.New("club.end.agrees").Seat("player", st.Seat)))
			}
		}
		m.YouAgreed = votes[you]
	}
	return m, nil
}

// markLeftSeats marks the seats the caretaker plays in a game that
// started (left: the seats SeatsLeft reads, each with whether its player
// resigned, else it was dropped after missed deadlines).
func markLeftSeats(sp *words.Speaker, left map[int]bool, seats []seatView) {
	for i := range seats {
		if resigned, ok := left[seats[i].Seat]; ok {
			seats[i].Left = sp.T("pages.game.caretaker")
			if resigned {
				seats[i].Left = sp.T("pages.game.resigned")
			}
		}
	}
}
