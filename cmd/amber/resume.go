package main

// amber resume: answer the host function call a paused feed waits for.
//
//	amber resume --state FILE --value JSON | --error TYPE:MSG | --not-handled [--function NAME]...

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/functions/protocol"
)

func resumeCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("resume", flag.ContinueOnError)
	fs.SetOutput(stderr)
	state := fs.String("state", "", "the paused session's state file (saved again)")
	value := fs.String("value", "", "the call's result, in JSON (the wire's value encoding)")
	excArg := fs.String("error", "", "raise TYPE:MSG at the call instead (such as ValueError:bad input)")
	notHandled := fs.Bool("not-handled", false, "decline the call: the sandbox sees NameError, as for a missing function")
	mounts := mountFlag(fs)
	functions := functionFlag(fs, "declare a host function NAME for the rest of the run; the pending call's is declared already (repeatable)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	answers := 0
	valueSet, errSet := false, false
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "value":
			valueSet = true
		case "error":
			errSet = true
		}
	})
	for _, b := range []bool{valueSet, errSet, *notHandled} {
		if b {
			answers++
		}
	}
	if *state == "" || answers != 1 || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: amber resume --state FILE --value JSON | --error TYPE:MSG | --not-handled")
		return 2
	}
	b, err := os.ReadFile(*state)
	if err != nil {
		fmt.Fprintf(stderr, "amber: %s: %v\n", *state, unwrapPath(err))
		return 1
	}
	info, err := core.InspectDump(b)
	if err != nil {
		fmt.Fprintf(stderr, "amber: %s: %s\n", *state, msg(err))
		return 1
	}
	if info.Pending == nil || info.Pending.Kind != "function_call" {
		fmt.Fprintf(stderr, "amber: %s: the session is not paused at a function call: nothing to resume\n", *state)
		return 1
	}
	var v any
	if valueSet {
		if v, err = protocol.DecodeValueOrdered(json.RawMessage(*value)); err != nil {
			fmt.Fprintf(stderr, "amber: --value: %s\n", msg(err))
			return 2
		}
	}
	typ, excMsg := "", ""
	if errSet {
		var ok bool
		typ, excMsg, ok = strings.Cut(*excArg, ":")
		if !ok || typ == "" {
			fmt.Fprintln(stderr, "amber: --error: want TYPE:MSG")
			return 2
		}
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	opts := &core.FeedOptions{
		Functions: declared(append(*functions, info.Pending.Name)),
		Mounts:    *mounts,
		Print:     printTo(out, stderr),
	}
	s := core.NewSession(core.Config{})
	p, err := s.LoadSnapshot(b, opts)
	if err != nil {
		fmt.Fprintf(stderr, "amber: %s: %s\n", *state, msg(err))
		return 1
	}
	c, ok := p.(*core.FunctionCall)
	if !ok {
		fmt.Fprintf(stderr, "amber: %s: the session is not paused at a function call\n", *state)
		return 1
	}
	switch {
	case valueSet:
		p, err = c.Resume(v)
	case errSet:
		p, err = c.ResumeException(typ, excMsg)
	default:
		p, err = c.ResumeNotHandled()
	}
	return finishStep(s, p, err, opts.Functions, *state, out, stderr)
}

// declared makes host functions of names: the command line answers their
// calls itself (amber resume), so calling one pauses the feed.
func declared(names []string) map[string]core.HostFunc {
	if len(names) == 0 {
		return nil
	}
	fns := make(map[string]core.HostFunc, len(names))
	for _, n := range names {
		fns[n] = func([]any, map[string]any) (any, error) { return nil, core.ErrNotHandled }
	}
	return fns
}

// describeCall prints a call as "call ID: NAME(args) " with the arguments
// in the wire's JSON value encoding.
func describeCall(name string, id int64, args []any, kwargs map[string]any) string {
	var parts []string
	for _, a := range args {
		parts = append(parts, jsonValue(a))
	}
	keys := make([]string, 0, len(kwargs))
	for k := range kwargs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		parts = append(parts, k+"="+jsonValue(kwargs[k]))
	}
	return fmt.Sprintf("function %s(%s), call id %d", name, strings.Join(parts, ", "), id)
}

func jsonValue(v any) string {
	raw, err := protocol.EncodeValue(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	return string(raw)
}

func describePending(p *core.PendingInfo) string {
	switch p.Kind {
	case "function_call":
		return describeCall(p.Name, p.CallID, p.Args, p.Kwargs)
	case "name_lookup":
		return "name lookup of " + p.Name
	case "futures":
		return fmt.Sprintf("host futures %v", p.CallIDs)
	}
	return p.Kind
}

// msg is an error's first line without a leading "amber: ", which the
// command line adds itself.
func msg(err error) string {
	return strings.TrimPrefix(oneLine(err), "amber: ")
}

// checkStateDir fails when the state file's directory does not exist, so
// that nothing runs whose outcome could not be saved.
func checkStateDir(state string) error {
	dir := filepath.Dir(state)
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("directory %s: %v", dir, unwrapPath(err))
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}

// functionFlag is the repeatable --function NAME: the host functions the
// command line declares.
func functionFlag(fs *flag.FlagSet, usage string) *[]string {
	var names []string
	fs.Func("function", usage, func(s string) error {
		names = append(names, s)
		return nil
	})
	return &names
}

// mountFlag adds the repeatable --mount HOST:SANDBOX[:ro|rw|overlay] flag.
func mountFlag(fs *flag.FlagSet) *[]core.Mount {
	var mounts []core.Mount
	fs.Func("mount", "map a host directory into the sandbox: HOST:SANDBOX[:ro|rw|overlay] (repeatable; ro by default; mounts do not travel with the state)", func(s string) error {
		m, err := core.ParseMount(s)
		if err == nil {
			if m.HostDir, err = filepath.Abs(m.HostDir); err == nil {
				mounts = append(mounts, m)
			}
		}
		return err
	})
	return &mounts
}
