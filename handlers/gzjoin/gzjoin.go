// Package gzjoin writes a gzip body out of text compressed once, ahead of
// time, and text written as the request is answered: a page whose large
// parts (a board, a finished game's account) are kept compressed goes out
// compressed without compressing them again per request, and what is the
// reader's own goes as it is, uncompressed (a few kilobytes).
//
// It rests on two properties of the formats. Deflate (RFC 1951) data
// ended by a sync flush is whole blocks ending on a byte, none of them
// final, so such pieces, and stored (uncompressed) blocks, can be laid end
// to end, and one final empty block closes the stream; a piece compressed
// on its own refers to nothing before it. Gzip's trailer (RFC 1952) is the
// CRC-32 and length of the whole text, and the CRC of two texts joined is
// found from theirs and the second's length (Combine), so no piece is
// read again to say it.
package gzjoin

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/crc32"
)

// Piece is a text compressed once: raw deflate data ended by a sync flush
// (byte-aligned, no final block), with the text's CRC-32 (IEEE, as gzip
// says it) and length.
type Piece struct {
	Z   []byte
	CRC uint32
	N   uint32
}

// Compress compresses text into a Piece at level (compress/flate's).
func Compress(text string, level int) (Piece, error) {
	var buf bytes.Buffer
	buf.Grow(len(text)/4 + 64)
	zw, err := flate.NewWriter(&buf, level)
	if err != nil {
		return Piece{}, fmt.Errorf("gzjoin: compress: %w", err)
	}
	if _, err := zw.Write([]byte(text)); err != nil {
		return Piece{}, fmt.Errorf("gzjoin: compress: %w", err)
	}
	// Flush, not Close: Close would end with a final block, and the
	// piece must let what follows it go on in the same stream.
	if err := zw.Flush(); err != nil {
		return Piece{}, fmt.Errorf("gzjoin: compress: %w", err)
	}
	if uint64(len(text)) > 1<<32-1 {
		return Piece{}, fmt.Errorf("gzjoin: compress: a text of %d bytes", len(text))
	}
	return Piece{Z: bytes.Clone(buf.Bytes()), CRC: crc32.ChecksumIEEE([]byte(text)), N: uint32(len(text))}, nil
}

// header is a gzip member's header: deflate, no name, no time, no flags,
// the operating system unknown.
var header = [10]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}

// maxStored is the most a stored block holds.
const maxStored = 1<<16 - 1

// Writer writes one gzip member into a byte slice. Text written to it
// goes out in stored blocks; a Piece goes out as it was compressed. Its
// zero value is not ready: use NewWriter.
type Writer struct {
	out  []byte
	run  int // where the open stored block's header is, -1 if none is open
	crc  uint32
	size uint32 // the text's length modulo 2^32, as gzip's trailer says it
}

// NewWriter starts a gzip member in buf's room (buf is reused; its
// contents are dropped).
func NewWriter(buf []byte) *Writer {
	w := &Writer{out: append(buf[:0], header[:]...), run: -1}
	return w
}

// WriteString writes s uncompressed. It never fails.
func (w *Writer) WriteString(s string) (int, error) {
	n := len(s)
	for len(s) > 0 {
		if w.run < 0 {
			w.run = len(w.out)
			w.out = append(w.out, 0, 0, 0, 0, 0) // said when the block is closed
		}
		room := maxStored - (len(w.out) - w.run - 5)
		k := min(room, len(s))
		w.out = append(w.out, s[:k]...)
		s = s[k:]
		if len(s) > 0 {
			w.closeRun()
		}
	}
	return n, nil
}

// Write writes p uncompressed. It never fails.
func (w *Writer) Write(p []byte) (int, error) { return w.WriteString(string(p)) }

// closeRun says the open stored block's length and adds its text to the
// CRC and the length.
func (w *Writer) closeRun() {
	if w.run < 0 {
		return
	}
	text := w.out[w.run+5:]
	n := len(text)
	if n == 0 {
		w.out = w.out[:w.run] // an empty block says nothing
	} else {
		h := w.out[w.run : w.run+5]
		h[0] = 0 // not final; stored
		binary.LittleEndian.PutUint16(h[1:], uint16(n))
		binary.LittleEndian.PutUint16(h[3:], ^uint16(n))
		w.crc = crc32.Update(w.crc, crc32.IEEETable, text)
		w.size += uint32(n)
	}
	w.run = -1
}

// Piece writes p's compressed text.
func (w *Writer) Piece(p Piece) {
	w.closeRun()
	w.out = append(w.out, p.Z...)
	w.crc = Combine(w.crc, p.CRC, uint64(p.N))
	w.size += p.N
}

// Len is the length of the text written so far (modulo 2^32).
func (w *Writer) Len() int { return int(w.size) + w.open() }

func (w *Writer) open() int {
	if w.run < 0 {
		return 0
	}
	return len(w.out) - w.run - 5
}

// Finish ends the member and returns it: the header, the blocks, a final
// empty block and the trailer. The Writer is not to be used after.
func (w *Writer) Finish() []byte {
	w.closeRun()
	w.out = append(w.out, 1, 0, 0, 0xff, 0xff) // final, stored, empty
	w.out = binary.LittleEndian.AppendUint32(w.out, w.crc)
	w.out = binary.LittleEndian.AppendUint32(w.out, w.size)
	return w.out
}
