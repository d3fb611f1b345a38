package handler

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"runtime/debug"

	"github.com/amber-sandbox/amber/functions/engine"
)

// The environment variables of the server's ceilings (engine.Ceilings):
// template.yaml sets them from its parameters. Unset or 0: the engine's
// default.
const (
	EnvMaxMemory        = "AMBER_MAX_MEMORY"          // bytes of one session's heap
	EnvMaxStepMs        = "AMBER_MAX_STEP_MS"         // run time of one step
	EnvMaxSessionMs     = "AMBER_MAX_SESSION_MS"      // run time of a session, all steps
	EnvMaxAllocations   = "AMBER_MAX_ALLOCATIONS"     // allocations of a session
	EnvMaxRecursion     = "AMBER_MAX_RECURSION"       // frame depth
	EnvMaxOutput        = "AMBER_MAX_OUTPUT"          // bytes printed per step
	EnvMaxReply         = "AMBER_MAX_REPLY"           // bytes of one reply
	EnvMaxSuspensions   = "AMBER_MAX_SUSPENSIONS"     // pauses of a session
	EnvMaxStepsInFlight = "AMBER_MAX_STEPS_IN_FLIGHT" // steps of one project at once in an instance
	EnvMaxSessions      = "AMBER_MAX_SESSIONS"        // open sessions of a project
	// EnvMaxStepsPerDay and EnvMaxCPUSecondsPerDay cap a project's
	// committed steps and interpreter CPU seconds per UTC day (0: none).
	EnvMaxStepsPerDay      = "AMBER_MAX_STEPS_PER_DAY"
	EnvMaxCPUSecondsPerDay = "AMBER_MAX_CPU_SECONDS_PER_DAY"
	// EnvProjectCeilings is a JSON object of project -> ceilings (the
	// same field names as a projects file's), over the ones above.
	EnvProjectCeilings = "AMBER_PROJECT_CEILINGS"
	// EnvMemoryBudget is the memory all steps of an instance share, in
	// bytes (0: three quarters of the instance's memory less the cache).
	EnvMemoryBudget = "AMBER_MEMORY_BUDGET"
	// EnvLambdaMemory is the function's memory size in MB, set by Lambda.
	EnvLambdaMemory = "AWS_LAMBDA_FUNCTION_MEMORY_SIZE"
)

// ceilingsFromEnv fills cfg's ceilings and memory budget from the
// environment. On Lambda without GOMEMLIMIT it also sets the Go runtime's
// soft memory limit to nine tenths of the function's memory, so the
// collector works harder before the instance runs out.
func ceilingsFromEnv(cfg *engine.Config) error {
	ints := []struct {
		name, value string
		dst         *int64
	}{
		{EnvMaxMemory, os.Getenv(EnvMaxMemory), &cfg.Ceilings.MaxMemory},
		{EnvMaxStepMs, os.Getenv(EnvMaxStepMs), &cfg.Ceilings.MaxStepMs},
		{EnvMaxSessionMs, os.Getenv(EnvMaxSessionMs), &cfg.Ceilings.MaxSessionMs},
		{EnvMaxAllocations, os.Getenv(EnvMaxAllocations), &cfg.Ceilings.MaxAllocations},
		{EnvMaxOutput, os.Getenv(EnvMaxOutput), &cfg.Ceilings.MaxOutput},
		{EnvMaxReply, os.Getenv(EnvMaxReply), &cfg.Ceilings.MaxReply},
		{EnvMemoryBudget, os.Getenv(EnvMemoryBudget), &cfg.MemoryBudget},
		{EnvMaxStepsPerDay, os.Getenv(EnvMaxStepsPerDay), &cfg.Ceilings.MaxStepsPerDay},
		{EnvMaxCPUSecondsPerDay, os.Getenv(EnvMaxCPUSecondsPerDay), &cfg.Ceilings.MaxCPUSecondsPerDay},
	}
	for _, v := range ints {
		n, err := envInt(v.name, v.value)
		if err != nil {
			return err
		}
		*v.dst = n
	}
	small := []struct {
		name, value string
		dst         *int
	}{
		{EnvMaxRecursion, os.Getenv(EnvMaxRecursion), &cfg.Ceilings.MaxRecursion},
		{EnvMaxSuspensions, os.Getenv(EnvMaxSuspensions), &cfg.Ceilings.MaxSuspensions},
		{EnvMaxStepsInFlight, os.Getenv(EnvMaxStepsInFlight), &cfg.Ceilings.MaxStepsInFlight},
		{EnvMaxSessions, os.Getenv(EnvMaxSessions), &cfg.Ceilings.MaxSessions},
	}
	for _, v := range small {
		n, err := envInt(v.name, v.value)
		if err != nil {
			return err
		}
		if n > math.MaxInt32 {
			return fmt.Errorf("handler: %s=%d is too large", v.name, n)
		}
		*v.dst = int(n)
	}
	if s := os.Getenv(EnvProjectCeilings); s != "" {
		if err := json.Unmarshal([]byte(s), &cfg.ProjectCeilings); err != nil {
			return fmt.Errorf("handler: %s: want a JSON object of project to ceilings: %w", EnvProjectCeilings, err)
		}
	}
	mb, err := envInt(EnvLambdaMemory, os.Getenv(EnvLambdaMemory))
	if err != nil {
		return err
	}
	if mb > 0 && debug.SetMemoryLimit(-1) == math.MaxInt64 {
		debug.SetMemoryLimit(mb << 20 * 9 / 10)
	}
	return nil
}
