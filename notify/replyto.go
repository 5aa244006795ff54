package notify

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"encoding/binary"
	"net/mail"
	"strings"
)

// A turn mail's Reply-To is the club's address with a token after a plus,
// club+<token>@example.org. The token names the game, the seat, the move
// number of the decision it asks and the member it was mailed to, and is
// signed with the database's key (HMAC-SHA-256, truncated to 80 bits), so
// it cannot be made up or changed. It is base32 without padding, in small
// letters: a mail address's local part may be changed in case on the way,
// and base32 reads the same either way. It holds no secret: the numbers
// in it are no more than the game's page shows.

// replyMACBytes is how much of the HMAC the token keeps.
const replyMACBytes = 10

var replyEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// signToken is the MAC of a token's numbers. Each kind of token has its
// own prefix (the decision links' signatures another still), so no token
// reads as one of another kind.
func (s *Service) signToken(prefix string, payload []byte) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(prefix))
	m.Write(payload)
	return m.Sum(nil)[:replyMACBytes]
}

// ReplyToken encodes the decision a reply answers (Choice is not kept).
func (s *Service) ReplyToken(l DecisionLink) string {
	return s.encodeToken("reply-to\x00", l.Game, int64(l.Seat), int64(l.Seq), l.User)
}

// ParseReplyToken checks and decodes a token (any case).
func (s *Service) ParseReplyToken(tok string) (DecisionLink, error) {
	n, err := s.decodeToken(tok, "reply-to\x00", 4)
	if err != nil {
		return DecisionLink{}, err
	}
	return DecisionLink{Game: n[0], Seat: int(n[1]), Seq: int(n[2]), User: n[3], Choice: -1}, nil
}

// decodeToken checks a token signed with the MAC prefix and decodes its
// count numbers.
func (s *Service) decodeToken(tok, prefix string, count int) ([]int64, error) {
	b, err := replyEncoding.DecodeString(strings.ToUpper(tok))
	if err != nil || len(b) <= replyMACBytes {
		return nil, ErrBadLink
	}
	// The last letter may carry bits beyond the last byte, which the
	// decoder ignores: only the token's one spelling is accepted, so no
	// changed letter reads as the same token.
	if !strings.EqualFold(replyEncoding.EncodeToString(b), tok) {
		return nil, ErrBadLink
	}
	payload, mac := b[:len(b)-replyMACBytes], b[len(b)-replyMACBytes:]
	if !hmac.Equal(mac, s.signToken(prefix, payload)) {
		return nil, ErrBadLink
	}
	n := make([]int64, count)
	for i := range n {
		v, k := binary.Uvarint(payload)
		if k <= 0 || v > 1<<53 {
			return nil, ErrBadLink
		}
		n[i], payload = int64(v), payload[k:]
	}
	if len(payload) != 0 {
		return nil, ErrBadLink
	}
	return n, nil
}

// encodeToken is the token of numbers (none negative) signed with prefix.
func (s *Service) encodeToken(prefix string, nums ...int64) string {
	var b []byte
	for _, n := range nums {
		b = binary.AppendUvarint(b, uint64(n))
	}
	b = append(b, s.signToken(prefix, b)...)
	return strings.ToLower(replyEncoding.EncodeToString(b))
}

// replyAddress is the Reply-To of a mail asking l; "" when replies are off.
func (s *Service) replyAddress(l DecisionLink) string {
	if !s.replies.Enabled || s.clubLocal == "" {
		return ""
	}
	return s.clubLocal + "+" + s.ReplyToken(l) + "@" + s.clubDomain
}

// recipientHeaders are where a message's recipient may be read, the
// mail server's own record of the envelope first.
var recipientHeaders = []string{"Delivered-To", "X-Original-To", "Envelope-To", "To", "Cc"}

// findToken looks for the club's plus-address among a message's
// recipients and returns the first whose token is a genuine turn token.
func (s *Service) findToken(h mail.Header) (DecisionLink, bool) {
	for _, tok := range s.tokens(h) {
		if l, err := s.ParseReplyToken(tok); err == nil {
			return l, true
		}
	}
	return DecisionLink{}, false
}

// tokens are the tokens after the club's plus among a message's
// recipients, in the order of recipientHeaders.
func (s *Service) tokens(h mail.Header) []string {
	prefix := strings.ToLower(s.clubLocal) + "+"
	var out []string
	for _, name := range recipientHeaders {
		for _, v := range h[name] {
			list, err := mail.ParseAddressList(v)
			if err != nil {
				continue
			}
			for _, a := range list {
				local, domain, ok := splitAddress(a.Address)
				if ok && strings.EqualFold(domain, s.clubDomain) && strings.HasPrefix(strings.ToLower(local), prefix) {
					out = append(out, local[len(prefix):])
				}
			}
		}
	}
	return out
}

// splitAddress splits "a@b" at its last "@".
func splitAddress(addr string) (local, domain string, ok bool) {
	i := strings.LastIndexByte(addr, '@')
	if i <= 0 || i == len(addr)-1 {
		return "", "", false
	}
	return addr[:i], strings.ToLower(strings.TrimSuffix(addr[i+1:], ".")), true
}
