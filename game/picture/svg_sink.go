package picture

// sink is where ops are written: bytes copied into a slice of their
// own, then to the drawing's builder at once. Each write to the builder
// (or appending to a slice) stores the slice's pointer, which while a
// collection runs goes through its write barrier: some 7% of a position
// layer's profile for a board's thousands of writes. A sink stores only how
// far it is written, its pointer only when it grows. Its methods are
// the builder's.
type sink struct {
	b []byte // its length is the room, n the bytes written
	n int
}

func (s *sink) WriteString(p string) {
	if len(s.b)-s.n < len(p) {
		s.grow(len(p))
	}
	s.n += copy(s.b[s.n:], p)
}

func (s *sink) Write(p []byte) {
	if len(s.b)-s.n < len(p) {
		s.grow(len(p))
	}
	s.n += copy(s.b[s.n:], p)
}

// WriteByte never fails (its error is io.ByteWriter's).
func (s *sink) WriteByte(c byte) error {
	if s.n == len(s.b) {
		s.grow(1)
	}
	s.b[s.n] = c
	s.n++
	return nil
}

// grow makes room for n more bytes, doubling the room.
func (s *sink) grow(n int) {
	b := make([]byte, max(2*len(s.b), s.n+n, 1<<10))
	copy(b, s.b[:s.n])
	s.b = b
}

// bytes is what was written.
func (s *sink) bytes() []byte { return s.b[:s.n] }
