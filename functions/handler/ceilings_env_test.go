package handler_test

import (
	"context"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/handler"
)

// TestCeilingsFromEnv: the AMBER_MAX_* variables (the template's
// parameters) set the server's ceilings, AMBER_PROJECT_CEILINGS a
// project's over them; malformed values stop the function's init.
func TestCeilingsFromEnv(t *testing.T) {
	vars := []string{handler.EnvMaxMemory, handler.EnvMaxStepMs, handler.EnvMaxSessionMs, handler.EnvMaxAllocations,
		handler.EnvMaxRecursion, handler.EnvMaxOutput, handler.EnvMaxReply, handler.EnvMaxSuspensions,
		handler.EnvMaxStepsInFlight, handler.EnvMaxSessions, handler.EnvProjectCeilings, handler.EnvMemoryBudget,
		handler.EnvMaxStepsPerDay, handler.EnvMaxCPUSecondsPerDay, handler.EnvAPIKeys, handler.EnvTable, handler.EnvBucket}
	set := func(t *testing.T, env map[string]string) (*engine.Engine, error) {
		for _, k := range vars {
			t.Setenv(k, "")
		}
		t.Setenv(handler.EnvDataDir, t.TempDir())
		for k, v := range env {
			t.Setenv(k, v)
		}
		return handler.EngineFromEnv(context.Background())
	}
	e, err := set(t, map[string]string{
		handler.EnvMaxMemory: "1048576", handler.EnvMaxStepMs: "1500", handler.EnvMaxSessionMs: "60000",
		handler.EnvMaxAllocations: "1000", handler.EnvMaxRecursion: "300", handler.EnvMaxOutput: "4096",
		handler.EnvMaxReply: "65536", handler.EnvMaxSuspensions: "9", handler.EnvMaxStepsInFlight: "3",
		handler.EnvMaxSessions: "12", handler.EnvProjectCeilings: `{"big": {"max_memory": 2097152, "max_steps_per_day": 50}}`,
		handler.EnvMaxStepsPerDay: "1000", handler.EnvMaxCPUSecondsPerDay: "600",
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	want := engine.Ceilings{MaxMemory: 1 << 20, MaxStepMs: 1500, MaxSessionMs: 60000, MaxAllocations: 1000, MaxRecursion: 300,
		MaxOutput: 4096, MaxReply: 65536, MaxSuspensions: 9, MaxStepsInFlight: 3, MaxSessions: 12,
		MaxStepsPerDay: 1000, MaxCPUSecondsPerDay: 600}
	if got := e.Ceilings("any"); got != want {
		t.Errorf("ceilings %+v, want %+v", got, want)
	}
	want.MaxMemory, want.MaxStepsPerDay = 2<<20, 50
	if got := e.Ceilings("big"); got != want {
		t.Errorf("project big's ceilings %+v, want %+v", got, want)
	}
	for name, env := range map[string]map[string]string{
		"AMBER_MAX_MEMORY":        {handler.EnvMaxMemory: "lots"},
		"AMBER_MAX_SESSIONS":      {handler.EnvMaxSessions: "-3"},
		"AMBER_MAX_STEPS_PER_DAY": {handler.EnvMaxStepsPerDay: "many"},
		"AMBER_PROJECT_CEILINGS":  {handler.EnvProjectCeilings: `{"p": 5}`},
		"is negative":             {handler.EnvProjectCeilings: `{"p": {"max_reply": -1}}`},
	} {
		if e, err := set(t, env); err == nil || !strings.Contains(err.Error(), name) {
			if e != nil {
				e.Close()
			}
			t.Errorf("%v: error %v, want one naming %s", env, err, name)
		}
	}
}
