package rie_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/amber-sandbox/amber/infra/rie"
)

// coldStarts is how many cold starts TestColdStartUnderEmulator makes.
const coldStarts = 7

var (
	initReport = regexp.MustCompile(`INIT REPORT\(durationMs: ([0-9.]+)\)`)
	report     = regexp.MustCompile(`REPORT RequestId: \S+\s+(?:Init Duration: [0-9.]+ ms\s+)?Duration: ([0-9.]+) ms`)
)

// TestColdStartUnderEmulator starts the WebSocket function cold under the
// emulator several times, each on a fresh embedded store: connect,
// checkout, then a first feed that imports five standard-library modules
// and uses them. It checks the feed's reply and logs Lambda's INIT REPORT
// and the first feed's REPORT duration of each start, with their medians
// (the cold-start numbers of functions/engine/README.md):
//
//	go test -run TestColdStartUnderEmulator -v ./infra/rie/
func TestColdStartUnderEmulator(t *testing.T) {
	_, err := rie.Binary()
	need(t, err == nil, fmt.Sprint(err))
	if testing.Short() {
		t.Skip("seven cold starts")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var mu sync.Mutex
	var posted []string
	conns := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		posted = append(posted, string(b))
		mu.Unlock()
	}))
	defer conns.Close()
	bin, err := rie.Build(ctx, "github.com/amber-sandbox/amber/functions/ws", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	event := func(name string, body func(map[string]any)) json.RawMessage {
		b, err := os.ReadFile(filepath.Join(eventsDir, name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if body == nil {
			return b
		}
		var ev map[string]any
		if err := json.Unmarshal(b, &ev); err != nil {
			t.Fatal(err)
		}
		var req map[string]any
		if err := json.Unmarshal([]byte(ev["body"].(string)), &req); err != nil {
			t.Fatal(err)
		}
		body(req)
		rb, _ := json.Marshal(req)
		ev["body"] = string(rb)
		out, _ := json.Marshal(ev)
		return out
	}
	feed := func(session string) json.RawMessage {
		return event("feed", func(req map[string]any) {
			req["session"] = session
			req["code"] = "import json, re, collections, datetime, math\n" +
				"json.dumps([re.sub('b+', '-', 'abbc'), collections.Counter('aab')['a'], datetime.date(2024, 2, 29).isoformat(), math.floor(2.5)])"
			delete(req, "functions")
		})
	}
	var inits, feeds []float64
	for i := range coldStarts {
		emu, err := rie.Start(ctx, rie.Options{Bootstrap: bin, Env: []string{
			"AMBER_DATA_DIR=" + t.TempDir(),
			"AMBER_API_KEYS=" + sampleKey,
			"AMBER_CONNECTIONS_ENDPOINT=" + conns.URL,
			"AMBER_TABLE=", "AMBER_BUCKET=",
		}, LogLevel: "info"})
		if err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		posted = nil
		mu.Unlock()
		invoke := func(ev json.RawMessage) {
			var resp events.APIGatewayProxyResponse
			if err := emu.Invoke(ctx, ev, &resp); err != nil || resp.StatusCode != http.StatusOK {
				emu.Stop()
				t.Fatalf("start %d: %v %d %s\n%s", i, err, resp.StatusCode, resp.Body, emu.Logs())
			}
		}
		invoke(event("connect", nil))
		invoke(event("checkout", nil))
		var checkout struct{ Session string }
		mu.Lock()
		if len(posted) > 0 {
			_ = json.Unmarshal([]byte(posted[len(posted)-1]), &checkout)
		}
		mu.Unlock()
		if checkout.Session == "" {
			emu.Stop()
			t.Fatalf("start %d: checkout answered no session: %v", i, posted)
		}
		invoke(feed(checkout.Session))
		// The emulator logs a REPORT just after the invocation answers.
		logs := emu.Logs()
		for deadline := time.Now().Add(5 * time.Second); len(report.FindAllString(logs, -1)) < 3 && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
			logs = emu.Logs()
		}
		emu.Stop()
		mu.Lock()
		replies := strings.Join(posted, "\n")
		mu.Unlock()
		if want := `[\"a-c\", 2, \"2024-02-29\", 2]`; !strings.Contains(replies, want) {
			t.Fatalf("start %d: the feed's reply lacks %s:\n%s", i, want, replies)
		}
		in := initReport.FindStringSubmatch(logs)
		reps := report.FindAllStringSubmatch(logs, -1)
		if in == nil || len(reps) != 3 {
			t.Fatalf("start %d: no INIT REPORT or not three REPORTs in the emulator's log:\n%s", i, logs)
		}
		initMS, _ := strconv.ParseFloat(in[1], 64)
		feedMS, _ := strconv.ParseFloat(reps[2][1], 64)
		inits, feeds = append(inits, initMS), append(feeds, feedMS)
	}
	median := func(xs []float64) float64 {
		s := slices.Clone(xs)
		slices.Sort(s)
		return s[len(s)/2]
	}
	t.Logf("%d cold starts: INIT REPORT durationMs %v (median %.1f); first feed with five imports, REPORT Duration ms %v (median %.2f)",
		coldStarts, inits, median(inits), feeds, median(feeds))
}
