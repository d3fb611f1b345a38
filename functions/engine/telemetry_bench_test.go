package engine

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/functions/telemetry"
	"github.com/amber-sandbox/amber/internal/otlptest"
)

// envReceiverChild makes the test binary a child OTLP receiver
// (TestOTLPReceiverChild): the benchmarks export to a receiver in
// another process, as to a collector, so that decoding what they send
// is not counted as the engine's cost.
const envReceiverChild = "AMBER_OTLP_RECEIVER_CHILD"

// TestOTLPReceiverChild is not a test: run as a child with
// AMBER_OTLP_RECEIVER_CHILD=1, it serves an OTLP receiver, prints its
// URL and serves until its stdin closes.
func TestOTLPReceiverChild(t *testing.T) {
	if os.Getenv(envReceiverChild) != "1" {
		t.Skip("the benchmarks' child receiver")
	}
	rec := otlptest.Start(t)
	fmt.Println(rec.URL())
	_, _ = io.Copy(io.Discard, os.Stdin)
}

var (
	receiverOnce sync.Once
	receiverURL  string
	receiverErr  error
	// receiverIn is the child's stdin, held open (a collected pipe would
	// be closed, and the child would stop) until this process exits.
	receiverIn io.WriteCloser
)

// childReceiver starts (once per process) the test binary as an OTLP
// receiver in a child process and returns its URL.
func childReceiver(b *testing.B) string {
	receiverOnce.Do(func() {
		exe, err := os.Executable()
		if err != nil {
			receiverErr = err
			return
		}
		cmd := exec.Command(exe, "-test.run=^TestOTLPReceiverChild$")
		cmd.Env = append(os.Environ(), envReceiverChild+"=1")
		stdin, err := cmd.StdinPipe()
		if err != nil {
			receiverErr = err
			return
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			receiverErr = err
			return
		}
		if receiverErr = cmd.Start(); receiverErr != nil {
			return
		}
		receiverIn = stdin
		line, err := bufio.NewReader(out).ReadString('\n')
		if err != nil {
			receiverErr = fmt.Errorf("child receiver: %w", err)
			return
		}
		receiverURL = strings.TrimSpace(line)
		go func() { _, _ = io.Copy(io.Discard, out) }()
	})
	if receiverErr != nil {
		b.Fatal(receiverErr)
	}
	return receiverURL
}

// BenchmarkTracing is a warm step in memory and on the embedded store
// (bbolt and chunk files, amber serve's default), side by side: telemetry off; traces and
// metrics on, exported in batches over OTLP/HTTP to a receiver on
// loopback; and on with a traceparent on every request (the SDK's case).
// Compare the p50-ms of the three (go test -bench BenchmarkTracing
// -count 6, then benchstat).
func BenchmarkTracing(b *testing.B) {
	for _, st := range []struct {
		name string
		open func(testing.TB) (meta.Store, cas.Store)
	}{{"memory", openMemory}, {"bolt", openBolt}} {
		b.Run(st.name+"/off", func(b *testing.B) { benchTraced(b, st.open, false, false) })
		b.Run(st.name+"/on", func(b *testing.B) { benchTraced(b, st.open, true, false) })
		b.Run(st.name+"/on-traceparent", func(b *testing.B) { benchTraced(b, st.open, true, true) })
	}
}

func benchTraced(b *testing.B, open func(testing.TB) (meta.Store, cas.Store), on, parent bool) {
	step := tracedStepper(b, open, on, parent)
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lat = append(lat, step(i))
	}
	b.StopTimer()
	b.ReportMetric(p50ms(lat), "p50-ms")
}

// BenchmarkTracingInterleaved alternates warm steps of two engines, one
// with telemetry off and one with it on (exporting to a loopback OTLP
// receiver), so that both see the same load of a shared machine, and
// reports each one's p50 and their ratio. The two engines share one
// store (as two processes on one store do), so neither has a faster
// file or a warmer cache than the other. memory-unexported makes the
// spans but drops them instead of exporting them: the difference from
// memory is the OTLP export's share (and its receiver's, on the same
// machine).
func BenchmarkTracingInterleaved(b *testing.B) {
	for _, st := range []struct {
		name string
		open func(testing.TB) (meta.Store, cas.Store)
		on   string // "otlp", "drop" (spans made, then dropped) or "off"
	}{{"memory-aa", openMemory, "off"}, {"memory", openMemory, "otlp"}, {"memory-unexported", openMemory, "drop"}, {"bolt", openBolt, "otlp"}} {
		b.Run(st.name, func(b *testing.B) {
			m, c := st.open(b)
			shared := func(testing.TB) (meta.Store, cas.Store) { return m, c }
			off := tracedStepper(b, shared, false, false)
			var on func(int) time.Duration
			switch st.on {
			case "drop":
				on = stepper(b, shared, &telemetry.Config{TraceSink: dropSpans{}}, true)
			case "off":
				on = tracedStepper(b, shared, false, false)
			default:
				on = tracedStepper(b, shared, true, true)
			}
			var offLat, onLat []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i%2 == 0 {
					offLat = append(offLat, off(i), off(i+b.N))
					onLat = append(onLat, on(i), on(i+b.N))
				} else {
					onLat = append(onLat, on(i), on(i+b.N))
					offLat = append(offLat, off(i), off(i+b.N))
				}
			}
			b.StopTimer()
			offP, onP := p50ms(offLat), p50ms(onLat)
			b.ReportMetric(offP, "off-p50-ms")
			b.ReportMetric(onP, "on-p50-ms")
			b.ReportMetric(onP/offP, "on/off")
		})
	}
}

func p50ms(lat []time.Duration) float64 {
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	return float64(lat[len(lat)/2].Nanoseconds()) / 1e6
}

// tracedStepper sets up an engine with one warm session and returns a
// function that runs step i on it and returns its latency.
func tracedStepper(b *testing.B, open func(testing.TB) (meta.Store, cas.Store), on, parent bool) func(i int) time.Duration {
	if !on {
		return stepper(b, open, nil, parent)
	}
	return stepper(b, open, &telemetry.Config{Endpoint: childReceiver(b)}, parent)
}

// dropSpans is a trace sink that drops what it is given.
type dropSpans struct{}

func (dropSpans) ExportTraces(context.Context, []byte) error { return nil }

var stepperN atomic.Int64

// stepper is tracedStepper with telemetry configured by tcfg (nil: off).
func stepper(b *testing.B, open func(testing.TB) (meta.Store, cas.Store), tcfg *telemetry.Config, parent bool) func(i int) time.Duration {
	ctx := context.Background()
	m, c := open(b)
	cfg := Config{Meta: m, Chunks: c}
	if tcfg != nil {
		tel, err := telemetry.New(ctx, *tcfg)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { _ = tel.Shutdown(context.Background()) })
		cfg.Telemetry = tel
	}
	// As OpenLocal stacks them: an LRU in front of the (traced) store.
	cfg.Chunks = cas.NewCache(cas.NewLRU(64<<20), cfg.Telemetry.Chunks(c, telemetry.SystemFiles), nil)
	e, err := New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := e.EnsureProject(ctx, "bench"); err != nil {
		b.Fatal(err)
	}
	caller := Caller{Project: "bench"}
	do := func(req protocol.Request) *protocol.Reply {
		rep := e.Handle(ctx, caller, &req, nil)
		if rep.Error != nil {
			b.Fatal(rep.Error)
		}
		return rep
	}
	// Each stepper its own session (engines sharing a store would
	// otherwise take a second checkout "co" for a retry of the first).
	s := do(protocol.Request{Op: protocol.OpCheckout, ID: fmt.Sprint("co", stepperN.Add(1))}).Session
	do(protocol.Request{Op: protocol.OpFeed, ID: "setup", Session: s, Code: "d = {i: str(i) for i in range(2000)}\nk = 0"})
	tp := ""
	if parent {
		tp = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
	}
	return func(i int) time.Duration {
		start := time.Now()
		do(protocol.Request{Op: protocol.OpFeed, ID: fmt.Sprint("s", i), Session: s, Code: "k += 1\nd[k % 2000] = k", TraceParent: tp})
		return time.Since(start)
	}
}
