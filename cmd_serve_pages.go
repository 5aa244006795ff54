package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"os"
	"time"

	"rondel/handlers"
)

// pagesVersion names this build's drawings and words, under which the
// games' page parts are kept (handlers/kept_pages.go): a
// hash of the program's own file, so any change to the code makes new
// parts and no part made by another build is shown. "" (keep none) if
// the file cannot be read.
func pagesVersion(log *slog.Logger) string {
	path, err := os.Executable()
	if err == nil {
		var f *os.File
		if f, err = os.Open(path); err == nil {
			defer f.Close()
			h := sha256.New()
			if _, err = io.Copy(h, f); err == nil {
				return hex.EncodeToString(h.Sum(nil)[:12])
			}
		}
	}
	log.Warn("games' pages are not kept: this program's file cannot be read", "err", err)
	return ""
}

// The keeper's pace: a batch of games, then a pause that leaves the
// pages the CPU (a batch takes some tens of milliseconds); when no game
// is due, a look a minute.
const (
	keepPause = 250 * time.Millisecond
	keepIdle  = time.Minute
)

// keepPages makes games' page parts in the background until ctx ends,
// and removes those of other builds once its own are made.
func keepPages(ctx context.Context, h *handlers.Server, log *slog.Logger) {
	dropped, kept := false, 0
	for {
		n, err := h.KeepPages(ctx)
		if err != nil && ctx.Err() == nil {
			log.Warn("keep pages", "err", err)
		}
		kept += n
		wait := keepPause
		if n == 0 || err != nil {
			wait = keepIdle
			if kept > 0 {
				log.Info("games' pages kept", "games", kept)
				kept = 0
			}
			if err == nil && !dropped {
				dropped = dropOldPages(ctx, h, log)
			}
		} else {
			dropped = false
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
	}
}

// dropOldPages removes the parts other builds made, a hundred games at
// a time, and says whether it removed them all.
func dropOldPages(ctx context.Context, h *handlers.Server, log *slog.Logger) bool {
	for {
		n, err := h.DropOldPages(ctx, 100)
		if err != nil {
			if ctx.Err() == nil {
				log.Warn("drop old pages", "err", err)
			}
			return false
		}
		if n == 0 {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(keepPause):
		}
	}
}
