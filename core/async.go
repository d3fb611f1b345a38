package core

import (
	"fmt"
	"sort"
	"sync"
)

// Async host functions. A host function listed in FeedOptions.Async, or a
// host function that returns a *Future, runs in its own goroutine: under
// FeedRun and ResumeAuto the call resumes at once with a future, so
// several calls gathered with asyncio.gather run concurrently in Go. When
// every sandbox task waits on host futures (a *Futures progress),
// ResumeAuto blocks until at least one of them finishes and settles all
// that have finished together.
//
// The goroutines belong to the live session: a snapshot of a session
// waiting on them is settled with Futures.Resume by whoever loads it.

// Future is the pending result of a host call computing in a goroutine.
type Future struct {
	done chan struct{}
	v    any
	err  error
}

// Go runs f in a goroutine and returns its future; a HostFunc returns it
// to make its call asynchronous.
func Go(f func() (any, error)) *Future {
	fu := &Future{done: make(chan struct{})}
	go func() {
		defer close(fu.done)
		fu.v, fu.err = f()
	}()
	return fu
}

// hostFutures are the futures of this session's pending async calls.
type hostFutures struct {
	mu      sync.Mutex
	pending map[int64]*Future
	settled chan struct{} // signalled whenever one finishes
}

func (h *hostFutures) add(id int64, fu *Future) {
	h.mu.Lock()
	if h.pending == nil {
		h.pending = map[int64]*Future{}
		h.settled = make(chan struct{}, 1)
	}
	h.pending[id] = fu
	settled := h.settled
	h.mu.Unlock()
	go func() {
		<-fu.done
		select {
		case settled <- struct{}{}:
		default:
		}
	}()
}

// wait blocks until at least one future of ids has finished and returns
// the results of all finished ones, removing them.
func (h *hostFutures) wait(ids []int64) (map[int64]any, error) {
	if len(ids) == 0 {
		// Nothing could ever settle: waiting would block forever.
		return nil, fmt.Errorf("%w: the sandbox waits for no host call's future", ErrNoAutoResume)
	}
	for {
		h.mu.Lock()
		results := map[int64]any{}
		for _, id := range ids {
			fu, ok := h.pending[id]
			if !ok {
				h.mu.Unlock()
				return nil, fmt.Errorf("%w: the future of call %d was not started by this session's FeedRun or ResumeAuto (settle it with Futures.Resume)", ErrNoAutoResume, id)
			}
			select {
			case <-fu.done:
				if fu.err != nil {
					results[id] = fu.err
				} else {
					results[id] = fu.v
				}
			default:
			}
		}
		settled := h.settled
		if len(results) > 0 {
			for id := range results {
				delete(h.pending, id)
			}
			h.mu.Unlock()
			return results, nil
		}
		h.mu.Unlock()
		<-settled
	}
}

// autoAsync starts an async host call and resumes it with a future.
func (s *Session) autoAsync(p *FunctionCall, fu *Future) (Progress, error) {
	if err := p.base().checkLive(); err != nil {
		return nil, err
	}
	s.futures.add(p.CallID, fu)
	return p.ResumeFuture()
}

// autoFutures settles the futures a Futures progress waits on.
func (s *Session) autoFutures(p *Futures) (Progress, error) {
	if err := p.base().checkLive(); err != nil {
		return nil, err
	}
	ids := append([]int64(nil), p.CallIDs...)
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	results, err := s.futures.wait(ids)
	if err != nil {
		return nil, err
	}
	return p.Resume(results)
}
