package core

// StepLimits bound the runs of a session from now until they are set
// again, below its own Limits: a host that serves many sessions in one
// process grants each step a share of the process's memory and caps what
// one step may print, without changing the limits that travel with the
// session. Zero fields leave the session's limit as it is.
type StepLimits struct {
	// MaxMemory caps the heap during the step (bytes); past it the run
	// ends with a memory *LimitError, as under Limits.MaxMemory.
	MaxMemory int64
	// MaxOutput caps the bytes printed during the step; past it the run
	// ends with an output *LimitError.
	MaxOutput int64
}

// SetStepLimits applies l to the session's next runs (feeds, resumes,
// continues) until it is called again; SetStepLimits(StepLimits{})
// restores the session's own limits, and a host should do that before it
// dumps. A restored session over its memory limit keeps its grace (see
// LoadSession): the step cap never drops under what it holds.
func (s *Session) SetStepLimits(l StepLimits) {
	own := s.cfg.Limits
	mem := s.m.Limits.MaxMemory
	if s.overMemory == 0 {
		mem = own.MaxMemory
	}
	if l.MaxMemory > 0 && (mem == 0 || l.MaxMemory < mem) {
		mem = max(l.MaxMemory, s.overMemory)
	}
	s.m.Limits.MaxMemory = mem
	out := own.MaxOutput
	if l.MaxOutput > 0 {
		step := s.m.OutputBytes + l.MaxOutput
		if out == 0 || step < out {
			out = step
		}
	}
	s.m.Limits.MaxOutput = out
}

// Collect frees the objects nothing reachable refers to. A run that ended
// with an error can leave large garbage behind (the half-built operands of
// the operation that failed); a host that dumps the session next calls
// Collect first, so the garbage is not stored. It must not be called while
// a run is in progress.
func (s *Session) Collect() { s.m.Collect() }
