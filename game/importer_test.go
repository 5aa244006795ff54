package game

import (
	"errors"
	"reflect"
	"testing"
)

type fakeImporter struct{ id string }

func (f fakeImporter) ID() string   { return f.id }
func (f fakeImporter) Name() string { return f.id + ".example" }
func (f fakeImporter) Import([]byte) (*Imported, error) {
	return nil, ErrForeignFormat
}

func TestRegistryHoldsImportersBesideTheGames(t *testing.T) {
	base := NewRegistry()
	reg := base.WithImporters(fakeImporter{"a"}, fakeImporter{"b"})
	var ids []string
	for _, imp := range reg.Importers() {
		ids = append(ids, imp.ID())
	}
	if !reflect.DeepEqual(ids, []string{"a", "b"}) {
		t.Errorf("importers %v, want [a b] in the order registered", ids)
	}
	if len(base.Importers()) != 0 {
		t.Error("WithImporters changed the registry it was called on")
	}
	if imp, err := reg.Importer("b"); err != nil || imp.Name() != "b.example" {
		t.Errorf("Importer(b) = %v, %v", imp, err)
	}
	if _, err := reg.Importer("c"); err == nil {
		t.Error("an unknown source was found")
	}
	if _, err := reg.Importers()[0].Import(nil); !errors.Is(err, ErrForeignFormat) {
		t.Errorf("err %v", err)
	}
}

func TestImportedCountsRefusedEntries(t *testing.T) {
	im := &Imported{Steps: []ImportStep{{Accepted: true}, {}, {Accepted: true}, {}}}
	if im.Refused() != 2 {
		t.Errorf("Refused() = %d, want 2", im.Refused())
	}
}
