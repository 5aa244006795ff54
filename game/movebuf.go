package game

// MoveBuf is memory a caller lends to an engine for its legal-move lists
// (ListMoves), kept from one listing to the next. The caretaker, the bots,
// the checks and self-play list thousands of positions one after another:
// with a MoveBuf each list reuses the moves, their JSON and their board
// acts of the list before, where LegalMoves allocates them anew.
//
// A list made in a MoveBuf is valid until the next listing into it: its
// moves, their Move bytes and their Board acts are then written over. A
// caller that keeps a move longer copies it (or uses LegalMoves). The zero
// MoveBuf is ready to use; a MoveBuf is not safe for concurrent use.
type MoveBuf struct {
	// The engine's working memory, exported so that engines in other
	// packages can fill it: the moves listed, the bytes their Move
	// slices point into, the acts their Board fields point to. Callers
	// read the list ListMoves returns, not these.
	Moves []LegalMove
	JSON  []byte
	Acts  []BoardAct
	// Scratch is the engine's own working memory between listings (a
	// route search's buffers, say), of a type only the engine knows;
	// Reset leaves it, the engine resets what it keeps there.
	Scratch any
}

// Reset makes the buffer's memory free for a new list (writing over the
// list before).
func (b *MoveBuf) Reset() {
	clear(b.Moves) // drop the old labels' references for the collector
	b.Moves, b.JSON, b.Acts = b.Moves[:0], b.JSON[:0], b.Acts[:0]
}

// MoveBufLister is a State that can list its legal moves into a lent
// MoveBuf: the same moves, in the same order, with the same labels,
// groups, JSON and board acts as LegalMoves.
type MoveBufLister interface {
	ListMoves(buf *MoveBuf, seat int) []LegalMove
}

// ListMoves lists seat's legal moves in st, into buf where the engine
// can (MoveBufLister), else as LegalMoves does. The list is valid until
// the next listing into buf.
func ListMoves(st State, buf *MoveBuf, seat int) []LegalMove {
	if l, ok := st.(MoveBufLister); ok && buf != nil {
		return l.ListMoves(buf, seat)
	}
	return st.LegalMoves(seat)
}
