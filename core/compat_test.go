package core_test

import (
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// A generator abandoned inside a try runs its finally once unreachable,
// at the latest when the feed ends; one still referenced does not.
func TestAbandonedGeneratorFinally(t *testing.T) {
	s := core.NewSession(core.Config{})
	var out strings.Builder
	opts := &core.FeedOptions{Print: func(_, text string) { out.WriteString(text) }}
	feed(t, s, `
def gen(tag):
    try:
        yield 1
        yield 2
    finally:
        print('finally', tag)
for x in gen('loop'):
    break
kept = gen('kept')
next(kept)
print('feed done')
`, opts)
	if got, want := out.String(), "feed done\nfinally loop\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
	out.Reset()
	feed(t, s, "del kept", opts)
	if got, want := out.String(), "finally kept\n"; got != want {
		t.Errorf("after del: %q, want %q", got, want)
	}
}
