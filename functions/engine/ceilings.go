package engine

import (
	"fmt"
	"log/slog"
	"runtime"
	"time"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// Ceilings are what the server lets one project's sessions and steps take,
// whatever their requests ask: a request's limits are capped by them, and
// a checkout without limits gets them, so no session is ever unlimited.
// Zero fields take the server default's value (Config.Ceilings), and the
// server default's zero fields DefaultCeilings' values. docs/protocol.md
// lists each with the error it gives.
type Ceilings struct {
	// MaxMemory caps a session's heap (bytes): limits.max_memory.
	MaxMemory int64 `json:"max_memory,omitempty"`
	// MaxStepMs caps the run time of one step (one slice; a longer feed
	// answers "running" and goes on with continue).
	MaxStepMs int64 `json:"max_step_ms,omitempty"`
	// MaxSessionMs caps a session's run time summed over all its steps:
	// limits.max_duration_ms.
	MaxSessionMs int64 `json:"max_session_ms,omitempty"`
	// MaxAllocations caps limits.max_allocations.
	MaxAllocations int64 `json:"max_allocations,omitempty"`
	// MaxRecursion caps limits.max_recursion (the frame depth).
	MaxRecursion int `json:"max_recursion,omitempty"`
	// MaxOutput caps the bytes one step may print. limits.max_output, the
	// session's total, is kept as asked: this cap bounds what a step holds.
	MaxOutput int64 `json:"max_output,omitempty"`
	// MaxReply caps the JSON size of one reply, printed output included.
	MaxReply int64 `json:"max_reply,omitempty"`
	// MaxSuspensions caps limits.max_suspensions.
	MaxSuspensions int `json:"max_suspensions,omitempty"`
	// MaxStepsInFlight caps the project's steps running at once in this
	// process; more wait in the project's queue.
	MaxStepsInFlight int `json:"max_steps_in_flight,omitempty"`
	// MaxSessions caps the project's open sessions (not closed, not
	// expired).
	MaxSessions int `json:"max_sessions,omitempty"`
	// MaxStepsPerDay and MaxCPUSecondsPerDay cap the project's committed
	// steps and interpreter CPU time per UTC day (0: no cap, the
	// default); past them a step is refused with quota (usage.go).
	MaxStepsPerDay      int64 `json:"max_steps_per_day,omitempty"`
	MaxCPUSecondsPerDay int64 `json:"max_cpu_seconds_per_day,omitempty"`
}

// DefaultCeilings are the ceilings of a server that sets none.
func DefaultCeilings() Ceilings {
	return Ceilings{
		MaxMemory:        256 << 20,
		MaxStepMs:        30_000,
		MaxSessionMs:     15 * 60_000,
		MaxAllocations:   1 << 34,
		MaxRecursion:     5000,
		MaxOutput:        4 << 20,
		MaxReply:         8 << 20,
		MaxSuspensions:   1_000_000,
		MaxStepsInFlight: max(1, runtime.GOMAXPROCS(0)-1),
		MaxSessions:      10_000,
	}
}

// coreDefaultRecursion is core's frame depth when a session sets none
// (CPython's default recursion limit).
const coreDefaultRecursion = 1000

// over returns c with every zero field taken from d.
func (c Ceilings) over(d Ceilings) Ceilings {
	pick64 := func(a, b int64) int64 {
		if a > 0 {
			return a
		}
		return b
	}
	pick := func(a, b int) int {
		if a > 0 {
			return a
		}
		return b
	}
	return Ceilings{
		MaxMemory:        pick64(c.MaxMemory, d.MaxMemory),
		MaxStepMs:        pick64(c.MaxStepMs, d.MaxStepMs),
		MaxSessionMs:     pick64(c.MaxSessionMs, d.MaxSessionMs),
		MaxAllocations:   pick64(c.MaxAllocations, d.MaxAllocations),
		MaxRecursion:     pick(c.MaxRecursion, d.MaxRecursion),
		MaxOutput:        pick64(c.MaxOutput, d.MaxOutput),
		MaxReply:         pick64(c.MaxReply, d.MaxReply),
		MaxSuspensions:   pick(c.MaxSuspensions, d.MaxSuspensions),
		MaxStepsInFlight: pick(c.MaxStepsInFlight, d.MaxStepsInFlight),
		MaxSessions:      pick(c.MaxSessions, d.MaxSessions),

		MaxStepsPerDay:      pick64(c.MaxStepsPerDay, d.MaxStepsPerDay),
		MaxCPUSecondsPerDay: pick64(c.MaxCPUSecondsPerDay, d.MaxCPUSecondsPerDay),
	}
}

// Validate reports a negative field.
func (c Ceilings) Validate() error {
	for name, v := range map[string]int64{
		"max_memory": c.MaxMemory, "max_step_ms": c.MaxStepMs, "max_session_ms": c.MaxSessionMs,
		"max_allocations": c.MaxAllocations, "max_recursion": int64(c.MaxRecursion), "max_output": c.MaxOutput,
		"max_reply": c.MaxReply, "max_suspensions": int64(c.MaxSuspensions),
		"max_steps_in_flight": int64(c.MaxStepsInFlight), "max_sessions": int64(c.MaxSessions),
		"max_steps_per_day": c.MaxStepsPerDay, "max_cpu_seconds_per_day": c.MaxCPUSecondsPerDay,
	} {
		if v < 0 {
			return fmt.Errorf("engine: ceiling %s is negative (%d)", name, v)
		}
	}
	return nil
}

// ceilings returns the project's ceilings: its own over the server's.
func (e *Engine) ceilings(project string) Ceilings {
	if p, ok := e.cfg.ProjectCeilings[project]; ok {
		c := p.over(e.cfg.Ceilings)
		c.MaxReply = min(c.MaxReply, maxReplyCeiling)
		return c
	}
	return e.cfg.Ceilings
}

// Ceilings returns the ceilings the engine applies to a project.
func (e *Engine) Ceilings(project string) Ceilings { return e.ceilings(project) }

// capLimits returns l capped by c: a limit over its ceiling, or unset,
// becomes the ceiling. The recursion depth, when unset, stays core's
// default (1000) if the ceiling allows it. max_output is the session's
// total and stays as asked; the step cap is MaxOutput.
func (c Ceilings) capLimits(l protocol.Limits) protocol.Limits {
	cap64 := func(v, ceil int64) int64 {
		if ceil > 0 && (v <= 0 || v > ceil) {
			return ceil
		}
		return v
	}
	l.MaxMemory = cap64(l.MaxMemory, c.MaxMemory)
	l.MaxDurationMs = cap64(l.MaxDurationMs, c.MaxSessionMs)
	l.MaxAllocations = cap64(l.MaxAllocations, c.MaxAllocations)
	l.MaxSuspensions = int(cap64(int64(l.MaxSuspensions), int64(c.MaxSuspensions)))
	if l.MaxRecursion <= 0 {
		l.MaxRecursion = coreDefaultRecursion
	}
	l.MaxRecursion = int(cap64(int64(l.MaxRecursion), int64(c.MaxRecursion)))
	return l
}

// stepTime is the run time ceiling of one step.
func (c Ceilings) stepTime() time.Duration {
	return time.Duration(c.MaxStepMs) * time.Millisecond
}

// maxReplyCeiling bounds MaxReply: a recorded reply must fit one chunk
// (cas's limit is 64 MB) with room to spare.
const maxReplyCeiling = 32 << 20

// setCeilings fills the ceilings' and the memory budget's defaults.
func (cfg *Config) setCeilings() error {
	cfg.Ceilings = cfg.Ceilings.over(DefaultCeilings())
	if err := cfg.Ceilings.Validate(); err != nil {
		return err
	}
	for p, c := range cfg.ProjectCeilings {
		if err := c.Validate(); err != nil {
			return fmt.Errorf("project %s: %w", p, err)
		}
	}
	if cfg.Ceilings.MaxReply > maxReplyCeiling {
		cfg.Ceilings.MaxReply = maxReplyCeiling
	}
	if cfg.MemoryBudget <= 0 {
		cfg.MemoryBudget = DefaultMemoryBudget(ProcessMemory(), cfg.CacheBytes)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return nil
}
