package board

// TaxColumn returns the index of the tax chart row for a revenue: the
// column a marker on the chart stands in (Imperial 2030's bonus variant
// pays 1M per column the marker moves right).
func (b *Board) TaxColumn(revenue int) int {
	for i, t := range b.TaxChart {
		if revenue >= t.Min && revenue <= t.Max {
			return i
		}
	}
	if revenue < b.TaxChart[0].Min {
		return 0
	}
	return len(b.TaxChart) - 1
}
