package imperial

import "fmt"

// checkEditionInvariants checks what the rule switches of Imperial 2030 and
// the first edition add to CheckInvariants: a canal request is open only in
// a maneuver without an open battle and asks other nations' governments;
// the tax and bonus markers stand on the map's chart; no nation holds more
// bonds than its edition has; a running import has placed fewer than 3
// units.
func (s *State) checkEditionInvariants() error {
	if s.Imported < 0 || s.Imported >= maxImport || (s.Imported > 0 && s.Phase != PhaseImport) {
		return fmt.Errorf("%d units imported in phase %s", s.Imported, s.Phase)
	}
	if s.Maneuver != nil && s.Maneuver.Canal != nil {
		req := s.Maneuver.Canal
		if s.Phase != PhaseManeuver || s.Maneuver.Conflict != nil || len(req.Asked) == 0 {
			return fmt.Errorf("canal request %+v in phase %s", req, s.Phase)
		}
		for _, ni := range req.Asked {
			if ni == s.Turn || ni < 0 || ni >= len(s.Nations) || s.Nations[ni].Government < 0 {
				return fmt.Errorf("canal request asks nation %d", ni)
			}
		}
	}
	for ni, nat := range s.Nations {
		if len(nat.Bonds) != len(s.b.Bonds) {
			return fmt.Errorf("%s has %d bonds, the edition %d", s.nationID(ni), len(nat.Bonds), len(s.b.Bonds))
		}
		onChart := false
		for _, t := range s.b.TaxChart {
			onChart = onChart || t.Value == nat.TaxValue
		}
		if !onChart {
			return fmt.Errorf("%s's tax marker stands on %d, not on the chart", s.nationID(ni), nat.TaxValue)
		}
		if nat.BonusValue < 0 || nat.BonusValue >= len(s.b.TaxChart) {
			return fmt.Errorf("%s's bonus marker stands in column %d", s.nationID(ni), nat.BonusValue)
		}
	}
	return nil
}
