//go:build linux

package engine

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadCPU is the CPU time (user and system) the calling OS thread has
// used, from CLOCK_THREAD_CPUTIME_ID; ok is false where the clock fails.
func threadCPU() (d time.Duration, ok bool) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
