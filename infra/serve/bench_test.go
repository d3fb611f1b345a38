package serve_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
)

// BenchmarkStep measures one small feed on a warm session: called on the
// engine directly, and through amber serve over WebSocket (the gateway,
// the handler, the management API post and the client) — the difference
// is what the edge costs per step.
//
//	go test -run '^$' -bench BenchmarkStep ./infra/serve/
func BenchmarkStep(b *testing.B) {
	srv := startServer(b, serve.Options{})
	ctx := context.Background()
	caller := engine.Caller{Project: serve.OpenProject}
	b.Run("engine", func(b *testing.B) {
		s := srv.Engine().Handle(ctx, caller, &protocol.Request{Op: "checkout", ID: newID("bench")}, nil).Session
		for i := 0; b.Loop(); i++ {
			rep := srv.Engine().Handle(ctx, caller, &protocol.Request{Op: "feed", ID: fmt.Sprint("e", i), Session: s, Code: "n = 1"}, nil)
			if !rep.OK {
				b.Fatal(rep.Error)
			}
		}
	})
	b.Run("websocket", func(b *testing.B) {
		c := dial(b, srv, "", nil)
		s := c.checkout(protocol.Request{})
		for i := 0; b.Loop(); i++ {
			c.ok(protocol.Request{Op: "feed", ID: fmt.Sprint("w", i), Session: s, Code: "n = 1"})
		}
	})
}
