package serve_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/internal/dynalite"
)

// awsOptions are amber serve's options on dynalite and the fake S3, with a
// fresh table.
func awsOptions(t *testing.T, s3 *fakeS3) serve.Options {
	return serve.Options{
		DynamoDBEndpoint: needDynalite(t),
		S3Endpoint:       s3.URL(),
		Table:            dynalite.Table("amber"),
		Bucket:           "amber",
		Region:           "us-east-1",
	}
}

// TestAWSStores runs amber serve on AWS-protocol stores (dynalite and
// gofakes3, as with --dynamodb-endpoint and --s3-endpoint): state
// survives a restart; two servers on the same stores (two Lambda
// instances) race on a session and the loser gets conflict; a store that
// fails gives internal, and the same request id then succeeds once.
func TestAWSStores(t *testing.T) {
	s3 := startFakeS3(t)
	opts := awsOptions(t, s3)

	var session, snapshot string
	t.Run("restart", func(t *testing.T) {
		a := startServer(t, opts)
		c := dial(t, a, "", nil)
		session = c.checkout(protocol.Request{})
		c.eval(session, "x = 1")
		snapshot = c.dump(session)
		c.close()
		shutdown(t, a)

		b := startServer(t, opts)
		d := dial(t, b, "", nil)
		d.expect(session, "x += 1\nx", "2", "x after restart")
		fresh := d.loadFresh(snapshot)
		d.expect(fresh, "x", "1", "x in the loaded dump")
	})

	t.Run("conflict between two servers", func(t *testing.T) {
		a, b := startServer(t, opts), startServer(t, opts)
		ca, cb := dial(t, a, "", nil), dial(t, b, "", nil)
		s := ca.checkout(protocol.Request{})
		ca.eval(s, "n = 0")
		okN, conflicts := 0, 0
		for round := 0; round < 10 && conflicts == 0; round++ {
			var wg sync.WaitGroup
			reps := make([]*protocol.Reply, 2)
			for i, c := range []*client{ca, cb} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ch := c.send(protocol.Request{Op: "feed", ID: newID("race"), Session: s, Code: "for _ in range(100000): pass\nn += 1\nn"})
					reps[i] = c.wait(ch, "race")
				}()
			}
			wg.Wait()
			ok, lost := raceOutcome(t, reps)
			okN, conflicts = okN+ok, conflicts+lost
		}
		if conflicts == 0 {
			t.Fatalf("two servers racing on one session never met a conflict (%d commits)", okN)
		}
		if got := cb.eval(s, "n"); got != fmt.Sprint(okN) {
			t.Fatalf("n = %s after %d committed steps: a conflicting step committed", got, okN)
		}
		t.Logf("%d commits, %d conflicts", okN, conflicts)
	})

	t.Run("internal, then retry with the same id", func(t *testing.T) {
		var log syncBuffer
		logged := opts
		logged.Logger = slog.New(slog.NewJSONHandler(&log, nil))
		srv := startServer(t, logged)
		c := dial(t, srv, "", nil)
		s := c.checkout(protocol.Request{})
		c.eval(s, "total = 0")
		s3.stop()
		req := protocol.Request{Op: "feed", ID: "needs-s3", Session: s, Code: "big = [str(i) for i in range(20000)]\ntotal += 1\ntotal"}
		rep := c.do(req)
		s3.restart(t)
		if rep.OK || rep.Error.Kind != protocol.KindInternal {
			t.Fatalf("feed with S3 down: %+v", rep)
		}
		// A short message and a correlation id; the details are in the
		// server's JSON log under that id.
		if id := rep.Error.CorrelationID; id == "" || !strings.Contains(rep.Error.Message, id) ||
			strings.Contains(rep.Error.Message, "127.0.0.1") || strings.Contains(rep.Error.Message, ".go") {
			t.Errorf("internal error %+v", rep.Error)
		}
		if !logHas(t, log.String(), rep.Error.CorrelationID, s3.addr) {
			t.Errorf("no log entry with correlation id %s naming the failed store:\n%s", rep.Error.CorrelationID, log.String())
		}
		rep = c.do(req)
		if !rep.OK || string(rep.Value) != "1" {
			t.Fatalf("retry with S3 back: %+v", rep)
		}
		rep = c.do(req)
		if !rep.OK || string(rep.Value) != "1" {
			t.Fatalf("second retry: %+v", rep)
		}
		c.expect(s, "total", "1", "total, one per run of the step")
	})
}

// syncBuffer is a bytes.Buffer safe for a logger's concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// logHas reports whether a JSON log has an entry with correlation id id
// whose error mentions detail.
func logHas(t *testing.T, log, id, detail string) bool {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Errorf("log line is not JSON: %q", line)
			continue
		}
		if m["correlation_id"] == id && strings.Contains(fmt.Sprint(m["err"]), detail) {
			return true
		}
	}
	return false
}
