package engine

import (
	"fmt"
	"testing"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// TestAgentStepWrites measures a typical agent step: in a session with a
// heap of about 1 MB, one feed appends to a list and calls a host
// function, and the host answers (the resume). It logs what the step
// writes at the cas and metadata level and its price per million steps.
//
//	go test -run TestAgentStepWrites -v ./functions/engine/
func TestAgentStepWrites(t *testing.T) {
	log := &writeLog{}
	b := backend{"memory", func(t testing.TB) (meta.Store, cas.Store) {
		return loggedMeta{newMemMeta(), log}, loggedChunks{cas.NewMemory(), log}
	}, 0}
	h := newHarness(t, b, nil)
	s := h.checkout(false)
	// About 1 MB logical: 200,000 five-byte ints, plus the agent's log.
	h.feed(s, "big = list(range(10**9, 10**9 + 200000))\nlog = []\nk = 0")
	step := func() {
		rep := h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "k += 1\nlog.append(k)\nr = tool(k)", Functions: []string{"tool"}})
		if rep.Progress != protocol.ProgressFunctionCall {
			t.Fatalf("feed: %+v", rep)
		}
		rep = h.ok(protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), ReturnValue: raw("ok")})
		if rep.Progress != protocol.ProgressComplete {
			t.Fatalf("resume: %+v", rep)
		}
	}
	step() // warm up: the first step also rewrites what setup left
	const n = 100
	log.reset()
	for i := 0; i < n; i++ {
		step()
	}
	chunks, heads := log.snapshot()
	log.mu.Lock()
	usage := log.usage
	log.mu.Unlock()
	per := func(x int) float64 { return float64(x) / n }
	writes := per(len(chunks) + len(heads) + usage)
	chunkBytes, headBytes := per(sum(chunks)), per(sum(heads))
	t.Logf("\n| step | writes | chunk puts | chunk bytes | head writes | head bytes | $/M steps (tiered) | $/M steps (all S3) |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n%s",
		fmt.Sprintf("| 1 MB heap: append + host call + resume | %.1f | %.1f | %.0f B | %.1f | %.0f B | $%.2f | $%.2f |",
			writes, per(len(chunks)), chunkBytes, per(len(heads)), headBytes,
			(costPerMillion(chunks, heads, false)+float64(usage)*dynamoWRU)/n,
			(costPerMillion(chunks, heads, true)+float64(usage)*dynamoWRU)/n))
}
