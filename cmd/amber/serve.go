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
	keys := fs.String("keys", "", "JSON file mapping API keys to projects (default: one open project, loopback only)")
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
	wb := fs.Bool("workbench", true, "serve the Workbench page at http://ADDR/")
	quiet := fs.Bool("q", false, "log warnings and errors only")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return 2
	}
	if *keys != "" {
		m, err := readKeys(*keys)
		if err != nil {
			fmt.Fprintf(stderr, "amber serve: %v\n", err)
			return 2
		}
		o.Keys = m
	}
	if *wb {
		o.Static = workbench.Handler()
	}
	level := slog.LevelInfo
	if *quiet {
		level = slog.LevelWarn
	}
	o.Logger = slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))

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

// readKeys reads a --keys file: a JSON object from API key to project.
func readKeys(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("keys: %w", err)
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("keys: %s: want a JSON object of API key to project: %w", path, err)
	}
	if len(m) == 0 {
		return nil, fmt.Errorf("keys: %s holds no keys", path)
	}
	return m, nil
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
