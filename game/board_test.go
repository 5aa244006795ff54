package game

import (
	"slices"
	"testing"
)

func TestRef(t *testing.T) {
	ref := Ref("region", "vienna", "unit", "army", "nation", "AH")
	if ref != "region=vienna unit=army nation=AH" {
		t.Fatalf("Ref wrote %q", ref)
	}
	pairs, err := ParseRef(ref)
	if err != nil || !slices.Equal(pairs, [][2]string{{"region", "vienna"}, {"unit", "army"}, {"nation", "AH"}}) {
		t.Fatalf("ParseRef(%q) = %v, %v", ref, pairs, err)
	}
	for _, bad := range []string{"", "region", "region=", "=vienna", "region=vienna  unit=army", "Region=vienna",
		`region="vienna"`, "region=vi enna", "region=vienna]", "slot=a=b"} {
		if _, err := ParseRef(bad); err == nil {
			t.Errorf("ParseRef(%q) accepted it", bad)
		}
	}
}
