package main

// amber feed: a durable REPL. Each invocation loads the session from a
// state file (or starts one), runs one feed, prints its output and the
// repr of a trailing expression, and writes the session back atomically.
//
//	amber feed --state FILE [--function NAME]... -c CODE | FILE.py [limit flags]
//	amber resume --state FILE --value JSON | --error TYPE:MSG | --not-handled
//	amber inspect FILE

import (
	"bufio"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core"
	"lukechampine.com/blake3"
)

func feedCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("feed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	state := fs.String("state", "", "session state file (created if missing)")
	code := fs.String("c", "", "code to feed")
	vl := limitFlags(fs)
	maxSusp := fs.Int("max-suspensions", 0, "suspension limit (0: none)")
	mounts := mountFlag(fs)
	functions := functionFlag(fs, "declare a host function NAME: a call of it pauses the feed, saved in the state file for amber resume (repeatable)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *state == "" {
		fmt.Fprintln(stderr, "usage: amber feed --state FILE -c CODE | FILE.py")
		return 2
	}
	if err := checkStateDir(*state); err != nil {
		fmt.Fprintf(stderr, "amber: %s: %v\n", *state, err)
		return 1
	}
	var src string
	switch {
	case *code != "" && fs.NArg() == 0:
		src = *code
	case *code == "" && fs.NArg() == 1:
		b, err := os.ReadFile(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "amber: can't open file '%s': %v\n", fs.Arg(0), unwrapPath(err))
			return 2
		}
		if !utf8.Valid(b) {
			fmt.Fprintf(stderr, "amber: file '%s' is not valid UTF-8\n", fs.Arg(0))
			return 2
		}
		src = string(b)
	default:
		fmt.Fprintln(stderr, "usage: amber feed --state FILE -c CODE | FILE.py")
		return 2
	}
	limits := core.Limits{
		MaxDuration:    vl.MaxDuration,
		MaxMemory:      vl.MaxMemory,
		MaxAllocations: vl.MaxAllocations,
		MaxOutput:      vl.MaxOutput,
		MaxSuspensions: *maxSusp,
	}
	// The recursion flag defaults to 1000; only an explicit value lowers
	// a loaded session's limit.
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "max-recursion" {
			limits.MaxRecursion = vl.MaxRecursion
		}
	})
	s := core.NewSession(core.Config{Limits: limits})
	if b, err := os.ReadFile(*state); err == nil {
		if info, ierr := core.InspectDump(b); ierr == nil && info.Pending != nil {
			fmt.Fprintf(stderr, "amber: %s: the session is paused at %s: answer it with amber resume\n", *state, describePending(info.Pending))
			return 1
		}
		if err := s.LoadSession(b); err != nil {
			fmt.Fprintf(stderr, "amber: %s: %s\n", *state, msg(err))
			return 1
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(stderr, "amber: %s: %v\n", *state, unwrapPath(err))
		return 1
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	opts := &core.FeedOptions{Print: printTo(out, stderr), Functions: declared(*functions), Mounts: *mounts}
	p, err := s.FeedStep(src, opts) // a feed_run one step at a time: undeclared names are NameErrors
	return finishStep(s, p, err, opts.Functions, *state, out, stderr)
}

// finishStep drives a feed or resume step on: OS calls and undeclared
// calls are not handled; a call of a declared host function pauses, and
// the snapshot is saved; at the end the session is saved.
func finishStep(s *core.Session, p core.Progress, err error, fns map[string]core.HostFunc, state string, out *bufio.Writer, stderr io.Writer) int {
	for err == nil {
		if c, ok := p.(*core.FunctionCall); ok && c.OSCall == "" && c.ObjectID == 0 && fns[c.Name] != nil {
			out.Flush()
			b, derr := c.Dump()
			if !saveState(state, b, derr, stderr) {
				return 1
			}
			fmt.Fprintf(out, "paused: %s\n", describeCall(c.Name, c.CallID, c.Args, c.Kwargs))
			out.Flush()
			return 0
		}
		if _, ok := p.(*core.Complete); ok {
			break
		}
		if f, ok := p.(*core.Futures); ok {
			out.Flush()
			fmt.Fprintf(stderr, "amber: the program waits on host futures %v, which the command line cannot settle\n", f.CallIDs)
			return 1
		}
		p, err = s.ResumeAuto(p)
	}
	var res core.Object
	if c, ok := p.(*core.Complete); ok && err == nil {
		res = c.Output
	}
	if err == nil && !res.IsNone() {
		fmt.Fprintln(out, res.Repr)
	}
	out.Flush()
	status := 0
	if err != nil {
		status = 1
		if !printError(err, stderr) {
			return 1 // nothing ran: the state is unchanged
		}
	}
	s.Abandon()
	b, err := s.Dump()
	if !saveState(state, b, err, stderr) {
		return 1
	}
	return status
}

// printTo is a step's Print: stdout buffered in out, stderr written
// through after what out holds, so the two keep their order.
func printTo(out *bufio.Writer, stderr io.Writer) func(stream, text string) {
	return func(stream, text string) {
		if stream == "stderr" {
			out.Flush()
			io.WriteString(stderr, text)
			return
		}
		out.WriteString(text)
	}
}

// saveState writes a dump (b, or the error of making it) to the state
// file atomically; a failure is reported on stderr and returns false.
func saveState(state string, b []byte, dumpErr error, stderr io.Writer) bool {
	if dumpErr != nil {
		fmt.Fprintf(stderr, "amber: cannot dump the session: %s\n", msg(dumpErr))
		return false
	}
	if err := writeAtomic(state, b); err != nil {
		fmt.Fprintf(stderr, "amber: %s: %v\n", state, unwrapPath(err))
		return false
	}
	return true
}

// writeAtomic replaces path with b: a temporary file in the same
// directory, synced, then renamed over path.
func writeAtomic(path string, b []byte) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// oneLine keeps the first line of an error message.
func oneLine(err error) string {
	msg := err.Error()
	for i := 0; i < len(msg); i++ {
		if msg[i] == '\n' {
			return msg[:i]
		}
	}
	return msg
}

func inspectCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: amber inspect FILE")
		return 2
	}
	b, err := os.ReadFile(args[0])
	if err != nil {
		fmt.Fprintf(stderr, "amber: %s: %v\n", args[0], unwrapPath(err))
		return 1
	}
	info, err := core.InspectDump(b)
	if err != nil {
		fmt.Fprintf(stderr, "amber: %s: %s\n", args[0], msg(err))
		return 1
	}
	l := info.Config.Limits
	total := 0
	for _, p := range info.Pages {
		total += len(p)
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	fmt.Fprintf(w, "kind: %s\n", info.Kind)
	fmt.Fprintf(w, "format version: %d\n", info.FormatVersion)
	fmt.Fprintf(w, "script name: %s\n", info.Config.ScriptName)
	fmt.Fprintf(w, "type check: %v\n", info.Config.TypeCheck)
	fmt.Fprintf(w, "limits: duration=%s memory=%d allocations=%d recursion=%d output=%d suspensions=%d\n",
		l.MaxDuration, l.MaxMemory, l.MaxAllocations, l.MaxRecursion, l.MaxOutput, l.MaxSuspensions)
	fmt.Fprintf(w, "time used: %s\n", info.TimeUsed)
	fmt.Fprintf(w, "objects: %d\n", info.Objects)
	if p := info.Pending; p != nil {
		fmt.Fprintf(w, "paused at: %s\n", describePending(p))
	}
	fmt.Fprintf(w, "pages: %d (%d bytes encoded; file %d bytes)\n", len(info.Pages), total, info.Size)
	fmt.Fprintf(w, "own pages: %d (%d bytes); shared base pages: %d (%d bytes)\n", len(info.Pages)-info.BasePages, total-info.BaseBytes, info.BasePages, info.BaseBytes)
	for i, p := range info.Pages {
		sum := blake3.Sum256(p)
		fmt.Fprintf(w, "page %d: %d bytes blake3 %s\n", i, len(p), hex.EncodeToString(sum[:]))
	}
	return 0
}
