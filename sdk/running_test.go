package sdk

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/internal/servetest"
)

// hostObj is a host object: the sandbox holds it, the client keeps the Go
// value.
type hostObj struct{ name string }

func (h *hostObj) CallMethod(ctx context.Context, method string, args []any, kwargs map[string]any) (any, error) {
	return h.name + "." + method, nil
}

// A step longer than the server's step budget answers "running"; the SDK
// continues it until it completes, streaming what every slice prints.
func TestRunningStepsContinue(t *testing.T) {
	for _, tc := range []struct {
		name string
		ctx  func(t *testing.T) context.Context
		dial func(t *testing.T) dialer
	}{
		{"websocket", func(t *testing.T) context.Context { return testCtx(t) }, func(t *testing.T) dialer {
			// Step budget: 1.2s integration timeout less a 1s margin.
			srv, _ := servetest.Start(t, serve.Options{IntegrationTimeout: 1200 * time.Millisecond, StepMargin: time.Second})
			return wsDialer(srv.URL())
		}},
		// A context without a deadline: the engine's MaxStep is the budget.
		{"inprocess", func(t *testing.T) context.Context { return t.Context() }, func(t *testing.T) dialer {
			return inProcessEngine(t, engine.Config{MaxStep: 100 * time.Millisecond})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := tc.ctx(t)
			s := checkout(t, tc.dial(t)(t), nil)
			var out strings.Builder
			per := 1_500_000 / loopScale
			code := fmt.Sprintf("total = 0\nfor part in range(5):\n    for i in range(%d):\n        total += 1\n    print('part', part)\ntotal", per)
			v, err := s.FeedRun(ctx, code, &FeedOptions{Print: func(stream, text string) { out.WriteString(text) }})
			if err != nil {
				t.Fatal(err)
			}
			if v.Go != int64(5*per) {
				t.Errorf("total = %s", v.Repr)
			}
			if want := "part 0\npart 1\npart 2\npart 3\npart 4\n"; out.String() != want {
				t.Errorf("printed %q, want %q", out.String(), want)
			}
			hist, err := s.History(ctx)
			if err != nil {
				t.Fatal(err)
			}
			continues := 0
			for _, st := range hist {
				if st.Op == protocol.OpContinue {
					continues++
				}
			}
			if continues == 0 {
				t.Errorf("no continue step in %+v: the feed fit one step; make it longer", hist)
			}
			// Host objects handed in come back as the same Go value.
			o := &hostObj{name: "db"}
			v = feed(t, s, "db", &FeedOptions{Inputs: map[string]any{"db": o}})
			if v.Go != any(o) {
				t.Errorf("host object came back as %#v", v.Go)
			}
		})
	}
}
