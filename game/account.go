package game

import "rondel/game/words"

// Telling a game in numbers: the sides it is played for (the nations of
// Imperial, the players' colours in Cäsars Imperium), and an account of a
// whole game (plots of its course and a table of statistics) that a
// finished game's page shows. Both are optional: a page checks with a type
// assertion and leaves out what a game lacks.

// Side is one of the parties a board is coloured for.
type Side struct {
	ID     string     `json:"id"`     // the engine's id (a nation id, a colour id)
	Name   words.Text `json:"name"`   // its name, for a legend
	Colour string     `json:"colour"` // its drawing colour, "#rrggbb"
}

// Sider is implemented by states whose board is coloured by sides. The
// side whose turn it is comes with Progress (Progress.Side).
type Sider interface {
	Sides() []Side
}

// Chronicler is implemented by states that can follow a game from its
// start, move by move, and tell it in numbers at the end. Chronicle is
// called on the start position.
type Chronicler interface {
	Chronicle() Chronicle
}

// Chronicle follows one game: Step is told the position after each move
// and the move's events, in order; Account says what it saw, at any time.
type Chronicle interface {
	Step(after State, events []Event)
	Account() *Account
}

// Account is a game told in numbers: series over its course, to plot, and
// a table of statistics. It is data (words as catalogue texts, colours as
// "#rrggbb"), stored as JSON beside a finished game.
type Account struct {
	// X names what the series advance by (the round), and XStart is the
	// x of each series' first value (0: the start of the game).
	X      words.Text `json:"x"`
	XStart int        `json:"x_start"`
	Charts []Chart    `json:"charts"`
	Tables []Table    `json:"tables"`
}

// Chart is one plot: a line per series, all of the same length.
type Chart struct {
	Title  words.Text `json:"title"`
	Y      words.Text `json:"y"` // what the values count (power points, points)
	Series []Series   `json:"series"`
}

// Series is one line of a chart. Who it is about is a side (Side's id, in
// the account's colours) or a seat.
type Series struct {
	Name   words.Text `json:"name"`
	Colour string     `json:"colour"`
	Values []int      `json:"values"`
}

// Table is a table of statistics: a row per seat or side, a number per
// column.
type Table struct {
	Title   words.Text   `json:"title"`
	Head    words.Text   `json:"head"` // what the rows are (player, nation)
	Columns []words.Text `json:"columns"`
	Rows    []Row        `json:"rows"`
}

// Row is one line of a table. Colour is the side's colour, "" for none.
type Row struct {
	Name   words.Text   `json:"name"`
	Colour string       `json:"colour,omitempty"`
	Cells  []words.Text `json:"cells"`
}
