package main

import (
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkPageSmall: pages that are mostly the layout every page shares
// (head, nav, footer: handlers/layout.go), the sign-in form for a visitor
// and the settings form for a member, as the floor's page is small:
// what the layout costs every page of the site.
func BenchmarkPageSmall(b *testing.B) {
	p := openPageBench(b)
	b.Run("signin", func(b *testing.B) {
		bytes := 0
		b.ResetTimer()
		cpu := cpuTime()
		for range b.N {
			w := httptest.NewRecorder()
			p.h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/signin", nil))
			if w.Code != http.StatusOK {
				b.Fatalf("/signin: %d", w.Code)
			}
			bytes += w.Body.Len()
		}
		reportCPU(b, cpu)
		b.ReportMetric(float64(bytes)/float64(b.N), "page-bytes")
	})
	b.Run("settings", func(b *testing.B) {
		p.run(b, func(r *rand.Rand) (int64, string) { return p.d.users[r.IntN(len(p.d.users))], "/settings" })
	})
}
