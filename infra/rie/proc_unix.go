//go:build unix

package rie

import (
	"os/exec"
	"syscall"
)

// ownGroup starts cmd in a process group of its own, so that stopping it
// also stops the function the emulator started.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
