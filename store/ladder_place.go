package store

import (
	"database/sql"
	"fmt"
	"strconv"

	"gorm.io/gorm"

	"rondel/store/rating"
)

// Each row of a ladder keeps its place (ladder_ratings.place, migration
// 00270): 1 for the best, in the ladder's order (ordinal descending, then
// the member id as text, as rating.RankTable orders). The places are
// derived data: a rebuild writes them in the table's order, a rating
// that changes moves its row and shifts by one the rows it passes, and
// verify checks them. A page of the ladder, its total and the reader's
// place are then index seeks, whatever the number of members; the cost
// moves to the rated game's end, which shifts the rows between a
// member's old and new place.

// ladderOrder is the ladder's order as SQL writes it; the index
// ladder_ratings_order is on these very expressions.
const ladderOrder = `ordinal DESC, CAST(user_id AS TEXT)`

// placeNear returns the place of the row nearest key in the ladder's
// order, on one side: after (the first row after the key, or at it when
// at is true) or before it (the last row before it); 0 when there is
// none. A row of member skip (0: none) is passed over, as if it were not
// on the ladder. Each side is two seeks in ladder_ratings_order: among
// the key's ties, then beyond them.
func placeNear(db *gorm.DB, kind, ladder string, key LadderKey, after, at bool, skip int64) (int, error) {
	tie, beyond, order := `>`, `<`, ladderOrder
	if at {
		tie = `>=`
	}
	if !after {
		tie, beyond, order = `<`, `>`, `ordinal, CAST(user_id AS TEXT) DESC`
	}
	const from = `SELECT place FROM ladder_ratings WHERE kind = ? AND ladder = ? AND user_id <> ? AND `
	var place []int
	err := db.Raw(`SELECT COALESCE((`+from+`ordinal = ? AND CAST(user_id AS TEXT) `+tie+` ? ORDER BY `+order+` LIMIT 1),
		(`+from+`ordinal `+beyond+` ? ORDER BY `+order+` LIMIT 1), 0)`,
		kind, ladder, skip, key.Ordinal, key.Member, kind, ladder, skip, key.Ordinal).Scan(&place).Error
	if err != nil || len(place) == 0 {
		return 0, wrapErr(err, "place near %s", key)
	}
	return place[0], nil
}

// rankAt returns the rank of a row at ordinal: the place of the first
// row of that ordinal (ties share the best of their places).
func rankAt(db *gorm.DB, kind, ladder string, ordinal float64) (int, error) {
	var place int64
	err := scanOne(db, `SELECT place FROM ladder_ratings WHERE kind = ? AND ladder = ? AND ordinal = ? ORDER BY `+ladderOrder+` LIMIT 1`,
		[]any{kind, ladder, ordinal}, &place)
	if err != nil {
		return 0, fmt.Errorf("rank at %g: %w", ordinal, err)
	}
	return int(place), nil
}

// ladderTotal is the number of places on a ladder: its last place.
func ladderTotal(db *gorm.DB, kind, ladder string) (int, error) {
	var total int64
	err := scanOne(db, `SELECT COALESCE(MAX(place), 0) FROM ladder_ratings WHERE kind = ? AND ladder = ?`, []any{kind, ladder}, &total)
	return int(total), wrapErr(err, "ladder total")
}

// movePlace makes room for a member's row at the place its new ordinal
// gives it and returns that place. The rows it passes shift by one
// toward the place it left, so the places stay 1 to n in the ladder's
// order. The row's place now is read here, not by the caller: moving one
// player of a game shifts the others'.
func movePlace(tx *gorm.DB, kind, ladder string, userID int64, ordinal float64) (int, error) {
	var now []int
	if err := tx.Raw(`SELECT place FROM ladder_ratings WHERE kind = ? AND ladder = ? AND user_id = ?`, kind, ladder, userID).Scan(&now).Error; err != nil {
		return 0, fmt.Errorf("move place (user %d): %w", userID, err)
	}
	old := 0 // not on the ladder yet
	if len(now) > 0 {
		old = now[0]
	}
	pred, err := placeNear(tx, kind, ladder, LadderKey{Ordinal: ordinal, Member: MemberID(userID)}, false, false, userID)
	if err != nil {
		return 0, err
	}
	const shift = `UPDATE ladder_ratings SET place = place %s 1 WHERE kind = ? AND ladder = ? AND place >= ? AND place <= ?`
	var q, lo, hi int
	var op string
	switch {
	case old == 0: // a new row: everyone after it moves down
		q, lo, hi, op = pred+1, pred+1, int(^uint32(0)>>1), "+"
	case pred < old: // up the ladder: those it passes move down
		q, lo, hi, op = pred+1, pred+1, old-1, "+"
	default: // down: those it passes move up (pred's place, once it has left)
		q, lo, hi, op = pred, old+1, pred, "-"
	}
	if lo <= hi {
		if err := tx.Exec(fmt.Sprintf(shift, op), kind, ladder, lo, hi).Error; err != nil {
			return 0, fmt.Errorf("move place (user %d): %w", userID, err)
		}
	}
	return q, nil
}

// placesOf is each member's place on a table in the ladder's order, as
// "place member" lines (for verify).
func placesOf(table []rating.Standing) []string {
	var out []string // nil when empty, as storedPlaces reads none
	for i, st := range table {
		out = append(out, strconv.Itoa(i+1)+" "+st.Member)
	}
	return out
}

// storedPlaces is each member's stored place on a ladder, as placesOf
// says them, by place (ties in the order of the member ids as text, so a
// place held twice shows).
func storedPlaces(db *gorm.DB, kind, ladder string) ([]string, error) {
	out, err := queryRows(db, func(rs *sql.Rows) (string, error) {
		var place int
		var member int64
		err := rs.Scan(&place, &member)
		return strconv.Itoa(place) + " " + MemberID(member), err
	}, `SELECT place, user_id FROM ladder_ratings WHERE kind = ? AND ladder = ? ORDER BY place, `+ladderOrder, kind, ladder)
	return out, wrapErr(err, "stored places")
}
