package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/amber-sandbox/amber/functions/engine"
)

// gcCmd runs amber gc, one collection of the engine's stores: it deletes
// expired sessions and snapshots, then sweeps the chunks no live root
// reaches, on the embedded store (--data) or on DynamoDB + S3 (--table
// and --bucket).
func gcCmd(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := commandFlags("gc", "usage: amber gc [flags]\n\nDeletes expired sessions and snapshots, then the chunks no live session or snapshot reaches\n(older than the grace period).\n\nflags:", stderr)
	dir := fs.String("data", ".amber", "directory of the embedded store")
	var ac engine.AWSConfig
	fs.StringVar(&ac.Table, "table", "", "DynamoDB metadata table (switches to the AWS stores; needs --bucket)")
	fs.StringVar(&ac.Bucket, "bucket", "", "S3 bucket of the chunks")
	fs.StringVar(&ac.ChunkTable, "chunk-table", "", "DynamoDB table of small chunks, if the deployment has one")
	fs.StringVar(&ac.Region, "region", envOr("AWS_REGION", "us-east-1"), "AWS region")
	fs.StringVar(&ac.DynamoEndpoint, "dynamodb-endpoint", "", "DynamoDB endpoint (dynalite, AWS)")
	fs.StringVar(&ac.S3Endpoint, "s3-endpoint", "", "S3 endpoint (gofakes3, MinIO, AWS)")
	var cfg engine.Config
	fs.DurationVar(&cfg.GCGrace, "grace", 0, "keep unreachable chunks younger than this (0: the cas default, 6h)")
	fs.DurationVar(&cfg.Retention, "retention", 0, "how long sessions and snapshots live after they were saved (0: engine default)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return 2
	}
	var (
		e   *engine.Engine
		err error
	)
	if ac.Table != "" || ac.Bucket != "" {
		ac.CacheDir = "-"
		e, err = engine.OpenAWS(ctx, ac, cfg)
	} else {
		e, err = engine.OpenLocal(ctx, engine.LocalConfig{Dir: *dir}, cfg)
	}
	if err != nil {
		fmt.Fprintln(stderr, "amber gc:", err)
		return 1
	}
	defer e.Close()
	start := time.Now()
	rep, err := e.GC(ctx)
	fmt.Fprintf(stdout, "expired sessions=%d snapshots=%d\nchunks: %v\ntook %v\n", rep.ExpiredSessions, rep.ExpiredSnapshots, rep.Chunks, time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(stderr, "amber gc:", err)
		return 1
	}
	return 0
}
