package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Files seed writes beside the database.
const (
	sessionsFile = "sessions.tsv" // user_id, email, session cookie value
	gamesFile    = "games.tsv"    // game_id, kind, status, rated, user ids by seat
	seedFile     = "seed.json"    // seed's summary, with the time it seeded for
)

const (
	sessionsHeader = "user_id\temail\tsession"
	gamesHeader    = "game_id\tkind\tstatus\trated\tusers"
)

// session is one member's signed-in browser.
type session struct {
	UserID int64
	Email  string
	Token  string // the rondel_session cookie's value
}

// gameRow is one game as the load clients choose games.
type gameRow struct {
	ID     int64
	Kind   string
	Status string
	Rated  bool
	Users  []int64 // by seat
}

func writeSessions(path string, users []userPlan, tokens map[int64]string) error {
	var b strings.Builder
	b.WriteString(sessionsHeader + "\n")
	for _, u := range users {
		fmt.Fprintf(&b, "%d\t%s\t%s\n", u.ID, u.Email, tokens[u.ID])
	}
	return os.WriteFile(path, []byte(b.String()), 0o600)
}

func writeGames(path string, games []gameRow) error {
	var b strings.Builder
	b.WriteString(gamesHeader + "\n")
	for _, g := range games {
		ids := make([]string, len(g.Users))
		for i, u := range g.Users {
			ids[i] = strconv.FormatInt(u, 10)
		}
		fmt.Fprintf(&b, "%d\t%s\t%s\t%t\t%s\n", g.ID, g.Kind, g.Status, g.Rated, strings.Join(ids, ","))
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// readTSV calls row with the fields of every line after the header.
func readTSV(path, header string, fields int, row func(f []string) error) error {
	fh, err := os.Open(path)
	if err != nil {
		return err
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 {
			if line != header {
				return fmt.Errorf("%s: the first line is not %q", path, header)
			}
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != fields {
			return fmt.Errorf("%s line %d: %d fields, want %d", path, n, len(f), fields)
		}
		if err := row(f); err != nil {
			return fmt.Errorf("%s line %d: %w", path, n, err)
		}
	}
	return sc.Err()
}

func readSessions(path string) (map[int64]session, error) {
	out := map[int64]session{}
	err := readTSV(path, sessionsHeader, 3, func(f []string) error {
		id, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return err
		}
		out[id] = session{UserID: id, Email: f[1], Token: f[2]}
		return nil
	})
	return out, err
}

func readGames(path string) ([]gameRow, error) {
	var out []gameRow
	err := readTSV(path, gamesHeader, 5, func(f []string) error {
		g := gameRow{Kind: f[1], Status: f[2]}
		var err error
		if g.ID, err = strconv.ParseInt(f[0], 10, 64); err != nil {
			return err
		}
		if g.Rated, err = strconv.ParseBool(f[3]); err != nil {
			return err
		}
		for _, s := range strings.Split(f[4], ",") {
			u, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return err
			}
			g.Users = append(g.Users, u)
		}
		out = append(out, g)
		return nil
	})
	return out, err
}
