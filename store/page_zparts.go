package store

import (
	"context"
	"database/sql"

	"gorm.io/gorm"
)

// A game's kept page parts compressed (migration 00320): what handlers
// compressed of a page_parts row, for readers whose browsers take gzip.
// Made, replaced and dropped with the game's page_parts row, in the same
// transactions, so a row of one is never older than the other's.

// ZRow is one row of compressed parts: Viewer ZShared holds what every
// viewer's page shows, -1 the viewer with no seat's own, else a seat's.
type ZRow struct {
	Viewer int
	Recent string // the last moves in words (the shared row's)
	Last   string // what a take-back asks of the last move (a game in play's shared row)
	Parts  []byte
}

// ZShared is the viewer of the row every viewer reads.
const ZShared = -2

// PageZ is what a page of one viewer reads of a game's compressed parts.
type PageZ struct {
	Status string
	Recent string // the last moves in words
	Last   string // what a take-back asks of the last move
	Shared []byte // the parts every viewer's page shows
	Own    []byte // the viewer's own
}

// PageZAt returns game gameID's compressed parts in lang made by version
// at moves moves with players' names names, those every viewer reads and
// viewer's (found false if either row is missing or of another move or
// names). One statement reads the two rows.
func (s *Store) PageZAt(ctx context.Context, gameID int64, version, lang string, moves int, names uint64, viewer int) (PageZ, bool, error) {
	type zrow struct {
		viewer               int
		status, recent, last string
		parts                []byte
	}
	rows, err := readRowsCap(ctx, s, 2, func(r *sql.Rows) (zrow, error) {
		var z zrow
		return z, r.Scan(&z.viewer, &z.status, &z.recent, &z.last, &z.parts)
	}, `SELECT viewer, status, recent, last, parts FROM page_zparts WHERE game_id = ? AND version = ? AND lang = ? AND viewer IN (?, ?) AND moves = ? AND names = ?`,
		gameID, version, lang, ZShared, viewer, moves, int64(names))
	if err != nil {
		return PageZ{}, false, wrapErr(err, "store: compressed page parts of game %d", gameID)
	}
	var z PageZ
	found := 0
	for _, r := range rows {
		switch r.viewer {
		case ZShared:
			z.Status, z.Recent, z.Last, z.Shared = r.status, r.recent, r.last, r.parts
			found |= 1
		case viewer:
			z.Own = r.parts
			found |= 2
		}
	}
	return z, found == 3, nil
}

// keepZRows writes p's compressed rows in place of the game's in its
// version and language, in tx (KeepPageParts' transaction, after the
// page_parts row was written: the moves it took are read back from it).
func keepZRows(tx *gorm.DB, p PageParts) error {
	if err := tx.Exec(`DELETE FROM page_zparts WHERE game_id = ? AND (version <> ? OR lang = ?)`, p.GameID, p.Version, p.Lang).Error; err != nil {
		return wrapErr(err, "drop compressed page parts")
	}
	for _, z := range p.Z {
		if err := tx.Exec(`INSERT INTO page_zparts (game_id, version, lang, viewer, moves, names, status, recent, last, parts)
			SELECT game_id, version, lang, ?, moves, names, status, ?, ?, ? FROM page_parts WHERE game_id = ? AND version = ? AND lang = ?`,
			z.Viewer, z.Recent, z.Last, z.Parts, p.GameID, p.Version, p.Lang).Error; err != nil {
			return wrapErr(err, "keep compressed page parts")
		}
	}
	return nil
}
