package notify

import (
	"bytes"
	"fmt"
	"regexp"
	"testing"
	"time"

	"rondel/store"
)

// TestEncodedPictureSameMessage: the DATA a session writes with the
// pictures' base64 encoded once and put in their stand-ins' places is
// the DATA of the message go-mail writes encoding them itself, byte for
// byte but for the random MIME boundaries: for the real board picture of
// an Imperial turn mail, for sizes whose base64 ends mid-line, on a
// line's end, or is empty, and for two pictures in one mail.
func TestEncodedPictureSameMessage(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, noQuiet)
	e.startGame("imperial", "encoded", 3, 7, nil)
	turns := e.outbox(kindTurn)
	if len(turns) == 0 {
		t.Fatal("no turn mail")
	}
	board := e.svc.mailInlines(e.ctx, turns[0])
	if len(board) != 1 || board[0].B64 == nil {
		t.Fatalf("the turn mail's picture: %d parts, or no base64 kept", len(board))
	}
	tr := SMTPTransport{From: "Rondel <rondel@rondel.example>", Now: func() time.Time { return epoch }}
	part := func(n int, data []byte) inline {
		return inline{CID: fmt.Sprintf("p%d@rondel.example", n), Name: "board.png", Data: data, B64: mimeBase64(data)}
	}
	cases := map[string][]inline{"board": board, "two": {board[0], part(2, []byte("second"))}}
	for _, n := range []int{0, 1, 56, 57, 58, 114, 1000} {
		cases[fmt.Sprint(n, " bytes")] = []inline{part(1, bytes.Repeat([]byte{0xfb, 0x01, '.'}, n)[:n])}
	}
	for name, parts := range cases {
		plain := make([]inline, len(parts))
		for i, p := range parts {
			plain[i] = inline{CID: p.CID, Name: p.Name, Data: p.Data}
		}
		msg, err := tr.message(turns[0], plain...)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := msg.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		want := append(dotStuff(nil, b.Bytes()), ".\r\n"...)
		got := sessionData(t, tr, turns[0], parts)
		if w, g := boundaries(want), boundaries(got); !bytes.Equal(w, g) {
			t.Errorf("%s: the DATA with the pictures encoded before differs (%d bytes, want %d)", name, len(g), len(w))
		}
	}
}

// sessionData is the DATA a session writes for m with parts.
func sessionData(t *testing.T, tr SMTPTransport, m store.OutboxMail, parts []inline) []byte {
	t.Helper()
	s := &smtpSession{t: tr}
	msg, err := tr.message(m, s.standIns(parts)...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := msg.WriteTo(&s.buf); err != nil {
		t.Fatal(err)
	}
	if err := s.stuff(); err != nil {
		t.Fatal(err)
	}
	return s.out
}

var boundaryRE = regexp.MustCompile(`boundary=("?)([0-9a-zA-Z'()+_,\-./:=?]+)`)

// boundaries names a message's MIME boundaries in the order they come.
func boundaries(b []byte) []byte {
	for i, sm := range boundaryRE.FindAllSubmatch(b, -1) {
		b = bytes.ReplaceAll(b, sm[2], fmt.Appendf(nil, "BOUNDARY-%d", i))
	}
	return b
}
