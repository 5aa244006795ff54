package main

import (
	"fmt"
	"math/rand/v2"
	"time"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/words"
	"rondel/store"
)

// The mix of a club's database: most games finished, most of
// those rated, mostly Imperial, every member in about 45 games.
const (
	finishedShare  = 0.80
	ratedShare     = 0.70 // of every game, finished or not: rated is chosen at creation
	gamesPerUser   = 45
	caretakerShare = 0.01 // decisions the caretaker made after a timeout
	variantShare   = 0.10 // games with a non-default option
	history        = 2 * 365 * 24 * time.Hour
	recentMove     = 20 * time.Hour // a game in play moved at most this long ago
	maxMovesPlayed = 5000           // a random game that has not ended by then is left in play
)

// kindWeights: how often each game is played.
var kindWeights = []struct {
	id     string
	weight int
}{
	{"imperial", 70},
	{"imperial2030", 20},
	{caesar.ID, 10},
}

// playerWeights[n-2]: how often a table of n players meets, where the game
// allows n.
var playerWeights = []int{1, 2, 3, 3, 2}

// notifyWeights: the members' mail choices.
var notifyWeights = []struct {
	notify string
	weight int
}{
	{store.NotifyEach, 75},
	{store.NotifyDaily, 20},
	{store.NotifyNone, 5},
}

// seedSpec is what to build.
type seedSpec struct {
	Games    int       // games in the club mix
	Active   int       // extra short games in play
	MovesMax int       // at most this many moves in each extra game
	Seed     uint64    // everything random comes from it
	Now      time.Time // the end of the club's history
}

// userPlan is one member.
type userPlan struct {
	ID      int64
	Email   string
	Name    string
	Notify  string
	Created time.Time
}

// gamePlan is one game before it is played: everything but its moves and
// the times that depend on how many there are.
type gamePlan struct {
	ID       int64
	Kind     string
	Name     string
	Options  game.Options // normalized
	Seed     uint64
	Users    []int64 // by seat
	Rated    bool
	Finished bool // else in play
	// Short games (--active) stop after MaxMoves moves; other games in
	// play stop at a random point of a whole game.
	Short    bool
	MaxMoves int
}

// plan draws the members and the games.
func plan(reg *game.Registry, spec seedSpec) ([]userPlan, []gamePlan, error) {
	r := rand.New(rand.NewPCG(spec.Seed, 0x9e3779b97f4a7c15))
	games := make([]gamePlan, 0, spec.Games+spec.Active)
	seats := 0
	for i := range spec.Games + spec.Active {
		short := i >= spec.Games
		kind := "imperial"
		if !short {
			kind = pickKind(r)
		}
		g, err := reg.Get(kind)
		if err != nil {
			return nil, nil, err
		}
		info := g.Info()
		p := gamePlan{ID: int64(i + 1), Kind: kind, Seed: r.Uint64(), Rated: r.Float64() < ratedShare,
			Finished: !short && r.Float64() < finishedShare}
		p.Name = fmt.Sprintf("%s · club game %d", words.English().Say(info.Name), p.ID)
		n := pickPlayers(r, info)
		p.Users = make([]int64, n)
		if p.Options, err = pickOptions(r, g, n); err != nil {
			return nil, nil, err
		}
		if short {
			p.Short, p.MaxMoves = true, r.IntN(spec.MovesMax+1)
		}
		seats += n
		games = append(games, p)
	}
	nUsers := max(6, (seats+gamesPerUser/2)/gamesPerUser)
	users := make([]userPlan, nUsers)
	for i := range users {
		users[i] = userPlan{ID: int64(i + 1), Email: fmt.Sprintf("member%d@club.example", i+1), Name: memberName(i),
			Notify: pickNotify(r), Created: spec.Now.Add(-history - time.Duration(r.Int64N(int64(30*24*time.Hour))))}
	}
	for i := range games {
		// Distinct members drawn uniformly: each plays about gamesPerUser games.
		perm := r.Perm(nUsers)
		for s := range games[i].Users {
			games[i].Users[s] = int64(perm[s] + 1)
		}
	}
	return users, games, nil
}

func pickKind(r *rand.Rand) string {
	total := 0
	for _, k := range kindWeights {
		total += k.weight
	}
	x := r.IntN(total)
	for _, k := range kindWeights {
		if x < k.weight {
			return k.id
		}
		x -= k.weight
	}
	return kindWeights[0].id
}

func pickPlayers(r *rand.Rand, info game.Info) int {
	total := 0
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		total += playerWeights[n-2]
	}
	x := r.IntN(total)
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		if x < playerWeights[n-2] {
			return n
		}
		x -= playerWeights[n-2]
	}
	return info.MinPlayers
}

func pickNotify(r *rand.Rand) string {
	x := r.IntN(100)
	for _, w := range notifyWeights {
		if x < w.weight {
			return w.notify
		}
		x -= w.weight
	}
	return store.NotifyEach
}

// pickOptions keeps the defaults in most games and sets one option to
// another of its values in a few, when the game accepts that table.
func pickOptions(r *rand.Rand, g game.Game, players int) (game.Options, error) {
	specs := g.Info().Options
	chosen := game.Options{}
	if len(specs) > 0 && r.Float64() < variantShare {
		s := specs[r.IntN(len(specs))]
		values := s.Choices
		if s.Kind == game.OptionBool {
			values = []string{"true", "false"}
		}
		for _, v := range values {
			if v != s.Default {
				chosen[s.Name] = v
				break
			}
		}
	}
	opts, err := game.Normalize(specs, chosen)
	if err != nil {
		return nil, err
	}
	names := make([]string, players)
	for i := range names {
		names[i] = fmt.Sprintf("p%d", i)
	}
	if _, err := g.New(game.Setup{Players: names, Options: opts}); err != nil {
		return game.Normalize(specs, nil) // a variant for other tables (e.g. 2-3 players only)
	}
	return opts, nil
}

var firstNames = []string{"Ada", "Bruno", "Clara", "Dario", "Elena", "Felix", "Greta", "Hugo", "Ines", "Jonas",
	"Karla", "Luca", "Marta", "Nils", "Olga", "Paul", "Rosa", "Sven", "Tilda", "Ugo", "Vera", "Wim", "Yara", "Zeno"}

var lastNames = []string{"Adler", "Berg", "Conti", "Dumas", "Eder", "Fischer", "Graf", "Horn", "Jansen", "Keller",
	"Lang", "Moreau", "Novak", "Ortiz", "Petit", "Quast", "Rossi", "Schulz", "Tanaka", "Ulrich", "Vogel", "Weber"}

// memberName is a unique display name for member i.
func memberName(i int) string {
	f, l := firstNames[i%len(firstNames)], lastNames[(i/len(firstNames))%len(lastNames)]
	if round := i / (len(firstNames) * len(lastNames)); round > 0 {
		return fmt.Sprintf("%s %s %d", f, l, round+1)
	}
	return f + " " + l
}
