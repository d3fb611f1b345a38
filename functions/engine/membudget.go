package engine

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"
)

// memBudget is the process's memory for running steps, shared by every
// session: a step reserves the heap it may use before it runs and gives it
// back when it ends, so the steps in flight together stay under the
// budget whatever their sessions' own limits say. A step is granted its
// session's max_memory if the budget has it, else what is left (at least
// what its state already holds and a little room); a step that then needs
// more ends with the memory limit's error, committed, like any limit.
// While other steps are in flight, one step is granted at most half the
// budget, so a large step cannot shut the others out. Only when not even
// the least grant is left does a step wait, and past its deadline it
// fails without running.
type memBudget struct {
	mu      sync.Mutex
	freed   chan struct{} // closed and replaced at every release
	total   int64
	used    int64
	holders int // steps holding a grant
}

// stepRoom is the least room a step gets beyond what its state holds: a
// step granted less could not compile a line.
const stepRoom = 16 << 20

func newMemBudget(total int64) *memBudget {
	return &memBudget{total: total, freed: make(chan struct{})}
}

// stepCost is what a heap limit of n costs the budget: the interpreter
// lets its byte count reach an eighth past the limit between collections,
// and the commit after the run encodes the changed pages, up to as much
// again.
func stepCost(n int64) int64 { return 2*n + n/8 }

// grantFor is the largest heap limit whose stepCost fits in m.
func grantFor(m int64) int64 { return max(m, 0) * 8 / 17 }

// acquire grants a step up to want bytes of heap, at least need (capped
// at want), waiting for other steps to release memory until ctx is done.
// It returns the grant and the function that releases it.
func (b *memBudget) acquire(ctx context.Context, want, need int64) (int64, func(), error) {
	need = min(need, want)
	for {
		b.mu.Lock()
		room := b.total - b.used
		if b.holders > 0 {
			room = min(room, b.total/2)
		}
		grant := min(want, grantFor(room))
		if grant >= need {
			cost := stepCost(grant)
			b.used += cost
			b.holders++
			b.mu.Unlock()
			var once sync.Once
			return grant, func() { once.Do(func() { b.release(cost) }) }, nil
		}
		if b.holders == 0 {
			// Nothing to wait for: the whole budget is too small.
			b.mu.Unlock()
			return 0, nil, fmt.Errorf("the step's state needs %d bytes, more than the server's memory for steps allows (%d)", need, grantFor(b.total))
		}
		freed := b.freed
		b.mu.Unlock()
		select {
		case <-freed:
		case <-ctx.Done():
			return 0, nil, fmt.Errorf("the server's memory for steps is in use by other steps: %w", ctx.Err())
		}
	}
}

func (b *memBudget) release(n int64) {
	b.mu.Lock()
	b.used -= n
	b.holders--
	close(b.freed)
	b.freed = make(chan struct{})
	b.mu.Unlock()
}

// inUse returns the reserved bytes (for tests and logs).
func (b *memBudget) inUse() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// ProcessMemory is the memory this process may use: the Go runtime's soft
// memory limit (GOMEMLIMIT, or debug.SetMemoryLimit) when one is set,
// else half the machine's memory (/proc/meminfo), else 2 GB.
func ProcessMemory() int64 {
	if lim := debug.SetMemoryLimit(-1); lim > 0 && lim < math.MaxInt64 {
		return lim
	}
	if total := memTotal(); total > 0 {
		return total / 2
	}
	return 2 << 30
}

// DefaultMemoryBudget is the memory for steps of a process that may use
// process bytes, with cacheBytes of it for warm sessions and chunks: three
// quarters of the rest (the Go runtime, the reply buffers and the stores'
// clients take the other quarter), at least 64 MB.
func DefaultMemoryBudget(process, cacheBytes int64) int64 {
	return max((process-cacheBytes)*3/4, 64<<20)
}

func memTotal() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}

// waitBudget is how long a step may wait for admission and memory: the
// time to its deadline less the step margin and a short run, or MaxStep.
func (e *Engine) waitBudget(ctx context.Context) (context.Context, context.CancelFunc) {
	d := e.cfg.MaxStep
	if dl, ok := ctx.Deadline(); ok {
		d = time.Until(dl) - e.cfg.StepMargin - 100*time.Millisecond
	}
	return context.WithTimeout(ctx, max(d, 0))
}
