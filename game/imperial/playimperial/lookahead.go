package playimperial

import (
	"maps"
	"slices"
)

// maxLookahead bounds nested look-aheads (a choice inside a choice).
const maxLookahead = 3

// choose picks, among alternatives the log cannot tell apart (equally
// short convoys), the one that lets most of the rest of the logged
// maneuver through: the site's own choice left its fleets free for what
// followed. Ties go to the alternative that needs no canal permission,
// then to the first.
func (im *importer) choose(i int, alts [][]step) []step {
	if im.depth >= maxLookahead {
		return alts[0]
	}
	best, bestScore := 0, -1
	for k, alt := range alts {
		if score := im.fork().tryRest(i, alt); score > bestScore {
			best, bestScore = k, score
		}
	}
	return alts[best]
}

// tryRest applies alt for entry i, then the rest of the logged maneuver,
// and scores how far it gets.
func (im *importer) tryRest(i int, alt []step) int {
	before := len(im.rec.Moves)
	for _, st := range alt {
		if im.apply(st.seat, st.move, "") != nil {
			return -1
		}
	}
	im.keep(i, before, im.entries[i].Type)
	free := 1
	if m := im.s.Maneuver; m != nil && m.Canal != nil {
		free = 0
	}
	n := 0
	for j := i + 1; j < len(im.entries) && slices.Contains(maneuverTypes, im.entries[j].Type); j++ {
		if ok, _ := im.entry(j, im.entries[j]); !ok {
			break
		}
		n++
	}
	return 2*n + free
}

// fork returns a copy of the importer that can go on without changing it.
func (im *importer) fork() *importer {
	rec := *im.rec
	rec.Moves = slices.Clone(im.rec.Moves)
	return &importer{g: im.g, setup: im.setup, rec: &rec, s: im.s, entries: im.entries,
		kept: slices.Clone(im.kept), noted: maps.Clone(im.noted), siteLying: maps.Clone(im.siteLying), depth: im.depth + 1}
}
