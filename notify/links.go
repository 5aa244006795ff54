package notify

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrBadLink is returned for a forged, altered or malformed link.
var ErrBadLink = errors.New("this link is not valid")

func (s *Service) sign(payload string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:18])
}

func (s *Service) check(payload, sig string) bool {
	return hmac.Equal([]byte(s.sign(payload)), []byte(sig))
}

// Token encodes a decision link.
func (s *Service) Token(l DecisionLink) string {
	p := fmt.Sprintf("d.%d.%d.%d.%d.%d", l.Game, l.Seat, l.Seq, l.User, l.Choice)
	return p + "." + s.sign(p)
}

// ParseToken checks and decodes a decision link.
func (s *Service) ParseToken(tok string) (DecisionLink, error) {
	i := strings.LastIndexByte(tok, '.')
	if i < 0 || !s.check(tok[:i], tok[i+1:]) {
		return DecisionLink{}, ErrBadLink
	}
	f := strings.Split(tok[:i], ".")
	if len(f) != 6 || f[0] != "d" {
		return DecisionLink{}, ErrBadLink
	}
	var n [5]int64
	for k := range n {
		v, err := strconv.ParseInt(f[k+1], 10, 64)
		if err != nil {
			return DecisionLink{}, ErrBadLink
		}
		n[k] = v
	}
	return DecisionLink{Game: n[0], Seat: int(n[1]), Seq: int(n[2]), User: n[3], Choice: int(n[4])}, nil
}

// DecisionURL is the absolute URL of a decision link.
func (s *Service) DecisionURL(l DecisionLink) string { return s.base + "/notify/d/" + s.Token(l) }

// UnsubscribeToken signs "user wants no mail about game" (game 0: all).
func (s *Service) UnsubscribeToken(user, game int64) string {
	p := fmt.Sprintf("u.%d.%d", user, game)
	return p + "." + s.sign(p)
}

// ParseUnsubscribe checks an unsubscribe token.
func (s *Service) ParseUnsubscribe(tok string) (user, game int64, err error) {
	i := strings.LastIndexByte(tok, '.')
	if i < 0 || !s.check(tok[:i], tok[i+1:]) {
		return 0, 0, ErrBadLink
	}
	f := strings.Split(tok[:i], ".")
	if len(f) != 3 || f[0] != "u" {
		return 0, 0, ErrBadLink
	}
	user, err1 := strconv.ParseInt(f[1], 10, 64)
	game, err2 := strconv.ParseInt(f[2], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, ErrBadLink
	}
	return user, game, nil
}

// UnsubscribeURL is the absolute one-click unsubscribe URL.
func (s *Service) UnsubscribeURL(user, game int64) string {
	return s.base + "/notify/unsubscribe/" + s.UnsubscribeToken(user, game)
}
