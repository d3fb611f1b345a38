package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"

	"github.com/amber-sandbox/amber/functions/engine"
)

// Projects is a projects file (amber serve --keys FILE): the API keys of
// each project and the ceilings the server sets, for all projects and per
// project. Two forms are read:
//
//	{"KEY": "PROJECT", ...}
//
// (every key of a project, no ceilings: the first format, still read), and
//
//	{"ceilings": {"max_memory": 268435456, ...},
//	 "projects": {"PROJECT": {"keys": ["KEY", ...], "ceilings": {...}}, ...}}
//
// Ceilings fields are engine.Ceilings' JSON names (max_memory,
// max_step_ms, max_session_ms, max_allocations, max_recursion, max_output,
// max_reply, max_suspensions, max_steps_in_flight, max_sessions,
// max_steps_per_day, max_cpu_seconds_per_day); a
// project's unset fields take the file's, the file's unset fields the
// server's flags or defaults.
type Projects struct {
	Keys     map[string]string          // API key -> project
	Ceilings engine.Ceilings            // for every project
	Projects map[string]engine.Ceilings // per project
}

type projectsFile struct {
	Ceilings *engine.Ceilings        `json:"ceilings"`
	Projects map[string]*projectSpec `json:"projects"`
}

type projectSpec struct {
	Keys     []string        `json:"keys"`
	Ceilings engine.Ceilings `json:"ceilings"`
}

// ReadProjects reads a projects file.
func ReadProjects(path string) (*Projects, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("keys: %w", err)
	}
	p, err := ParseProjects(b)
	if err != nil {
		return nil, fmt.Errorf("keys: %s: %w", path, err)
	}
	return p, nil
}

// ParseProjects parses a projects file's contents.
func ParseProjects(b []byte) (*Projects, error) {
	var legacy map[string]string
	if err := json.Unmarshal(b, &legacy); err == nil {
		if len(legacy) == 0 {
			return nil, errors.New("holds no keys")
		}
		return &Projects{Keys: legacy}, nil
	}
	var f projectsFile
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("want a JSON object of API key to project, or {\"ceilings\": {...}, \"projects\": {NAME: {\"keys\": [...], \"ceilings\": {...}}}}: %w", err)
	}
	out := &Projects{Keys: map[string]string{}, Projects: map[string]engine.Ceilings{}}
	if f.Ceilings != nil {
		if err := f.Ceilings.Validate(); err != nil {
			return nil, err
		}
		out.Ceilings = *f.Ceilings
	}
	names := make([]string, 0, len(f.Projects))
	for name := range f.Projects {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		spec := f.Projects[name]
		if name == "" || spec == nil {
			return nil, fmt.Errorf("project %q: empty", name)
		}
		if len(spec.Keys) == 0 {
			return nil, fmt.Errorf("project %s has no keys", name)
		}
		if err := spec.Ceilings.Validate(); err != nil {
			return nil, fmt.Errorf("project %s: %w", name, err)
		}
		for _, k := range spec.Keys {
			if k == "" {
				return nil, fmt.Errorf("project %s: an empty key", name)
			}
			if other, dup := out.Keys[k]; dup && other != name {
				return nil, fmt.Errorf("a key is given to both %s and %s", other, name)
			}
			out.Keys[k] = name
		}
		out.Projects[name] = spec.Ceilings
	}
	if len(out.Keys) == 0 {
		return nil, errors.New("holds no keys")
	}
	return out, nil
}
