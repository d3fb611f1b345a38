package serve_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
)

// TestProtocolExample runs the transcript of docs/protocol.md's "A
// session, end to end": "> " lines are sent (with the real session id for
// the placeholder), "< " lines must arrive, where a string ending in
// "..." stands for any string and a reply may carry printed and stats
// besides.
func TestProtocolExample(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "protocol.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(b), "## A session, end to end")
	if !ok {
		t.Fatal("docs/protocol.md has no end-to-end example")
	}
	blocks := strings.Split(sec, "```")
	if len(blocks) < 2 {
		t.Fatal("no transcript")
	}
	srv := startServer(t, serve.Options{})
	c := dial(t, srv, "", nil)
	placeholder, session := "", ""
	var pending chan *protocol.Reply
	var sent protocol.Request
	for _, line := range strings.Split(strings.TrimSpace(blocks[1]), "\n") {
		dir, msg, _ := strings.Cut(line, " ")
		switch dir {
		case ">":
			if session != "" {
				msg = strings.ReplaceAll(msg, placeholder, session)
			}
			if err := json.Unmarshal([]byte(msg), &sent); err != nil {
				t.Fatalf("%s: %v", msg, err)
			}
			pending = c.sendRaw(sent.ID, []byte(msg))
		case "<":
			var want map[string]any
			if err := json.Unmarshal([]byte(msg), &want); err != nil {
				t.Fatalf("%s: %v", msg, err)
			}
			if want["event"] != nil {
				continue // checked with the reply, which follows it
			}
			rep := c.wait(pending, sent.ID)
			raw, _ := json.Marshal(rep)
			var got map[string]any
			_ = json.Unmarshal(raw, &got)
			for k, wv := range want {
				ws, wild := wv.(string)
				wild = wild && strings.HasSuffix(ws, "...")
				if gv, ok := got[k]; !ok || (!wild && !jsonSame(gv, wv)) {
					t.Errorf("reply to %s: %s = %v, want %v", sent.ID, k, got[k], wv)
				}
			}
			for k := range got {
				if _, ok := want[k]; !ok && k != "printed" && k != "stats" && (k != "limits" || sent.Op != protocol.OpCheckout) {
					t.Errorf("reply to %s has %s, not shown in the example", sent.ID, k)
				}
			}
			if sent.Op == protocol.OpCheckout {
				placeholder, session = want["session"].(string), rep.Session
			}
		}
	}
	if got := c.printed("2"); got != "hi\n" {
		t.Errorf("print events of request 2: %q", got)
	}
}

func jsonSame(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
