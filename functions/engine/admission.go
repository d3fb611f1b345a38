package engine

import (
	"context"
	"runtime"
	"sync"
)

// admission lets steps run fairly among projects in one process: each
// project has at most its MaxStepsInFlight steps running, and the process
// at most maxTotal; a step over either waits in its project's queue. When
// a step ends, the next step admitted is taken from the projects in turn
// (round robin), so a project with a thousand queued steps delays another
// project's step by at most one step of each project ahead of it, never
// by its whole queue.
type admission struct {
	mu       sync.Mutex
	maxTotal int
	total    int
	running  map[string]int
	queues   map[string][]*waiter
	turn     []string // projects with waiters, in the order they are served
}

type waiter struct {
	limit int
	ready chan struct{} // closed when admitted
	gone  bool          // its context ended while it waited
}

func newAdmission(maxTotal int) *admission {
	if maxTotal <= 0 {
		maxTotal = 4 * runtime.GOMAXPROCS(0)
	}
	return &admission{maxTotal: maxTotal, running: map[string]int{}, queues: map[string][]*waiter{}}
}

// enter waits until a step of project may run (at most limit of the
// project's at once) or ctx is done. It returns the function that ends
// the step.
func (a *admission) enter(ctx context.Context, project string, limit int) (func(), error) {
	limit = max(limit, 1)
	a.mu.Lock()
	if len(a.queues[project]) == 0 && a.running[project] < limit && a.total < a.maxTotal {
		a.running[project]++
		a.total++
		a.mu.Unlock()
		return a.exitFunc(project), nil
	}
	w := &waiter{limit: limit, ready: make(chan struct{})}
	if len(a.queues[project]) == 0 {
		a.turn = append(a.turn, project)
	}
	a.queues[project] = append(a.queues[project], w)
	a.mu.Unlock()

	select {
	case <-w.ready:
		return a.exitFunc(project), nil
	case <-ctx.Done():
		a.mu.Lock()
		select {
		case <-w.ready:
			// Admitted as the context ended: give the slot back.
			a.mu.Unlock()
			a.exitFunc(project)()
		default:
			w.gone = true
			a.mu.Unlock()
		}
		return nil, ctx.Err()
	}
}

func (a *admission) exitFunc(project string) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			a.mu.Lock()
			a.running[project]--
			if a.running[project] == 0 {
				delete(a.running, project)
			}
			a.total--
			a.dispatch()
			a.mu.Unlock()
		})
	}
}

// dispatch admits waiting steps while there is room: each time, the
// first step of the project with the fewest steps running among those
// under their cap (ties: the one that waited longest for its turn), which
// then goes to the back of the turn. a.mu is held.
func (a *admission) dispatch() {
	for a.total < a.maxTotal {
		best := -1
		for i := 0; i < len(a.turn); {
			p := a.turn[i]
			q := a.queues[p]
			for len(q) > 0 && q[0].gone {
				q = q[1:]
			}
			a.queues[p] = q
			if len(q) == 0 {
				delete(a.queues, p)
				a.turn = append(a.turn[:i], a.turn[i+1:]...)
				continue
			}
			if a.running[p] < q[0].limit && (best < 0 || a.running[p] < a.running[a.turn[best]]) {
				best = i
			}
			i++
		}
		if best < 0 {
			return
		}
		p := a.turn[best]
		w := a.queues[p][0]
		a.queues[p] = a.queues[p][1:]
		a.running[p]++
		a.total++
		close(w.ready)
		a.turn = append(append(a.turn[:best:best], a.turn[best+1:]...), p)
		if len(a.queues[p]) == 0 {
			delete(a.queues, p)
			a.turn = a.turn[:len(a.turn)-1]
		}
	}
}
