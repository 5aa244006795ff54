// Command mapgen draws the geographic maps of Imperial and Imperial 2030
// from Natural Earth data and the hand-made plans beside it, and writes
// the shapes the board pictures are drawn from (board/data/*-shapes.json).
//
//	go run ./game/imperial/board/mapgen              # regenerate the shapes
//	go run ./game/imperial/board/mapgen -png /tmp    # also a picture of each raster
//	go run ./game/imperial/board/mapgen -extract DIR # recut the sources from world-atlas in DIR
//
// See docs/maps.md.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

var maps = []string{"europe", "world2030"}

func main() {
	dir := flag.String("dir", "game/imperial/board/mapgen", "the generator's directory (plans/, source/)")
	out := flag.String("out", "game/imperial/board/data", "where the shapes are written")
	extractFrom := flag.String("extract", "", "world-atlas package directory: recut the source files")
	pngDir := flag.String("png", "", "also write a picture of each map's raster into this directory")
	only := flag.String("map", "", "only this map")
	flag.Parse()
	if err := run(*dir, *out, *extractFrom, *pngDir, *only); err != nil {
		fmt.Fprintln(os.Stderr, "mapgen:", err)
		os.Exit(1)
	}
}

func run(dir, out, extractFrom, pngDir, only string) error {
	for _, name := range maps {
		if only != "" && name != only {
			continue
		}
		p, err := readPlan(filepath.Join(dir, "plans", name+".yaml"))
		if err != nil {
			return err
		}
		srcPath := filepath.Join(dir, "source", p.Source.File)
		if extractFrom != "" {
			world, err := readTopology(filepath.Join(extractFrom, p.Source.From), p.Source.Tolerance)
			if err != nil {
				return err
			}
			if err := writeSource(srcPath, extract(world, p.Source)); err != nil {
				return err
			}
		}
		src, err := readSource(srcPath)
		if err != nil {
			return err
		}
		res, err := generate(p, src)
		if err != nil {
			return err
		}
		for _, w := range res.warnings {
			fmt.Fprintf(os.Stderr, "%s: %s\n", name, w)
		}
		if pngDir != "" {
			if err := res.painter.writePNG(filepath.Join(pngDir, name+".png")); err != nil {
				return err
			}
		}
		if res.shapes == nil {
			for _, p := range res.problems {
				fmt.Fprintf(os.Stderr, "%s: %s\n", name, p)
			}
			continue
		}
		data, err := encodeShapes(res.shapes)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, name+"-shapes.json"), data, 0o644); err != nil {
			return err
		}
		if len(res.problems) > 0 {
			return fmt.Errorf("%s does not match the rules:\n  %s", name, strings.Join(res.problems, "\n  "))
		}
	}
	return nil
}
