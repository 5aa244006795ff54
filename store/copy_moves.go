package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"rondel/game"
	"rondel/game/record"
)

// moveForms returns what Copy does to each row of the moves table, read
// in the order the moves were played: the move is written in its stored
// form (storedForm), so a copy keeps no field a move of an older database
// carried that the engine does not use. Each game is replayed from its
// start as the rows come; a game whose kind this build does not host, or
// whose log does not replay, is copied as it is (verify, which rondel copy
// runs on the target, names it).
func (s *Store) moveForms(ctx context.Context) func(cols []string, vals []any) error {
	var (
		gameID    int64 = -1
		st, prev  game.State
		replaying bool
	)
	return func(cols []string, vals []any) error {
		at := func(name string) int { return slices.Index(cols, name) }
		iGame, iSeat, iMove, iBack := at("game_id"), at("seat"), at("move"), at("take_back")
		if iGame < 0 || iSeat < 0 || iMove < 0 || iBack < 0 {
			return fmt.Errorf("the moves table lacks a column Rondel writes: %v", cols)
		}
		id, ok := vals[iGame].(int64)
		if !ok {
			return fmt.Errorf("a move's game_id is %T", vals[iGame])
		}
		if id != gameID {
			gameID, st, prev, replaying = id, nil, nil, false
			if g, err := s.GameRow(ctx, id); err == nil && g.Started() {
				if _, err := s.reg.Get(g.Kind); err == nil {
					st, err = s.initialState(s.db.WithContext(ctx), g)
					replaying = err == nil
				}
			}
		}
		if !replaying {
			return nil
		}
		if boolOf(vals[iBack]) {
			vals[iMove] = string(record.TakeBackMove)
			st, prev = prev, nil
			replaying = st != nil
			return nil
		}
		seat, _ := vals[iSeat].(int64)
		move := json.RawMessage(textOf(vals[iMove]))
		next, _, err := st.Apply(int(seat), move)
		if err != nil {
			replaying = false // the rest of this game is copied as it is
			return nil
		}
		form, err := storedForm(st, next, int(seat), move, false)
		if err != nil {
			replaying = false
			return nil
		}
		vals[iMove] = string(form)
		st, prev = next, st
		return nil
	}
}

// boolOf reads a boolean column as either database returns it.
func boolOf(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case int64:
		return x != 0
	}
	return false
}

// textOf reads a text column as either database returns it.
func textOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []byte:
		return string(x)
	}
	return ""
}
