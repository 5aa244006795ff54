package words

import "testing"

// BenchmarkSayCatalogue says every message of the catalogue once, in
// German, a term by its id and a message with its placeholders filled
// with literal words and a count: what a page does a few hundred times.
func BenchmarkSayCatalogue(b *testing.B) {
	c := Default()
	sp := c.Speaker("de", []string{"Ann", "Bob"})
	var texts []Text
	for _, id := range c.IDs("en") {
		tx := New(id)
		for _, name := range c.Placeholders("en", id) {
			if name == CountArg {
				tx = tx.Count(3)
				continue
			}
			tx = tx.Term(name, "imperial.nation.GB")
		}
		texts = append(texts, tx)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, tx := range texts {
			sp.Say(tx)
		}
	}
}
