package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sort"
	"time"

	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/infra/gateway"
	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/infra/workbench"
)

// serveCmd runs amber serve until ctx is done, then shuts down cleanly:
// steps in flight finish (or are not committed) before the stores close.
func serveCmd(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := commandFlags("serve", "usage: amber serve [flags]\n\nServes durable Python sessions over WebSocket (ws://ADDR/) and HTTP (POST /v1/{op}),\nbehind a local stand-in for API Gateway.\n\nflags:", stderr)
	var o serve.Options
	fs.StringVar(&o.Addr, "addr", serve.DefaultAddr, "listen address")
	fs.StringVar(&o.DataDir, "data", serve.DefaultDataDir, "directory of the embedded store")
	keys := fs.String("keys", "", "projects file: JSON of API key to project, or {\"ceilings\", \"projects\": {NAME: {\"keys\", \"ceilings\"}}} (default: one open project, loopback only)")
	fs.StringVar(&o.DynamoDBEndpoint, "dynamodb-endpoint", "", "DynamoDB endpoint (dynalite, AWS): with --table and --bucket")
	fs.StringVar(&o.S3Endpoint, "s3-endpoint", "", "S3 endpoint (gofakes3, MinIO, AWS)")
	fs.StringVar(&o.Table, "table", "", "DynamoDB table of the metadata and small chunks (switches to AWS-protocol stores)")
	fs.StringVar(&o.Bucket, "bucket", "", "S3 bucket of the chunks")
	fs.StringVar(&o.Region, "region", envOr("AWS_REGION", "us-east-1"), "AWS region")
	fs.StringVar(&o.LambdaURL, "lambda", "", "forward events to a function under the Lambda Runtime Interface Emulator at this URL")
	fs.DurationVar(&o.IdleTimeout, "idle-timeout", gateway.IdleTimeout, "close connections idle this long")
	fs.DurationVar(&o.MaxConnection, "max-connection", gateway.MaxConnection, "close connections open this long")
	fs.DurationVar(&o.IntegrationTimeout, "integration-timeout", gateway.IntegrationTimeout, "deadline of one step (API Gateway's integration timeout)")
	fs.DurationVar(&o.StepMargin, "step-margin", 0, "time kept free before the deadline to commit a step (0: engine default)")
	fs.DurationVar(&o.Retention, "retention", 0, "how long sessions and snapshots live after they were saved (0: engine default)")
	fs.Int64Var(&o.Quota, "quota", 0, "storage quota of each project in bytes (0: unlimited)")
	fs.Int64Var(&o.CacheBytes, "cache-bytes", 0, "memory for warm sessions and chunks (0: engine default)")
	fs.Int64Var(&o.Ceilings.MaxMemory, "max-memory", 0, "ceiling of one session's heap in bytes (0: 256 MB)")
	maxStep := fs.Duration("max-step", 0, "ceiling of one step's run time (0: 30s)")
	maxSession := fs.Duration("max-session", 0, "ceiling of a session's run time over all its steps (0: 15m)")
	fs.Int64Var(&o.Ceilings.MaxAllocations, "max-allocations", 0, "ceiling of a session's allocations (0: 2^34)")
	fs.IntVar(&o.Ceilings.MaxRecursion, "max-recursion", 0, "ceiling of the frame depth (0: 5000)")
	fs.Int64Var(&o.Ceilings.MaxOutput, "max-output", 0, "ceiling of the bytes one step may print (0: 4 MB)")
	fs.Int64Var(&o.Ceilings.MaxReply, "max-reply", 0, "ceiling of one reply's JSON size in bytes (0: 8 MB)")
	fs.IntVar(&o.Ceilings.MaxSuspensions, "max-suspensions", 0, "ceiling of a session's pauses (0: 1000000)")
	fs.IntVar(&o.Ceilings.MaxStepsInFlight, "max-steps-in-flight", 0, "steps of one project running at once (0: 2 or the CPU count)")
	fs.IntVar(&o.Ceilings.MaxSessions, "max-sessions", 0, "ceiling of a project's open sessions (0: 10000)")
	fs.Int64Var(&o.Ceilings.MaxStepsPerDay, "max-steps-per-day", 0, "cap of a project's committed steps per UTC day, refused with quota past it (0: none)")
	fs.Int64Var(&o.Ceilings.MaxCPUSecondsPerDay, "max-cpu-seconds-per-day", 0, "cap of a project's interpreter CPU seconds per UTC day, refused with quota past it (0: none)")
	fs.Int64Var(&o.MemoryBudget, "memory-budget", 0, "memory all steps in flight share, in bytes (0: 3/4 of GOMEMLIMIT or of half the machine, less --cache-bytes)")
	fs.IntVar(&o.MaxStepsInFlight, "max-process-steps", 0, "steps running at once over all projects (0: 4 per CPU)")
	fs.StringVar(&o.OTLP, "otlp", "", "send the steps' traces and metrics to this OTLP/HTTP endpoint, e.g. http://127.0.0.1:4318 (default: the OTEL_EXPORTER_OTLP_* variables, else off)")
	logFormat := fs.String("log-format", "json", "log format: json or text")
	wb := fs.Bool("workbench", true, "serve the Workbench page at http://ADDR/")
	quiet := fs.Bool("q", false, "log warnings and errors only")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return 2
	}
	o.Ceilings.MaxStepMs, o.Ceilings.MaxSessionMs = maxStep.Milliseconds(), maxSession.Milliseconds()
	if err := o.Ceilings.Validate(); err != nil {
		fmt.Fprintf(stderr, "amber serve: %v\n", err)
		return 2
	}
	if *keys != "" {
		p, err := serve.ReadProjects(*keys)
		if err != nil {
			fmt.Fprintf(stderr, "amber serve: %v\n", err)
			return 2
		}
		o.Keys, o.ProjectCeilings = p.Keys, p.Projects
		// The file's ceilings for all projects sit between the flags and
		// each project's own: a flag set on the command line wins.
		o.Ceilings = flagsOver(o.Ceilings, p.Ceilings)
	}
	if *wb {
		o.Static = workbench.Handler()
	}
	level := slog.LevelInfo
	if *quiet {
		level = slog.LevelWarn
	}
	hopts := &slog.HandlerOptions{Level: level}
	switch *logFormat {
	case "json":
		o.Logger = slog.New(slog.NewJSONHandler(stderr, hopts))
	case "text":
		o.Logger = slog.New(slog.NewTextHandler(stderr, hopts))
	default:
		fmt.Fprintf(stderr, "amber serve: --log-format %q: want json or text\n", *logFormat)
		return 2
	}

	// Build the interpreter's shared template while the server starts,
	// so that the first step does not wait for it.
	go core.Warm()
	srv, err := serve.Start(ctx, o)
	if err != nil {
		fmt.Fprintf(stderr, "amber serve: %v\n", err)
		return 1
	}
	printHowToConnect(stdout, srv, o)

	<-ctx.Done()
	fmt.Fprintln(stdout, "amber serve: shutting down (steps in flight finish first)")
	sctx, cancel := context.WithTimeout(context.Background(), o.IntegrationTimeout+5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		fmt.Fprintf(stderr, "amber serve: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, "amber serve: stopped")
	return 0
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// flagsOver returns the ceilings set by flags over a projects file's.
func flagsOver(flags, file engine.Ceilings) engine.Ceilings {
	b, _ := json.Marshal(flags) // zero fields are omitted
	_ = json.Unmarshal(b, &file)
	return file
}

func printHowToConnect(w io.Writer, srv *serve.Server, o serve.Options) {
	store := "embedded store in " + o.DataDir
	switch {
	case o.LambdaURL != "":
		store = "events forwarded to the function at " + o.LambdaURL
	case o.Table != "" || o.Bucket != "":
		store = fmt.Sprintf("DynamoDB table %s, S3 bucket %s", o.Table, o.Bucket)
	}
	fmt.Fprintf(w, "amber serve: listening on %s (%s)\n", srv.Addr(), store)
	fmt.Fprintf(w, "  WebSocket   %s\n", srv.URL())
	fmt.Fprintf(w, "  HTTP        POST %s/v1/{op}\n", srv.HTTPURL())
	if o.Static != nil {
		fmt.Fprintf(w, "  Workbench   %s/\n", srv.HTTPURL())
	}
	if o.Keys == nil {
		fmt.Fprintf(w, "  project     %q, no API key needed (loopback only)\n", serve.OpenProject)
	} else {
		projects := map[string]bool{}
		for _, p := range o.Keys {
			projects[p] = true
		}
		names := make([]string, 0, len(projects))
		for p := range projects {
			names = append(names, p)
		}
		sort.Strings(names)
		fmt.Fprintf(w, "  projects    %v; send the key as the x-api-key header or ?api_key=\n", names)
	}
	fmt.Fprintf(w, "try:\n  websocat %s\n  {\"op\":\"checkout\",\"id\":\"1\"}\n", srv.URL())
}
