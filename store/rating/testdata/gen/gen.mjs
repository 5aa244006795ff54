// Generates ../golden.json: rating updates computed by the reference
// implementation of OpenSkill (the npm package openskill, exactly version
// 5.0.1, Plackett-Luce model). Run once by hand, never by the tests; see
// README.md in this directory. The inputs come from a fixed-seed generator, so
// running it again with the same package version writes the same file.
import { rate } from 'openskill'

// The configurations the Go package must reproduce. Option names are the
// openskill 5 ones; everything not named is the package default (mu 25,
// sigma 25/3, beta 25/6, kappa 1e-4, Plackett-Luce).
const configs = {
  rondel: { tau: 25 / 300, limitSigma: true }, // Rondel's ladder model
  tau: { tau: 25 / 300, limitSigma: false }, // openskill 5 defaults
  plain: { tau: 0, limitSigma: false }, // the bare Weng-Lin update
}

// mulberry32: a small seeded generator so the inputs are reproducible.
function prng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const rnd = prng(20261122)
const uniform = (lo, hi) => lo + (hi - lo) * rnd()
const intIn = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1))

const starts = {
  fresh: (n) => Array.from({ length: n }, () => ({ mu: 25, sigma: 25 / 3 })),
  mixed: (n) =>
    [
      { mu: 30, sigma: 2 },
      { mu: 20, sigma: 7 },
      { mu: 25, sigma: 25 / 3 },
      { mu: 40, sigma: 1 },
      { mu: 10, sigma: 5 },
      { mu: 25, sigma: 0.5 },
    ].slice(0, n),
  random: (n) => Array.from({ length: n }, () => ({ mu: uniform(0, 50), sigma: uniform(0.5, 9) })),
}

const rankings = {
  ordered: (n) => Array.from({ length: n }, (_, i) => i + 1),
  reversed: (n) => Array.from({ length: n }, (_, i) => n - i),
  ties: (n) => Array.from({ length: n }, () => intIn(1, n)),
  alltied: (n) => Array.from({ length: n }, () => 1),
  winnertie: (n) => Array.from({ length: n }, (_, i) => (i < 2 ? 1 : i + 1)),
}

// rateFFA rates a free-for-all: every team is one player.
function rateFFA(ratings, ranks, config) {
  const out = rate(
    ratings.map((r) => [{ mu: r.mu, sigma: r.sigma }]),
    { ...configs[config], rank: ranks },
  )
  return out.map(([p]) => ({ mu: p.mu, sigma: p.sigma }))
}

const cases = []
for (const config of Object.keys(configs)) {
  for (let n = 2; n <= 6; n++) {
    for (const [sname, start] of Object.entries(starts)) {
      for (const [rname, rk] of Object.entries(rankings)) {
        const ratings = start(n)
        const ranks = rk(n)
        cases.push({ name: `${config}/${n}p/${sname}/${rname}`, config, ratings, ranks, want: rateFFA(ratings, ranks, config) })
      }
    }
  }
}

// A sequence is a pool of players who play game after game; each game's
// want is the new rating of the players who took part, in the order listed.
function sequence(name, config, pool, games) {
  const cur = pool.map((r) => ({ ...r }))
  const out = []
  for (const { players, ranks } of games) {
    const want = rateFFA(players.map((p) => cur[p]), ranks, config)
    players.forEach((p, i) => (cur[p] = want[i]))
    out.push({ players, ranks, want })
  }
  return { name, config, start: pool, games: out }
}

function randomGames(poolSize, count) {
  const games = []
  for (let g = 0; g < count; g++) {
    const n = intIn(2, Math.min(6, poolSize))
    const idx = Array.from({ length: poolSize }, (_, i) => i)
    for (let i = idx.length - 1; i > 0; i--) {
      const j = intIn(0, i)
      ;[idx[i], idx[j]] = [idx[j], idx[i]]
    }
    const players = idx.slice(0, n)
    // players are already in random order; a third of the games have ties
    const ranks = rnd() < 0.3 ? rankings.ties(n) : rankings.ordered(n)
    games.push({ players, ranks })
  }
  return games
}

function repeated(players, ranks, count) {
  return Array.from({ length: count }, () => ({ players, ranks }))
}

const sequences = []
for (const config of Object.keys(configs)) {
  sequences.push(sequence(`${config}/club`, config, starts.fresh(8), randomGames(8, 60)))
  sequences.push(sequence(`${config}/same-winner`, config, starts.fresh(3), repeated([0, 1, 2], [1, 2, 3], 150)))
  sequences.push(sequence(`${config}/always-tied`, config, starts.mixed(4), repeated([3, 2, 1, 0], [1, 1, 2, 2], 40)))
}

// One case or game per line keeps the file small and diffs readable.
const j = JSON.stringify
const lines = [
  '{',
  ` "generator": ${j('openskill@5.0.1 (npm), store/rating/testdata/gen/gen.mjs')},`,
  ` "configs": ${j(configs)},`,
  ' "cases": [',
  cases.map((c) => '  ' + j(c)).join(',\n'),
  ' ],',
  ' "sequences": [',
  sequences
    .map(
      (q) =>
        `  {"name": ${j(q.name)}, "config": ${j(q.config)}, "start": ${j(q.start)}, "games": [\n` +
        q.games.map((g) => '   ' + j(g)).join(',\n') +
        '\n  ]}',
    )
    .join(',\n'),
  ' ]',
  '}',
]
process.stdout.write(lines.join('\n') + '\n')
