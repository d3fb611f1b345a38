//go:build !linux

package engine

import "time"

// threadCPU has no per-thread clock here: runCPU falls back to the run's
// wall time.
func threadCPU() (time.Duration, bool) { return 0, false }
