// Package store keeps Rondel's data in SQLite (or PostgreSQL) through
// GORM. The append-only move log is the truth: everything else about a
// game (its summary, a snapshot of its state every few moves, the ladders
// and reliabilities) is derived data, written in the same transaction as
// the change that causes it and rebuilt from the logs by Tools().Rebuild.
// Replayed states are kept in a cache bounded in bytes.
//
// The parts, by file:
//
//   - The game log and its derived data, on *Store: games.go (creating a
//     game), moves.go, takeback.go, messages.go, manage.go and
//     manage_play.go (the lifecycle), dialect.go (takeGame/lockGame: every
//     change to a game locks it first), load.go and cache.go (states),
//     canonical.go, derived.go, move_progress.go (the round and side after
//     each move, for the history), reliability.go, ladder.go (rating a
//     game as it ends), accounts.go (a game's account), listing.go,
//     club.go and history.go (what pages list), live.go (news of changes).
//   - notify's view of a move's transaction: NotifyTx (notify_tx.go) and
//     its tables (notify_models.go, notify_ops.go); intents.go holds the
//     turn mails a move decided on, rendered after its commit; mail.go is
//     the local mailbox.
//   - Parts with a type of their own, reached from the store: Outbox
//     (outbox.go: the mails and notices to send, for the sender), SignIn (signin.go: magic links, sessions), Ratings (ladder_read.go:
//     reading the ladders), Calendar (calendar.go: the calendar feed),
//     Webhooks (webhooks.go: the chats' webhooks) and Tools (rebuild.go,
//     verify.go, verify_derived.go: the operator's rebuild and verify;
//     copy.go and copy_moves.go hold Copy).
//   - A cache kept in the database: page_parts.go holds finished games'
//     page parts as handlers drew and said them, per build and language,
//     dropped whenever a game's derived data is written again;
//     page_zparts.go the same parts compressed, kept and dropped with them.
//   - Members (members.go: profile, language, invitation links), limits on
//     what a member may do per day (limits.go), names (names.go), export
//     and import of records (export.go, import.go).
//   - The database itself: store.go (opening), migrate.go, models.go,
//     scan.go, queryplan.go.
//
// Every error the store returns says which operation failed (errors.go).
package store
