package event

import "testing"

// FuzzPlaceUnits feeds arbitrary places: bad rankings are errors, never
// panics, and a good ranking hands out exactly the points of the places
// the table covers, however they are shared.
func FuzzPlaceUnits(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4})
	f.Add([]byte{1, 1, 3})
	f.Add([]byte{2, 1, 2, 4, 5, 5})
	f.Add([]byte{0, 9})
	f.Fuzz(func(t *testing.T, raw []byte) {
		if len(raw) > 6 {
			raw = raw[:6]
		}
		places := make([]int, len(raw))
		for i, b := range raw {
			places[i] = int(b)
		}
		pts := []int{7, 3, 2, 1}
		units, err := PlaceUnits(pts, places)
		if err != nil {
			return
		}
		var sum, want int64
		for _, u := range units {
			sum += u
		}
		for p := 0; p < len(places) && p < len(pts); p++ {
			want += int64(pts[p]) * Scale
		}
		if sum != want {
			t.Fatalf("places %v: %d units handed out, want %d", places, sum, want)
		}
	})
}
