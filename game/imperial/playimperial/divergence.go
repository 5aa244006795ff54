package playimperial

// Where playimperial.club's engine departs from the rule book, Rondel
// follows the rule book. These notes name the passage; each is given at the
// first entry where it shows (docs/playimperial-import.md lists them all).

func (im *importer) once(kind, text string) string {
	if im.noted == nil {
		im.noted = map[string]bool{}
	}
	if im.noted[kind] {
		return ""
	}
	im.noted[kind] = true
	return "playimperial departs from the rule book here; Rondel follows the rule book: " + text
}

// divergence explains a refused entry where the cause is known.
func (im *importer) divergence(e Entry) string {
	p := e.Payload
	switch {
	case e.Type == "maneuver" && ((p.Origin == "kiev" && p.Destination == "stpetersburg") || (p.Origin == "stpetersburg" && p.Destination == "kiev")):
		return im.once("kiev", "Kiev and St. Petersburg do not border on the printed board; the site's map joins them (docs/rules-decisions.md, map)")
	case e.Type == "maneuver":
		return im.once("army-move", "an army leaves a home province held by hostile armies only by its one move, not by railway (004 MANEUVER, railroad transport; FAQ on suspended railroads)")
	case e.Type == "fight":
		return im.once("fight", "battles match units 1:1 as chosen by the governments (004 MANEUVER, battles)")
	case e.Type == "unfriendlyEntrance" || e.Type == "friendlyEntrance":
		return im.once("status", "each army is standing or lying on its own, set when it enters and changeable in its nation's next maneuver (004 MANEUVER, entering provinces of other Great Powers)")
	}
	return ""
}

// fightNote reports a site battle that removes more than one unit a side.
func (im *importer) fightNote(e Entry) string {
	if e.Type != "fight" {
		return ""
	}
	return ""
}
