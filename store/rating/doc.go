// Package rating computes Rondel's club ladders: OpenSkill ratings (the
// Weng–Lin Bayesian approximation with the Plackett–Luce model) for
// free-for-all games in which every player is their own team, and the
// ladder tables, per-game rating changes, rating histories and seasons
// built from finished games.
//
// It is pure: no database, no I/O, no clock. The same games always give
// the same ladder, bit for bit, so a ladder can be rebuilt from the game
// logs at any time and an incremental update equals a rebuild.
//
// # The model
//
// Rate is checked to 1e-6 against the reference implementation, the npm
// package openskill version 5.0.1 (testdata/golden.json; how it was made
// is in testdata/gen/README.md). Parameters are openskill's: mu 25, sigma
// 25/3, beta 25/6, kappa 0.0001; the ordinal shown on the ladder is
// mu - 3 sigma, so a new player stands at 0. DefaultModel explains the one
// choice made here: tau 25/300 is added before every game, as openskill 5
// does by default, and sigma is limited so it never grows (openskill's
// limitSigma), which openskill leaves off by default.
//
// What holds, and is tested with random games: a sole winner's mu never
// falls and a sole last's never rises; sigma never grows (with tau only
// because of the limit: with tau and no limit it can, which the reference
// shows too); listing the players in another order changes nothing. A
// shared first place is a draw between those sharing it, so a strong
// player who shares first with a much weaker one can lose mu.
//
// # The ladder
//
// One Ladder per game (Imperial, Imperial 2030, ...), fed the finished
// rated games; which games are rated (created as rated, all seats human
// members) is the caller's decision. Games are rated in order of finishing
// time, then game id. Equal places are ties; players who timed out or were
// dropped share a rank below everyone else. A member is provisional until
// ProvisionalGames games. Wins count games finished first, alone or shared,
// and never a game the member was dropped from.
//
// Seasons (start dates from the config) each have their own ladder over
// the games in [start, next start), every member starting afresh; Ladders
// keeps the all-time and season ladders in step.
package rating
