package handler

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/telemetry"
)

// The environment variables EngineFromEnv reads. template.yaml sets the
// deployed ones; the local ones point the functions at stand-ins.
const (
	EnvTable       = "AMBER_TABLE"             // DynamoDB table of metadata
	EnvChunkTable  = "AMBER_CHUNK_TABLE"       // DynamoDB table of small chunks (optional: S3 only when empty)
	EnvBucket      = "AMBER_BUCKET"            // S3 bucket of chunks
	EnvCacheBytes  = "AMBER_CACHE_BYTES"       // bytes of warm interpreters and chunks kept in memory
	EnvStepMargin  = "AMBER_STEP_MARGIN_MS"    // time kept free before the deadline for commit and reply
	EnvRetention   = "AMBER_RETENTION_HOURS"   // how long sessions and snapshots live after their last save
	EnvQuota       = "AMBER_QUOTA_BYTES"       // storage quota of new projects (0: unlimited)
	EnvAPIKeys     = "AMBER_API_KEYS"          // "key" or "project=key", comma-separated: projects ensured at start
	EnvPatchLayers = "AMBER_PATCH_LAYERS"      // "off": flush whole pages, readable by engines built before patch layers
	EnvRegion      = "AWS_REGION"              // set by Lambda itself
	EnvDynamoDB    = "AMBER_DYNAMODB_ENDPOINT" // local only: dynalite, DynamoDB Local
	EnvS3          = "AMBER_S3_ENDPOINT"       // local only: gofakes3, MinIO
	EnvDataDir     = "AMBER_DATA_DIR"          // local only: the embedded store instead of AWS
)

// DefaultProject is the project of API keys given without one.
const DefaultProject = "default"

// EngineFromEnv opens the engine the Lambda functions use, configured by
// environment variables: DynamoDB + S3 (AMBER_TABLE, AMBER_BUCKET,
// optionally AMBER_CHUNK_TABLE for small chunks, and
// AMBER_DYNAMODB_ENDPOINT / AMBER_S3_ENDPOINT for local stand-ins), or
// the embedded store in AMBER_DATA_DIR when that is set. The projects of
// AMBER_API_KEYS are created (or given the keys) before it returns.
func EngineFromEnv(ctx context.Context) (*engine.Engine, error) {
	return EngineFromEnvTraced(ctx, nil)
}

// EngineFromEnvTraced is EngineFromEnv with the engine's telemetry (nil:
// off; see TelemetryFromEnv).
func EngineFromEnvTraced(ctx context.Context, tel *telemetry.Provider) (*engine.Engine, error) {
	cfg := engine.Config{Telemetry: tel}
	var err error
	if cfg.CacheBytes, err = envInt(EnvCacheBytes, os.Getenv(EnvCacheBytes)); err != nil {
		return nil, err
	}
	ms, err := envInt(EnvStepMargin, os.Getenv(EnvStepMargin))
	if err != nil {
		return nil, err
	}
	cfg.StepMargin = time.Duration(ms) * time.Millisecond
	hours, err := envInt(EnvRetention, os.Getenv(EnvRetention))
	if err != nil {
		return nil, err
	}
	cfg.Retention = time.Duration(hours) * time.Hour
	if cfg.DefaultQuota, err = envInt(EnvQuota, os.Getenv(EnvQuota)); err != nil {
		return nil, err
	}
	if err := ceilingsFromEnv(&cfg); err != nil {
		return nil, err
	}
	switch v := os.Getenv(EnvPatchLayers); v {
	case "", "on":
	case "off":
		cfg.WholePageFlush = true
	default:
		return nil, fmt.Errorf("handler: %s=%q: want on or off", EnvPatchLayers, v)
	}
	keys, err := parseAPIKeys(os.Getenv(EnvAPIKeys))
	if err != nil {
		return nil, err
	}

	var e *engine.Engine
	if dir := os.Getenv(EnvDataDir); dir != "" {
		e, err = engine.OpenLocal(ctx, engine.LocalConfig{Dir: dir}, cfg)
	} else {
		ac := engine.AWSConfig{
			Region:         os.Getenv(EnvRegion),
			Table:          os.Getenv(EnvTable),
			Bucket:         os.Getenv(EnvBucket),
			DynamoEndpoint: os.Getenv(EnvDynamoDB),
			S3Endpoint:     os.Getenv(EnvS3),
			ChunkTable:     os.Getenv(EnvChunkTable),
		}
		if ac.Table == "" || ac.Bucket == "" {
			return nil, fmt.Errorf("handler: %s and %s must be set (or %s for the embedded store)", EnvTable, EnvBucket, EnvDataDir)
		}
		e, err = engine.OpenAWS(ctx, ac, cfg)
	}
	if err != nil {
		return nil, fmt.Errorf("handler: open engine: %w", err)
	}
	for project, ks := range keys {
		if _, err := e.EnsureProject(ctx, project, ks...); err != nil {
			_ = e.Close()
			return nil, fmt.Errorf("handler: project %s: %w", project, err)
		}
	}
	return e, nil
}

// envInt parses the value of a non-negative integer variable; unset is 0
// (the engine's default). Callers read the variable by its constant name,
// which lets infra/rie's test check that template.yaml sets it.
func envInt(name, value string) (int64, error) {
	s := strings.TrimSpace(value)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("handler: %s=%q is not a non-negative integer", name, s)
	}
	return n, nil
}

// parseAPIKeys reads AMBER_API_KEYS: comma-separated "project=key", or a
// bare "key" for the default project.
func parseAPIKeys(s string) (map[string][]string, error) {
	keys := make(map[string][]string)
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		project, key := DefaultProject, item
		if p, k, ok := strings.Cut(item, "="); ok {
			project, key = strings.TrimSpace(p), strings.TrimSpace(k)
		}
		if project == "" || key == "" {
			return nil, fmt.Errorf("handler: %s: %q is not project=key", EnvAPIKeys, item)
		}
		keys[project] = append(keys[project], key)
	}
	return keys, nil
}
