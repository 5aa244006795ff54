// Package reply reads a player's answer to a turn mail: the new text the
// player wrote (quotes, quote headers and signatures of the common mail
// clients stripped) and the moves that text asks for, checked as a whole
// against the game's legal moves. It knows a game only through the
// contract in rondel/game and the words of rondel/game/words.
package reply

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"strings"

	"golang.org/x/text/encoding/htmlindex"
)

// maxBody bounds what is read of one part: a reply of moves is short, and
// a huge attachment must not cost memory.
const maxBody = 1 << 20

// Body returns the new text of a raw RFC 5322 reply: its text/plain part
// (or its HTML part read as text when there is none), with quoted text,
// quote headers and the signature removed.
func Body(raw []byte) (string, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return "", fmt.Errorf("reply: read message: %w", err)
	}
	text, isHTML, err := pickPart(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body, 0)
	if err != nil {
		return "", fmt.Errorf("reply: read body: %w", err)
	}
	if isHTML {
		text = htmlText(text)
	}
	return NewText(text), nil
}

// pickPart finds the best text of a part: text/plain wins over text/html
// at any depth of multipart/alternative or multipart/mixed.
func pickPart(ctype, cte string, body io.Reader, depth int) (text string, isHTML bool, err error) {
	if ctype == "" {
		ctype = "text/plain; charset=us-ascii"
	}
	media, params, err := mime.ParseMediaType(ctype)
	if err != nil {
		media, params = "text/plain", map[string]string{}
	}
	if strings.HasPrefix(media, "multipart/") {
		if depth > 8 || params["boundary"] == "" {
			return "", false, fmt.Errorf("multipart without boundary or nested too deep")
		}
		return pickMultipart(multipart.NewReader(body, params["boundary"]), depth)
	}
	if media != "text/plain" && media != "text/html" {
		return "", false, nil
	}
	s, err := decodePart(cte, params["charset"], body)
	return s, media == "text/html", err
}

func pickMultipart(mr *multipart.Reader, depth int) (string, bool, error) {
	var html string
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", false, err
		}
		if strings.HasPrefix(strings.ToLower(p.Header.Get("Content-Disposition")), "attachment") {
			continue
		}
		// multipart.Reader already undoes quoted-printable and drops the header.
		cte := p.Header.Get("Content-Transfer-Encoding")
		text, isHTML, err := pickPart(p.Header.Get("Content-Type"), cte, p, depth+1)
		if err != nil {
			return "", false, err
		}
		switch {
		case text == "":
		case !isHTML:
			return text, false, nil
		case html == "":
			html = text
		}
	}
	return html, html != "", nil
}

// decodePart undoes the transfer encoding and the charset.
func decodePart(cte, charset string, body io.Reader) (string, error) {
	r := io.LimitReader(body, maxBody)
	switch strings.ToLower(strings.TrimSpace(cte)) {
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, &stripSpace{r: r})
	case "quoted-printable":
		r = quotedprintable.NewReader(r)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return "", err
	}
	charset = strings.ToLower(strings.TrimSpace(charset))
	if charset == "" || charset == "utf-8" || charset == "us-ascii" {
		return strings.ToValidUTF8(string(data), "\uFFFD"), nil
	}
	enc, err := htmlindex.Get(charset)
	if err != nil {
		return strings.ToValidUTF8(string(data), "\uFFFD"), nil
	}
	out, err := enc.NewDecoder().Bytes(data)
	if err != nil {
		return strings.ToValidUTF8(string(data), "\uFFFD"), nil
	}
	return string(out), nil
}

// stripSpace drops line breaks and blanks, which base64 bodies carry
// between their lines.
type stripSpace struct{ r io.Reader }

func (s *stripSpace) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	j := 0
	for _, b := range p[:n] {
		if b != '\r' && b != '\n' && b != ' ' && b != '\t' {
			p[j] = b
			j++
		}
	}
	return j, err
}
