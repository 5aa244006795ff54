package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"rondel/game/words"
)

// Asking for help is no failure: the list of commands and each command's
// flags exit 0; selfplay's help names every game and each of its options.
func TestHelp(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want []string // in stdout and stderr together
	}{
		{[]string{"--help"}, 0, []string{"usage: rondel COMMAND", "selfplay", "serve"}},
		{[]string{"-h"}, 0, []string{"usage: rondel COMMAND"}},
		{[]string{"help"}, 0, []string{"usage: rondel COMMAND"}},
		{[]string{"serve", "--help"}, 0, []string{"-addr"}},
		{[]string{"selfplay", "--help"}, 0, []string{"-option"}},
		{[]string{"no-such-command"}, 2, []string{"unknown command"}},
		{[]string{"selfplay", "--no-such-flag"}, 1, []string{"no-such-flag"}},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), c.args, &out, &errb)
		all := out.String() + errb.String()
		if code != c.code {
			t.Errorf("rondel %v: exit %d, want %d\n%s", c.args, code, c.code, all)
		}
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("rondel %v: %q missing from\n%s", c.args, w, all)
			}
		}
	}
	var out, errb bytes.Buffer
	run(context.Background(), []string{"selfplay", "-h"}, &out, &errb)
	for _, info := range registry().List() {
		if !strings.Contains(errb.String(), "  "+info.ID+": "+words.English().Say(info.Name)) {
			t.Errorf("selfplay -h does not list the game %s", info.ID)
		}
		for _, o := range info.Options {
			if !strings.Contains(errb.String(), "    "+o.Name+"=") || !strings.Contains(errb.String(), words.English().Say(o.Label)) {
				t.Errorf("selfplay -h does not list %s's option %s", info.ID, o.Name)
			}
		}
	}
}
