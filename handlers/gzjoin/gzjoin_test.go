package gzjoin

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"hash/crc32"
	"io"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// gunzip reads body as gzip, failing the test if it is not one whole,
// valid member (the reader checks the CRC and the length).
func gunzip(t interface{ Fatalf(string, ...any) }, body []byte) string {
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("gzip header: %v", err)
	}
	zr.Multistream(false)
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gzip body: %v", err)
	}
	if rest, _ := io.ReadAll(zr); len(rest) != 0 {
		t.Fatalf("%d bytes after the member", len(rest))
	}
	return string(out)
}

func TestCombineIsTheCRCOfTheJoinedText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.SliceOfN(rapid.Byte(), 0, 3000).Draw(t, "a")
		b := rapid.SliceOfN(rapid.Byte(), 0, 3000).Draw(t, "b")
		want := crc32.ChecksumIEEE(append(append([]byte{}, a...), b...))
		if got := Combine(crc32.ChecksumIEEE(a), crc32.ChecksumIEEE(b), uint64(len(b))); got != want {
			t.Fatalf("Combine = %08x, want %08x (len a %d, b %d)", got, want, len(a), len(b))
		}
	})
}

func TestCombineOverLongTexts(t *testing.T) {
	// Lengths past 64 KB and a few MB: xPow's higher powers.
	for _, n := range []int{1, 255, 65535, 65536, 1 << 20, 3<<20 + 7} {
		a := []byte(strings.Repeat("rondel ", 11))
		b := bytes.Repeat([]byte{0xa5, 0x00, 0x3c}, n/3+1)[:n]
		want := crc32.ChecksumIEEE(append(append([]byte{}, a...), b...))
		if got := Combine(crc32.ChecksumIEEE(a), crc32.ChecksumIEEE(b), uint64(n)); got != want {
			t.Errorf("len %d: Combine = %08x, want %08x", n, got, want)
		}
	}
}

// TestJoinedBodyReadsAsTheText lays texts written as they are and pieces
// compressed at every level in any order, and reads the body with the
// standard library's gzip reader: the text, in order, CRC and length
// checked.
func TestJoinedBodyReadsAsTheText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		alphabet := rapid.SampledFrom([]string{"<svg>", "</g>", "é", "\x00", "a", " ", "\n", "Wien", "<path d=\"M1 2\"/>"})
		text := func(label string) string {
			parts := rapid.SliceOfN(alphabet, 0, rapid.IntRange(0, 400).Draw(t, label+" len")).Draw(t, label)
			return strings.Join(parts, "")
		}
		w := NewWriter(make([]byte, 0, rapid.IntRange(0, 100).Draw(t, "room")))
		var want strings.Builder
		for i, n := 0, rapid.IntRange(0, 8).Draw(t, "pieces"); i < n; i++ {
			s := text("text")
			if rapid.Bool().Draw(t, "compressed") {
				p, err := Compress(s, rapid.IntRange(flate.HuffmanOnly, flate.BestCompression).Draw(t, "level"))
				if err != nil {
					t.Fatal(err)
				}
				w.Piece(p)
			} else {
				w.WriteString(s)
			}
			want.WriteString(s)
			if w.Len() != want.Len() {
				t.Fatalf("Len %d, written %d", w.Len(), want.Len())
			}
		}
		if got := gunzip(t, w.Finish()); got != want.String() {
			t.Fatalf("read back %q, want %q", got, want.String())
		}
	})
}

// TestLongTextSpansStoredBlocks writes text past a stored block's 65,535
// bytes, in one write and in many, between pieces.
func TestLongTextSpansStoredBlocks(t *testing.T) {
	long := strings.Repeat("0123456789abcdef", 10000) // 160,000 bytes
	p, err := Compress(strings.Repeat("<use href=\"#x\"/>", 3000), flate.DefaultCompression)
	if err != nil {
		t.Fatal(err)
	}
	w := NewWriter(nil)
	w.WriteString(long)
	w.Piece(p)
	for i := 0; i < len(long); i += 7000 {
		w.WriteString(long[i:min(i+7000, len(long))])
	}
	want := long + strings.Repeat("<use href=\"#x\"/>", 3000) + long
	if got := gunzip(t, w.Finish()); got != want {
		t.Fatalf("read back %d bytes, want %d", len(got), len(want))
	}
}

func TestEmptyBodyIsAValidMember(t *testing.T) {
	if got := gunzip(t, NewWriter(nil).Finish()); got != "" {
		t.Fatalf("read back %q", got)
	}
	p, err := Compress("", flate.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	w := NewWriter(nil)
	w.Piece(p)
	w.WriteString("")
	if got := gunzip(t, w.Finish()); got != "" {
		t.Fatalf("read back %q", got)
	}
}

func TestCompressRefusesABadLevel(t *testing.T) {
	if _, err := Compress("x", 42); err == nil {
		t.Fatal("level 42 accepted")
	}
}

func BenchmarkJoinPage(b *testing.B) {
	board, _ := Compress(strings.Repeat("<path d=\"M10 20 L30 40\" class=\"land\"/>", 800), flate.DefaultCompression)
	account, _ := Compress(strings.Repeat("<tr><td>Austria</td><td>12</td></tr>", 1700), flate.DefaultCompression)
	head := strings.Repeat("<a href=\"/\">x</a>", 300)
	buf := make([]byte, 0, 64<<10)
	b.ReportAllocs()
	for b.Loop() {
		w := NewWriter(buf)
		w.WriteString(head)
		w.Piece(board)
		w.WriteString(head)
		w.Piece(account)
		w.WriteString(head)
		buf = w.Finish()
	}
}
