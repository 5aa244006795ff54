//go:build linux && cgo

package store

/*
#include <malloc.h>
#include <stdlib.h>

// rondel_cap_arenas bounds glibc's malloc arenas when the program is
// loaded, before the Go runtime starts the threads that would make more:
// glibc counts the arenas it may make only when it first needs another,
// so a bound set later, once Go's threads have each made one, bounds
// nothing. An operator's MALLOC_ARENA_MAX or GLIBC_TUNABLES wins. Where
// there is no M_ARENA_MAX (musl) it does nothing.
__attribute__((constructor)) static void rondel_cap_arenas(void) {
#ifdef M_ARENA_MAX
	if (getenv("MALLOC_ARENA_MAX") == NULL && getenv("GLIBC_TUNABLES") == NULL) {
		mallopt(M_ARENA_MAX, 2);
	}
#endif
}
*/
import "C"

// The C above bounds the malloc arenas that SQLite's memory (its page
// caches, statements and sorts) is spread over, to two. glibc gives each
// thread that calls malloc an arena of its own, up to 8 a core, and keeps
// what is freed in each for reuse: SQLite's connections run on whichever
// of Go's threads calls them, so their memory was spread over half a
// dozen arenas (docs/performance.md, issue 20 session 6). Two arenas: two
// threads in SQLite at once rarely wait for each other's malloc on a small
// machine. It is process-wide, set once at load, like the Go runtime's own
// settings.
