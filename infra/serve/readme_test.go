package serve_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
)

// TestReadmeQuickStart runs the WebSocket lines of the README's quick
// start as shown: the first transcript against a server, then the second
// against a new server on the same data directory, as after a restart of
// amber serve. Lines starting with {"op" are sent as they are (with the
// real session id for SESSION); the lines after them are the replies,
// compared up to a trailing "stats":{...}.
func TestReadmeQuickStart(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	transcripts := quickStartTranscripts(t, string(b))
	if len(transcripts) != 2 {
		t.Fatalf("the README's quick start has %d websocat transcripts, want 2 (before and after a restart)", len(transcripts))
	}
	dir := t.TempDir()
	session := ""
	for i, lines := range transcripts {
		srv := startServer(t, serve.Options{DataDir: dir})
		c := dial(t, srv, "", nil)
		for k := 0; k < len(lines); k++ {
			req := lines[k]
			if !strings.HasPrefix(req, `{"op"`) {
				t.Fatalf("transcript %d line %d: %q is not a request", i+1, k+1, req)
			}
			if k+1 >= len(lines) || !strings.HasPrefix(lines[k+1], `{"id"`) {
				t.Fatalf("transcript %d: request %q has no reply shown", i+1, req)
			}
			want := lines[k+1]
			k++
			if session != "" {
				req = strings.ReplaceAll(req, "SESSION", session)
			}
			var r protocol.Request
			if err := json.Unmarshal([]byte(req), &r); err != nil {
				t.Fatalf("README request %s: %v", req, err)
			}
			rep := c.wait(c.sendRaw(r.ID, []byte(req)), r.ID)
			got, _ := json.Marshal(rep)
			if r.Op == protocol.OpCheckout {
				session = rep.Session
			}
			want = strings.ReplaceAll(want, "SESSION", session)
			if prefix, ok := strings.CutSuffix(want, `,"stats":{...}}`); ok {
				if !strings.HasPrefix(string(got), prefix+`,"stats":{`) {
					t.Errorf("reply to %s:\n got %s\nwant %s", req, got, want)
				}
			} else if string(got) != want {
				t.Errorf("reply to %s:\n got %s\nwant %s", req, got, want)
			}
		}
		c.close()
		shutdown(t, srv)
	}
}

// quickStartTranscripts returns the lines of each code block of the
// README's "Quick start" section that starts with "$ websocat".
func quickStartTranscripts(t *testing.T, readme string) [][]string {
	_, sec, ok := strings.Cut(readme, "\n## Quick start\n")
	if !ok {
		t.Fatal("README has no Quick start section")
	}
	if i := strings.Index(sec, "\n## "); i >= 0 {
		sec = sec[:i]
	}
	var out [][]string
	blocks := strings.Split(sec, "```")
	for i := 1; i < len(blocks); i += 2 {
		lines := strings.Split(strings.TrimSpace(blocks[i]), "\n")
		if !strings.HasPrefix(lines[0], "$ websocat ws://127.0.0.1:8765/") {
			continue
		}
		out = append(out, lines[1:])
	}
	return out
}

// sendRaw sends one message as it is and returns the channel of the
// reply to id.
func (c *client) sendRaw(id string, msg []byte) chan *protocol.Reply {
	ch := make(chan *protocol.Reply, 1)
	c.mu.Lock()
	if rep, ok := c.replies[id]; ok {
		delete(c.replies, id)
		ch <- rep
	} else {
		c.waiting[id] = ch
	}
	c.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, msg); err != nil {
		c.tb().Fatalf("write: %v", err)
	}
	return ch
}
