package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"rondel/game"
	"rondel/game/rng"
	"rondel/game/words"
)

// ErrNotFound is returned when a row does not exist.
var ErrNotFound = errors.New("not found")

// NewPlayer is one invited player.
type NewPlayer struct {
	Name  string
	Email string
}

// NewGame is what the creator of a game chose.
type NewGame struct {
	Kind         string // registry id
	Name         string
	Options      game.Options
	Seed         uint64
	Players      []NewPlayer // as entered
	ShuffleSeats bool        // seat order drawn from the seed instead of as entered
	CreatedBy    int64       // user id of the creator (0: none)
	Rated        bool
	InviteTTL    time.Duration // how long invitation links work (default 14 days)
	// OpenSeats are seats beyond Players that any member may take from
	// the club's games page; they are numbered after the invited seats,
	// in the order members join.
	OpenSeats int
	// Limits are the creator's daily limits (zero: none); a game that
	// would pass one is not created at all.
	Limits Limits
}

// Invite is one invitation to send: Token is the secret for the link and
// is only known here, at creation.
type Invite struct {
	Seat  Seat
	User  User
	Token string
}

// CreateGame records a new game and its seats, and returns the invitations
// to send. The creator's own seat, if any, is accepted at once.
func (s *Store) CreateGame(ctx context.Context, ng NewGame) (*Game, []Invite, error) {
	g, err := s.reg.Get(ng.Kind)
	if err != nil {
		return nil, nil, fmt.Errorf("store: create game: %w", err)
	}
	opts, err := game.Normalize(g.Info().Options, ng.Options)
	if err != nil {
		return nil, nil, fmt.Errorf("store: create game: %w", err)
	}
	players, err := checkPlayers(ng.Players)
	if err != nil {
		return nil, nil, err
	}
	if ng.ShuffleSeats {
		r := rng.New(ng.Seed ^ 0x5eed5eed5eed5eed)
		r.Shuffle(len(players), func(i, j int) { players[i], players[j] = players[j], players[i] })
	}
	if ng.OpenSeats < 0 || ng.OpenSeats > g.Info().MaxPlayers {
		return nil, nil, words.Fail(words.New("club.error.open_seats"))
	}
	names := make([]string, len(players), len(players)+ng.OpenSeats)
	for i, p := range players {
		names[i] = p.Name
	}
	for i := range ng.OpenSeats {
		// Stand-ins for the dry run: a name nobody can type.
		names = append(names, fmt.Sprintf("\x00open %d", i+1))
	}
	if err := game.CheckPlayers(g.Info(), names); err != nil {
		return nil, nil, fmt.Errorf("store: create game: %w", err)
	}
	// A dry run: the engine must accept the setup before anyone is invited.
	if _, err := g.New(game.Setup{Players: names, Options: opts, Seed: ng.Seed}); err != nil {
		return nil, nil, fmt.Errorf("store: create game: %w", err)
	}
	name, err := CleanName(ng.Name, MaxGameName)
	if err != nil {
		return nil, nil, words.Fail(words.New("store.error.game_name").Sub("why", refusal(err)))
	}
	if name == "" {
		return nil, nil, words.Fail(words.New("store.error.game_unnamed"))
	}
	optJSON, _ := json.Marshal(opts)
	ttl := ng.InviteTTL
	if ttl == 0 {
		ttl = 14 * 24 * time.Hour
	}
	now := s.Now()
	row := &Game{Kind: ng.Kind, Name: name, Options: string(optJSON), Seed: int64(ng.Seed),
		Status: StatusInviting, Rated: ng.Rated, CreatedAt: now, OpenSeats: ng.OpenSeats}
	if ng.CreatedBy != 0 {
		row.CreatedBy = &ng.CreatedBy
	}
	var invites []Invite
	done, err := s.changeTx(ctx, now, func(tx *gorm.DB, cs *changeSet) error {
		if err := s.spendOnGame(tx, ng, players, now); err != nil {
			return err
		}
		if err := tx.Create(row).Error; err != nil {
			return err
		}
		if err := cs.emit(Change{Kind: ChangeGameCreated, Cause: Cause{Kind: CausePlayer}, Game: *row, Seat: -1, UserID: ng.CreatedBy}); err != nil {
			return err
		}
		// A member this game makes reads the creator's language until they
		// sign in or choose one.
		lang := languageOf(tx, ng.CreatedBy)
		for i, p := range players {
			u, err := findOrCreateUser(tx, p.Email, p.Name, lang, now)
			if err != nil {
				return err
			}
			seat := Seat{GameID: row.ID, Seat: i, UserID: u.ID, Name: p.Name}
			if u.ID == ng.CreatedBy {
				seat.AcceptedAt = &now
			}
			if err := tx.Create(&seat).Error; err != nil {
				return err
			}
			if seat.AcceptedAt != nil {
				continue
			}
			token, hash := newToken()
			inv := Invitation{GameID: row.ID, UserID: u.ID, TokenHash: hash, CreatedAt: now, ExpiresAt: now.Add(ttl)}
			if err := tx.Create(&inv).Error; err != nil {
				return err
			}
			invites = append(invites, Invite{Seat: seat, User: *u, Token: token})
		}
		started, err := s.startIfAllAccepted(tx, cs, row.ID, now)
		if err != nil || started {
			return err
		}
		_, err = s.deriveGame(tx, row) // its summary: waiting for players
		return err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("store: creating game: %w", err)
	}
	s.afterCommit(ctx, done)
	return row, invites, nil
}

// spendOnGame counts a new game, its invitations and the addresses new to
// the club against its creator's daily limits.
func (s *Store) spendOnGame(tx *gorm.DB, ng NewGame, players []NewPlayer, now time.Time) error {
	by, lim := ng.CreatedBy, ng.Limits
	if by == 0 || lim == (Limits{}) {
		return nil
	}
	if err := s.lockMember(tx, by); err != nil {
		return err
	}
	var creator User
	if err := tx.Select("email").Take(&creator, by).Error; err != nil {
		return fmt.Errorf("spend on game: %w", err)
	}
	emails := make([]string, 0, len(players))
	invites := 0
	for _, p := range players {
		emails = append(emails, p.Email)
		if !strings.EqualFold(p.Email, creator.Email) {
			invites++
		}
	}
	fresh, err := newAddresses(tx, emails)
	if err != nil {
		return err
	}
	if err := s.spend(tx, by, actGame, 1, lim.GamesPerDay, now); err != nil {
		return err
	}
	if err := s.spend(tx, by, actInvitation, invites, lim.InvitationsPerDay, now); err != nil {
		return err
	}
	return s.spend(tx, by, actAddress, fresh, lim.NewAddressesPerDay, now)
}

// newAddresses counts the addresses (normalized, distinct) that are no
// member's yet.
func newAddresses(tx *gorm.DB, emails []string) (int, error) {
	if len(emails) == 0 {
		return 0, nil
	}
	var known int64
	if err := tx.Model(&User{}).Where("email IN ?", emails).Count(&known).Error; err != nil {
		return 0, fmt.Errorf("store: counting new addresses: %w", err)
	}
	return len(emails) - int(known), nil
}

// checkPlayers trims and validates names and addresses.
func checkPlayers(in []NewPlayer) ([]NewPlayer, error) {
	var out []NewPlayer
	seen := map[string]bool{}
	for _, p := range in {
		name, err := CleanName(p.Name, MaxSeatName)
		if err != nil {
			return nil, words.Fail(words.New("store.error.player").Lit("player", p.Name).Sub("why", refusal(err)))
		}
		p.Name, p.Email = name, strings.TrimSpace(p.Email)
		if p.Name == "" && p.Email == "" {
			continue
		}
		email, err := NormalizeEmail(p.Email)
		if err != nil {
			return nil, words.Fail(words.New("store.error.player").Lit("player", p.Name).Sub("why", refusal(err)))
		}
		if seen[email] {
			return nil, words.Fail(words.New("store.error.invited_twice").Lit("email", email))
		}
		seen[email] = true
		p.Email = email
		out = append(out, p)
	}
	return out, nil
}

// NormalizeEmail checks an address and returns it trimmed and lower-cased.
func NormalizeEmail(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || !strings.Contains(s, "@") || len(s) > 254 {
		return "", words.Fail(words.New("store.error.not_an_address").Lit("address", s))
	}
	return s, nil
}

// languageOf is a member's language, "" for none (no such member).
func languageOf(tx *gorm.DB, userID int64) string {
	var lang string
	if userID != 0 {
		tx.Model(&User{}).Where("id = ?", userID).Select("language").Scan(&lang)
	}
	return lang
}

// findOrCreateUser finds the member with the address or makes one, whose
// language is lang until they sign in or choose ("" or a language Rondel
// does not speak: English).
func findOrCreateUser(tx *gorm.DB, email, name, lang string, now time.Time) (*User, error) {
	var u User
	err := tx.Where("email = ?", email).Take(&u).Error
	if err == nil && u.DisplayName == "" && name != "" {
		// A person known only by address takes the first name given for them.
		u.DisplayName = name
		err = tx.Model(&u).Update("display_name", name).Error
	}
	if err == nil {
		return &u, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, wrapErr(err, "find or create user")
	}
	if !slices.Contains(words.Languages, lang) {
		lang = words.Languages[0]
	}
	u = User{Email: email, DisplayName: name, Language: lang, Notify: NotifyEach, MessageMail: MessageMailTurn, CreatedAt: now}
	return &u, wrapErr(tx.Create(&u).Error, "find or create user")
}

// startIfAllAccepted starts the game when no seat is open and reports
// whether it started it now; a game that starts gets its summary and
// first snapshot, and is a change (ChangeGameStarted).
func (s *Store) startIfAllAccepted(tx *gorm.DB, cs *changeSet, gameID int64, now time.Time) (bool, error) {
	var open int64
	if err := tx.Model(&Seat{}).Where("game_id = ? AND accepted_at IS NULL", gameID).Count(&open).Error; err != nil {
		return false, fmt.Errorf("start if all accepted (game %d): %w", gameID, err)
	}
	if open > 0 {
		return false, nil
	}
	// Seats open to any member must be taken first.
	res := tx.Model(&Game{}).Where("id = ? AND status = ? AND open_seats = 0", gameID, StatusInviting).
		Updates(map[string]any{"status": StatusActive, "started_at": now})
	if res.Error != nil || res.RowsAffected != 1 {
		return false, wrapErr(res.Error, "start if all accepted (game %d)", gameID)
	}
	var g Game
	if err := tx.Take(&g, gameID).Error; err != nil {
		return false, fmt.Errorf("start if all accepted (game %d): %w", gameID, err)
	}
	if _, err := s.deriveGame(tx, &g); err != nil {
		return false, err
	}
	return true, cs.emit(Change{Kind: ChangeGameStarted, Cause: Cause{Kind: CausePlayer}, Game: g, Seat: -1})
}

// ErrNotInvited is returned when a user has no seat in the game.
var ErrNotInvited = errors.New("you have no seat in this game")

// AcceptSeat marks userID's seat accepted and starts the game when it was
// the last one; started reports that. Accepting twice is harmless.
func (s *Store) AcceptSeat(ctx context.Context, gameID, userID int64) (started bool, err error) {
	now := s.Now()
	done, err := s.changeTx(ctx, now, func(tx *gorm.DB, cs *changeSet) error {
		started, err = s.acceptSeat(tx, cs, gameID, userID, now)
		return err
	})
	s.afterCommit(ctx, done)
	return started, err
}

func (s *Store) acceptSeat(tx *gorm.DB, cs *changeSet, gameID, userID int64, now time.Time) (bool, error) {
	// Two seats accepted at once on two instances: one at a time, so
	// exactly one of them sees the last seat taken and starts the game.
	var g Game
	if err := lockGame(tx, gameID, &g); err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return false, err
	}
	if g.Ending == EndCancelled || g.Ending == EndExpired {
		return false, ErrNotWaiting
	}
	res := tx.Model(&Seat{}).Where("game_id = ? AND user_id = ?", gameID, userID).
		Where("accepted_at IS NULL").Update("accepted_at", now)
	if res.Error != nil {
		return false, wrapErr(res.Error, "accept seat (game %d)", gameID)
	}
	if res.RowsAffected == 0 {
		var n int64
		if err := tx.Model(&Seat{}).Where("game_id = ? AND user_id = ?", gameID, userID).Count(&n).Error; err != nil {
			return false, fmt.Errorf("accept seat (game %d): %w", gameID, err)
		}
		if n == 0 {
			return false, ErrNotInvited
		}
	}
	if err := tx.Model(&Invitation{}).Where("game_id = ? AND user_id = ? AND used_at IS NULL", gameID, userID).
		Update("used_at", now).Error; err != nil {
		return false, fmt.Errorf("accept seat (game %d): %w", gameID, err)
	}
	return s.startIfAllAccepted(tx, cs, gameID, now)
}

// GameRow returns a game by id.
func (s *Store) GameRow(ctx context.Context, id int64) (*Game, error) {
	games, err := readRowsCap(ctx, s, 1, scanGame, `SELECT `+gameCols+` FROM games WHERE id = ?`, id)
	if err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return nil, ErrNotFound
	}
	return &games[0], nil
}

// Seats returns a game's seats in seat order.
func (s *Store) Seats(ctx context.Context, gameID int64) ([]Seat, error) {
	return readRowsCap(ctx, s, 0, scanSeat, `SELECT `+seatCols+` FROM seats WHERE game_id = ? ORDER BY seat`, gameID)
}

// SeatOf returns userID's seat number in the game, or -1.
func SeatOf(seats []Seat, userID int64) int {
	for _, st := range seats {
		if st.UserID == userID {
			return st.Seat
		}
	}
	return -1
}

// Setup returns the game setup a game row and its seats describe.
func (g *Game) Setup(seats []Seat) (game.Setup, error) {
	var opts game.Options
	if err := json.Unmarshal([]byte(g.Options), &opts); err != nil {
		return game.Setup{}, fmt.Errorf("store: game %d options: %w", g.ID, err)
	}
	names := make([]string, len(seats))
	for i, st := range seats {
		if st.Seat != i {
			return game.Setup{}, fmt.Errorf("store: game %d: seats are not numbered from 0", g.ID)
		}
		names[i] = st.Name
	}
	return game.Setup{Players: names, Options: opts, Seed: uint64(g.Seed)}, nil
}

// GameResult decodes a finished game's result (nil otherwise).
func (g *Game) GameResult() *game.Result {
	if g.Result == nil {
		return nil
	}
	var r game.Result
	if json.Unmarshal([]byte(*g.Result), &r) != nil {
		return nil
	}
	return &r
}
