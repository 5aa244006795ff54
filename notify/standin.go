package notify

import "crypto/rand"

// A picture's base64 is the same in every mail that carries it (a
// position's picture goes to each player, and a backlog may hold it many
// times), so a session does not have go-mail encode it again for each
// mail (it offers no way to hand it a part already encoded): go-mail
// writes the message around a stand-in, 57 bytes that are one line of
// base64, and the session writes the picture's base64, encoded once when
// it was drawn (mimeBase64), in that line's place (stuff, smtpdata.go).
// The message is the one go-mail would have written, byte for byte
// (TestEncodedPictureSameMessage).

// standInKey makes the stand-ins; random, so that no text of a mail holds
// one by chance.
var standInKey = func() [56]byte {
	var k [56]byte
	_, _ = rand.Read(k[:])
	return k
}()

// splice is a picture to write in place of its stand-in: line is the
// stand-in's base64 line with the end of the line before it.
type splice struct{ line, b64 []byte }

// standIns returns parts with stand-ins for the pictures whose base64 is
// known, and keeps those pictures in s.pics.
func (s *smtpSession) standIns(parts []inline) []inline {
	s.pics = s.pics[:0]
	if len(parts) == 0 {
		return parts
	}
	out := make([]inline, len(parts))
	for i, p := range parts {
		out[i] = p
		if p.B64 == nil || i > 255 {
			continue
		}
		stand := append(standInKey[:], byte(i))
		out[i].Data, out[i].B64 = stand, nil
		s.pics = append(s.pics, splice{line: append([]byte{'\n'}, mimeBase64(stand)...), b64: p.B64})
	}
	return out
}
