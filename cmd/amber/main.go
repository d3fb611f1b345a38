// Command amber runs sandboxed Python and operates Amber's stores.
//
//	amber run FILE | -c CODE [limit flags]
//	amber serve [flags]
//	amber cas stats|gc ...
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core"
)

func main() {
	// The interpreter allocates many small Go objects that its own
	// collector frees in batches; a less eager Go collector trades some
	// memory for a large share of run time. GOGC still overrides this.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(run(os.Args[1:]))
}

func usage(stderr io.Writer) int {
	fmt.Fprintln(stderr, "usage: amber COMMAND [arguments]; amber help lists the commands")
	return 2
}

func run(args []string) int {
	if len(args) == 0 {
		return usage(os.Stderr)
	}
	switch args[0] {
	case "run":
		// A run neither dumps nor loads, so it skips the module base,
		// which only sessions that are stored earn back: decoding the
		// base image costs about 55M instructions, more than a one-shot
		// program's few imports (`import json` runs in 4.5M), and every
		// benchmark run through amber run paid it. Too late (a
		// process that already made a session, as tests do) only means
		// the run uses the base the process has.
		_ = core.DisableModuleBase()
		return runCmd(args[1:], os.Stdout, os.Stderr)
	case "cas":
		return runCas(context.Background(), args[1:], os.Stdin, os.Stdout, os.Stderr)
	case "feed":
		return feedCmd(args[1:], os.Stdout, os.Stderr)
	case "inspect":
		return inspectCmd(args[1:], os.Stdout, os.Stderr)
	case "resume":
		return resumeCmd(args[1:], os.Stdout, os.Stderr)
	case "help", "-h", "-help", "--help":
		return helpCmd(args[1:], os.Stdout, os.Stderr)
	case "serve":
		return untilSignal(serveCmd, args[1:]) // until SIGINT or SIGTERM
	case "gc":
		return untilSignal(gcCmd, args[1:])
	}
	return usage(os.Stderr)
}

func limitFlags(fs *flag.FlagSet) *core.Limits {
	l := &core.Limits{}
	fs.Func("max-duration", "stop the program after this long (e.g. 5s)", func(s string) error {
		d, err := time.ParseDuration(s)
		if err == nil && d < 0 {
			err = fmt.Errorf("negative duration %s", s)
		}
		l.MaxDuration = d
		return err
	})
	fs.Int64Var(&l.MaxMemory, "max-memory", 0, "memory limit in bytes (0: none)")
	fs.Int64Var(&l.MaxAllocations, "max-allocations", 0, "allocation limit (0: none)")
	fs.IntVar(&l.MaxRecursion, "max-recursion", 1000, "maximum call depth")
	fs.Int64Var(&l.MaxOutput, "max-output", 0, "output limit in bytes (0: none)")
	return l
}

func runCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	code := fs.String("c", "", "program passed in as a string")
	typeCheck := fs.Bool("type-check", false, "check the program statically before running it")
	limits := limitFlags(fs)
	mountsFlag := mountFlag(fs)
	cpuprofile := fs.String("cpuprofile", "", "write a Go CPU profile of the interpreter to this file")
	memprofile := fs.String("memprofile", "", "write a Go allocation profile of the interpreter to this file at exit")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintf(stderr, "amber: %v\n", err)
			return 2
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "amber: %v\n", err)
			return 2
		}
		defer pprof.StopCPUProfile()
	}
	if *memprofile != "" {
		// Every allocation is sampled: the profile is for finding the
		// allocations per Python operation, not for production runs.
		runtime.MemProfileRate = 1
		defer func() {
			if err := writeHeapProfile(*memprofile); err != nil {
				fmt.Fprintf(stderr, "amber: %v\n", err)
			}
		}()
	}
	mounts := *mountsFlag
	codeSet := false
	fs.Visit(func(f *flag.Flag) { codeSet = codeSet || f.Name == "c" })
	var src []byte
	var sysPath []string
	name := "main.py"
	switch {
	case codeSet:
		src = []byte(*code)
		name = "<string>"
	case fs.NArg() == 1:
		path := fs.Arg(0)
		b, err := os.ReadFile(path)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				fmt.Fprintf(stderr, "amber: can't open file '%s': %v\n", path, pe.Err)
			} else {
				fmt.Fprintf(stderr, "amber: can't open file '%s'\n", path)
			}
			return 2
		}
		if !utf8.Valid(b) {
			fmt.Fprintf(stderr, "amber: file '%s' is not valid UTF-8\n", path)
			return 2
		}
		src = b
		name = path
		// The script's directory is mounted read-only at its own path and
		// is sys.path[0], so its sibling modules import as with CPython.
		if dir, err := filepath.Abs(filepath.Dir(path)); err == nil {
			mounts = append(mounts, core.Mount{HostDir: dir, Path: filepath.ToSlash(dir), Mode: core.MountReadOnly})
			sysPath = []string{filepath.ToSlash(dir)}
		}
	default:
		return usage(stderr)
	}
	// Block-buffered like CPython writing to a pipe, so a run that is cut
	// short from outside has shown most of its output.
	out := bufio.NewWriterSize(stdout, 8<<10)
	defer out.Flush()
	err := core.Run(src, core.Options{ScriptName: name, Limits: *limits, Mounts: mounts, SysPath: sysPath, TypeCheck: *typeCheck, Stdout: printTo(out, stderr)})
	out.Flush()
	return report(err, stderr)
}

func report(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ee *core.ExitError
	if errors.As(err, &ee) {
		if ee.Message != "" {
			fmt.Fprintln(stderr, ee.Message)
		}
		return ee.Code
	}
	printError(err, stderr)
	return 1
}

// printError writes err as amber reports it: a syntax error or the type
// checker's findings, a traceback, a limit or a plain message. ran says
// whether the code ran (a traceback or a limit) and so changed the state.
func printError(err error, stderr io.Writer) (ran bool) {
	var se *core.SyntaxError
	var re *core.RuntimeError
	var te *core.TypeCheckError
	var le *core.LimitError
	switch {
	case errors.As(err, &te):
		for _, f := range te.Findings {
			fmt.Fprintln(stderr, f)
		}
	case errors.As(err, &se):
		fmt.Fprint(stderr, se.Format())
	case errors.As(err, &re):
		fmt.Fprint(stderr, re.Traceback)
		return true
	case errors.As(err, &le):
		fmt.Fprintf(stderr, "amber: %s\n", le.Msg)
		return true
	default:
		fmt.Fprintf(stderr, "amber: %s\n", msg(err))
	}
	return false
}

// untilSignal runs a long-running command on the process's stdout and
// stderr with a context that SIGINT or SIGTERM cancels.
func untilSignal(cmd func(ctx context.Context, args []string, stdout, stderr io.Writer) int, args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return cmd(ctx, args, os.Stdout, os.Stderr)
}

// commandFlags is the flag set of a command whose usage is a header line
// (usage) followed by the flags' defaults, all on stderr.
func commandFlags(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}

func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("memprofile: %w", err)
	}
	defer f.Close()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		return fmt.Errorf("memprofile: %w", err)
	}
	return nil
}
