package handlers

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"rondel/game/words"
)

// decimal's short way writes what the printer writes, in every language
// of the catalogue, rounding and signs included.
func TestDecimalIsThePrinters(t *testing.T) {
	var rs readers
	for _, lang := range words.Languages {
		r := rs.get(lang, "UTC", time.Now)
		if r.point == "" {
			t.Errorf("%s: no short way", lang)
		}
		slow := &reader{printer: r.printer}
		rnd := rand.New(rand.NewPCG(1, 2))
		xs := []float64{0, -0.04, 0.05, 0.15, 0.25, 0.35, -0.35, 999.94, 999.95, 999.96, -999.95, 1234.56, -1e6, math.NaN(), math.Inf(-1)}
		for range 20000 {
			x := (rnd.Float64() - 0.5) * 2200
			xs = append(xs, x, math.Round(x*100)/100)
		}
		for _, x := range xs {
			if got, want := r.decimal(x), slow.decimal(x); got != want {
				t.Fatalf("%s %v: %q, the printer writes %q", lang, x, got, want)
			}
		}
	}
}

// TestIntegerIsTheSpeakers: the ladder's whole numbers written without
// the printer are the speaker's, in every language, around every power
// of ten and at random up to ten million.
func TestIntegerIsTheSpeakers(t *testing.T) {
	var rs readers
	for _, lang := range words.Languages {
		r := rs.get(lang, "UTC", time.Now)
		if r.group == "" {
			t.Errorf("%s: no short way", lang)
		}
		ns := []int{0, 1, -1, -999, -1000, -123456, math.MaxInt32, math.MaxInt64, math.MinInt64}
		for p := 1; p <= 1e12; p *= 10 {
			ns = append(ns, p-1, p, p+1)
		}
		rnd := rand.New(rand.NewPCG(3, 4))
		for range 20000 {
			ns = append(ns, rnd.IntN(10_000_000))
		}
		for _, n := range ns {
			if got, want := r.integer(n), r.sp.Number(n); got != want {
				t.Fatalf("%s %d: %q, the speaker writes %q", lang, n, got, want)
			}
		}
	}
}

// TestZoneNameIsFormat: a moment's zone reads as Format("MST") writes it,
// in zones with abbreviations, without (an offset), and UTC.
func TestZoneNameIsFormat(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 29, 6, 0, 0, 0, time.UTC)
	zones := []*time.Location{time.UTC, time.FixedZone("", 5*3600+1800), time.FixedZone("", -7*3600), time.FixedZone("XYZ", 3600)}
	for _, name := range []string{"Europe/Berlin", "America/New_York", "Asia/Shanghai", "Asia/Kolkata", "America/Sao_Paulo"} {
		if loc, err := time.LoadLocation(name); err == nil {
			zones = append(zones, loc)
		}
	}
	for _, z := range zones {
		for _, when := range []time.Time{at, at.AddDate(0, 6, 0)} {
			if got, want := zoneName(when.In(z)), when.In(z).Format("MST"); got != want {
				t.Errorf("%v: zone %q, Format %q", z, got, want)
			}
		}
	}
}
