package picture

import (
	"hash/fnv"
	"html"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestWriteStyledIsWriteOpsShorter: a paint that repeats becomes a class
// with one rule, a paint seen once keeps its attributes, an element's own
// class stays beside its paint's; and putting the rules' declarations back
// as attributes gives exactly what WriteOps writes, so the drawing is the
// same, only shorter.
func TestWriteStyledIsWriteOpsShorter(t *testing.T) {
	var ops []Op
	for i := range 6 {
		x := float64(i) * 20
		ops = append(ops,
			Path("M0 0H10V10Z", "#cdb6db", "#5d5a52", 0.7).Of("r-a").Classed("land").With(Attr{Name: "region", Value: "a"}).Tip("A"),
			Group([]Attr{{Name: "unit", Value: "army"}}, Use("sym", x, 4, "#2e8b3a"),
				halo(Text(x+9, 8, 12, "2", "#1b1b1b", "start", true))),
			Line(x, 0, x+5, 5, "#1b1b1b", 1.2))
	}
	ops = append(ops, Circle(5, 5, 2, "#abcdef", "", 0)) // once: attributes
	// a run painted alike: one group
	for _, id := range []string{"b", "c", "d"} {
		ops = append(ops, Path("M0 0H10V10Z", "#cdb6db", "#5d5a52", 0.7).Of("r-"+id).Classed("land").With(Attr{Name: "region", Value: id}))
	}
	ops = append(ops, Path("M0 0H10V10Z", "#bcd8ec", "", 0).Of("r-e").With(Attr{Name: "region", Value: "e"}))
	var plain, styled strings.Builder
	WriteOps(&plain, ops, "/maps/m.svg", true)
	WriteStyled(&styled, ops, "/maps/m.svg", true)
	got := styled.String()
	if len(got) >= plain.Len() {
		t.Fatalf("styled %d bytes, plain %d", len(got), plain.Len())
	}
	for _, want := range []string{`<style>.k`, `font-size:12px;font-weight:700;fill:#1b1b1b;paint-order:stroke;stroke:#fff;stroke-width:2.5`,
		`class="land k`, `<circle cx="5" cy="5" r="2" fill="#abcdef"/>`,
		`"><use href="/maps/m.svg#r-b" data-region="b"/><use href="/maps/m.svg#r-c" data-region="c"/><use href="/maps/m.svg#r-d" data-region="d"/></g>`,
		`<use href="/maps/m.svg#r-e" data-region="e" fill="#bcd8ec"/>`} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in\n%s", want, got)
		}
	}
	if back := inlineStyles(t, got); back != plain.String() {
		t.Errorf("the rules put back are not WriteOps:\n%s\nwant\n%s", back, plain.String())
	}
	var again strings.Builder
	WriteStyled(&again, ops, "/maps/m.svg", true)
	if again.String() != got {
		t.Error("the same ops written twice differ")
	}
}

// inlineStyles puts each rule's declarations back where its class is.
func inlineStyles(t *testing.T, svg string) string {
	t.Helper()
	i := strings.Index(svg, "<style>")
	if i < 0 {
		return svg
	}
	rules := map[string]string{}
	for _, m := range regexp.MustCompile(`\.(k[0-9a-f]{6})\{([^}]*)\}`).FindAllStringSubmatch(svg[i:], -1) {
		var attrs strings.Builder
		for _, d := range strings.Split(m[2], ";") {
			k, v, _ := strings.Cut(d, ":")
			if k == "font-size" {
				v = strings.TrimSuffix(v, "px")
			}
			attrs.WriteString(` ` + k + `="` + v + `"`)
		}
		rules[m[1]] = attrs.String()
	}
	body := ungroup(svg[:i])
	return regexp.MustCompile(` class="([^"]*)"`).ReplaceAllStringFunc(body, func(c string) string {
		var own []string
		paint := ""
		for _, n := range strings.Fields(c[len(` class="`) : len(c)-1]) {
			if r, ok := rules[n]; ok {
				paint = r
			} else {
				own = append(own, n)
			}
		}
		if len(own) > 0 {
			return paint + ` class="` + strings.Join(own, " ") + `"`
		}
		return paint
	})
}

// ungroup gives each <use> of a run (writeRun) its group's paint.
func ungroup(svg string) string {
	run := regexp.MustCompile(`<g((?: (?:fill|fill-opacity|stroke|stroke-width|class)="[^"]*")+)>((?:<use href="[^"]*"(?: data-[a-z]+="[^"]*")*/>)+)</g>`)
	return run.ReplaceAllStringFunc(svg, func(g string) string {
		m := run.FindStringSubmatch(g)
		return strings.ReplaceAll(m[2], "/>", m[1]+"/>")
	})
}

func halo(o Op) Op { o.Halo = "#fff"; return o }

// TestCSSOfAsTheRegexpRead: cssOf reads a signature's attributes as the
// regular expression it replaced did, on every signature the board's
// paints write and on odd ones.
func TestCSSOfAsTheRegexpRead(t *testing.T) {
	t.Parallel()
	old := regexp.MustCompile(` ([a-z-]+)="([^"]*)"`)
	oldCSS := func(sig string) string {
		var decl []string
		for _, m := range old.FindAllStringSubmatch(sig, -1) {
			v := html.UnescapeString(m[2])
			if strings.ContainsAny(v, "{};<>") {
				return ""
			}
			if m[1] == "font-size" {
				v += "px"
			}
			decl = append(decl, m[1]+":"+v)
		}
		return strings.Join(decl, ";")
	}
	sigs := []string{"", ` fill="none"`, ` x1="3" fill="#fff"`, `fill="a"`, ` Fill="a" stroke="b"`, ` fill="a`, ` a="" b="c=d" c-d="&lt;"`,
		` font-size="12" font-weight="700" fill="#1b1b1b" text-anchor="middle" paint-order="stroke" stroke="#fff" stroke-width="2.5"`,
		` fill="x" ="y" -="z"`, ` fill="{x}"`, `  fill="a"  stroke="b"`, ` fill="a"stroke="b"`}
	for _, o := range []Op{
		{Kind: OpPath, Fill: "#aa0000", Stroke: "#000", Width: 1.5, Dash: 2, Gap: 1, Opacity: 0.5},
		{Kind: OpUse}, {Kind: OpCircle, Fill: Inherit, Stroke: "#fff", Width: 0.8, Dash: 3},
		{Kind: OpText, Size: 11, Bold: true, Fill: "#123456", Anchor: "end", Halo: "#fff", HaloOver: true},
	} {
		sigs = append(sigs, paintSig(o), textPaint(&o))
	}
	for _, sig := range sigs {
		if got, want := cssOf(sig), oldCSS(sig); got != want {
			t.Errorf("cssOf(%q) = %q, the regexp read %q", sig, got, want)
		}
	}
}

// TestClassNameAsFNV: a class is named by its rule's FNV-1a hash as
// hash/fnv and strconv wrote it (the names are in every stored page).
func TestClassNameAsFNV(t *testing.T) {
	t.Parallel()
	old := func(rule string) string {
		h := fnv.New32a()
		h.Write([]byte(rule))
		hex := strconv.FormatUint(uint64(h.Sum32()&0xffffff), 16)
		return "k" + strings.Repeat("0", 6-len(hex)) + hex
	}
	rules := []string{"", "fill:none", "fill:#fae89e;stroke:#5d5a52", "font-size:12px;font-weight:700", "é中"}
	for i := range 5000 {
		rules = append(rules, "fill:#"+strconv.Itoa(i)+";stroke-width:"+strconv.Itoa(i*7))
	}
	short := 0
	for _, r := range rules {
		if got, want := className(r), old(r); got != want {
			t.Errorf("className(%q) = %q, hash/fnv %q", r, got, want)
		}
		if strings.HasPrefix(old(r), "k0") {
			short++
		}
	}
	if short == 0 {
		t.Error("no rule's hash had a leading zero: the padding went untested")
	}
}

// TestTenthsAsStrconv: Tenths and num write what strconv's shortest
// formatting of the rounded value wrote, for every tenth up to 20,000,
// large and negative ones, halves and their neighbours.
func TestTenthsAsStrconv(t *testing.T) {
	t.Parallel()
	ks := []int64{0, -1, -9, -10, -11, 1e14 - 1, -(1e14 - 1), 999_999_999_999_999, -999_999_999_999_999}
	for k := int64(-2000); k <= 20000; k++ {
		ks = append(ks, k)
	}
	for _, k := range ks {
		if got, want := Tenths(k), strconv.FormatFloat(float64(k)/10, 'f', -1, 64); got != want {
			t.Errorf("Tenths(%d) = %q, strconv %q", k, got, want)
		}
	}
	old := func(v float64) string {
		v = math.Round(v*10) / 10
		if v == 0 {
			return "0"
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	for i := -30000; i <= 30000; i++ {
		for _, v := range []float64{float64(i) / 100, float64(i)/20 + 1e-9, float64(i)/20 - 1e-9, float64(i) * 0.05, float64(i) * 1.7} {
			if got, want := num(v), old(v); got != want {
				t.Fatalf("num(%v) = %q, strconv %q", v, got, want)
			}
		}
	}
	for _, v := range []float64{math.Inf(1), math.Inf(-1), math.NaN(), 1e20, -1e20, 0.05, -0.05, 0.04999999999999999, math.Copysign(0, -1)} {
		if got, want := num(v), old(v); got != want {
			t.Errorf("num(%v) = %q, strconv %q", v, got, want)
		}
	}
}

// TestWriteNumIsNum: writeNum writes what num says, and attr escapes as
// html.EscapeString.
func TestWriteNumIsNum(t *testing.T) {
	t.Parallel()
	for i := -30000; i <= 30000; i++ {
		for _, v := range []float64{float64(i) / 100, float64(i)/20 + 1e-9, float64(i) * 1.7, float64(i) * 1e11} {
			var b sink
			writeNum(&b, v)
			if string(b.bytes()) != num(v) {
				t.Fatalf("writeNum(%v) = %q, num %q", v, b.bytes(), num(v))
			}
		}
	}
	for _, s := range []string{"", "r-vienna", "/maps/3ce9f52a6e.svg", `a<b>&'"c`, "é中", "x&y"} {
		if attr(s) != html.EscapeString(s) {
			t.Errorf("attr(%q) = %q", s, attr(s))
		}
	}
}

// TestOnceKeepsEachSignatureOnce: a signature asked for again is the same
// index, another one a new index holding its bytes, also when its hash
// clashes with a kept one's (made to here: a drawing's few dozen never do).
func TestOnceKeepsEachSignatureOnce(t *testing.T) {
	t.Parallel()
	st := &styles{uniq: map[uint64]int32{}}
	a, b, c := []byte(` fill="#fae89e"`), []byte(` fill="none" stroke="#111"`), []byte(` fill="#fff"`)
	i := st.once(a)
	st.uniq[sigHash(b)] = i // b's hash taken by a
	j := st.once(b)
	k := st.once(c)
	if i == j || j == k || i == k {
		t.Fatalf("indexes %d, %d, %d", i, j, k)
	}
	for _, want := range []struct {
		sig []byte
		i   int32
	}{{a, i}, {b, j}, {c, k}, {a, i}, {b, j}} {
		if got := st.once(append([]byte(nil), want.sig...)); got != want.i || string(st.sigOf(got)) != string(want.sig) {
			t.Errorf("once(%s) = %d (%s), want %d", want.sig, got, st.sigOf(got), want.i)
		}
	}
	if len(st.infos) != 3 {
		t.Errorf("%d signatures kept, want 3", len(st.infos))
	}
}

// TestPaintKeyTellsSignaturesApart: ops whose paint keys are equal have
// equal signatures (their paint's, their text's and their paint as a
// line's), for ops made of every value a signature writes differently
// (0 and -0, an OpUse without fill, an own class hiding the stroke); so
// a signature found by its key is the one its bytes would find.
func TestPaintKeyTellsSignaturesApart(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	colours := []string{"", Inherit, "#111", "#fff", "#a&b"}
	nums := []float64{0, math.Copysign(0, -1), 1, 1.5, 2.5}
	pick := func(v []float64) float64 { return v[rng.IntN(len(v))] }
	paints, texts, lines := map[paintKey]string{}, map[paintKey]string{}, map[paintKey]string{}
	check := func(seen map[paintKey]string, key paintKey, sig []byte) {
		if old, ok := seen[key]; ok && old != string(sig) {
			t.Fatalf("one key, two signatures: %q and %q", old, sig)
		}
		seen[key] = string(sig)
	}
	for range 20000 {
		o := Op{Kind: OpKind(rng.IntN(int(OpUse) + 1)), Bold: rng.IntN(2) == 0, HaloOver: rng.IntN(2) == 0,
			Fill: colours[rng.IntN(len(colours))], Stroke: colours[rng.IntN(len(colours))], Halo: colours[rng.IntN(len(colours))],
			Anchor: []string{"", "start", "middle"}[rng.IntN(3)], Class: []string{"", "land"}[rng.IntN(2)],
			Width: pick(nums), Dash: pick(nums), Gap: pick(nums), Opacity: pick(nums), Size: pick(nums), HaloWidth: pick(nums)}
		check(paints, paintKeyOf(&o), appendPaintSig(nil, &o))
		check(texts, textKeyOf(&o), appendTextPaint(nil, &o))
		line := o
		line.Fill = Inherit
		key := paintKeyOf(&o)
		key.fill = textOf(Inherit)
		check(lines, key, appendPaintSig(nil, &line))
	}
}

// TestSinkAsBuilder: a sink, from no room and growing, holds what a
// strings.Builder given the same writes holds.
func TestSinkAsBuilder(t *testing.T) {
	t.Parallel()
	var s sink
	var b strings.Builder
	for i := range 3000 {
		p := strings.Repeat("ab", i%700)
		s.WriteString(p)
		b.WriteString(p)
		s.Write([]byte(p[:len(p)/2]))
		b.Write([]byte(p[:len(p)/2]))
		s.WriteByte(byte('a' + i%26))
		b.WriteByte(byte('a' + i%26))
	}
	if string(s.bytes()) != b.String() {
		t.Errorf("sink %d bytes, builder %d, not the same", len(s.bytes()), b.Len())
	}
}
