package handler_test

import (
	"context"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/functions/handler"
)

func TestEngineFromEnv(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		wantErr string
		keys    map[string]string // API key -> project it authenticates
	}{
		{"embedded store with keys", map[string]string{
			handler.EnvDataDir: "DIR", handler.EnvAPIKeys: "p9=k9, k0,p9=k8",
			handler.EnvCacheBytes: "1048576", handler.EnvStepMargin: "500",
			handler.EnvRetention: "24", handler.EnvQuota: "0",
		}, "", map[string]string{"k9": "p9", "k8": "p9", "k0": handler.DefaultProject}},
		{"no store", map[string]string{}, "AMBER_TABLE and AMBER_BUCKET must be set", nil},
		{"bad number", map[string]string{handler.EnvDataDir: "DIR", handler.EnvStepMargin: "soon"}, "AMBER_STEP_MARGIN_MS", nil},
		{"negative number", map[string]string{handler.EnvDataDir: "DIR", handler.EnvQuota: "-1"}, "AMBER_QUOTA_BYTES", nil},
		{"bad key list", map[string]string{handler.EnvDataDir: "DIR", handler.EnvAPIKeys: "p1="}, "not project=key", nil},
		{"whole-page flushes", map[string]string{handler.EnvDataDir: "DIR", handler.EnvPatchLayers: "off", handler.EnvAPIKeys: "k1"},
			"", map[string]string{"k1": handler.DefaultProject}},
		{"bad patch layers", map[string]string{handler.EnvDataDir: "DIR", handler.EnvPatchLayers: "maybe"}, "AMBER_PATCH_LAYERS", nil},
	}
	all := []string{handler.EnvTable, handler.EnvChunkTable, handler.EnvBucket, handler.EnvCacheBytes,
		handler.EnvStepMargin, handler.EnvRetention, handler.EnvQuota, handler.EnvAPIKeys,
		handler.EnvDynamoDB, handler.EnvS3, handler.EnvDataDir, handler.EnvPatchLayers}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, k := range all {
				t.Setenv(k, "")
			}
			dir := t.TempDir()
			for k, val := range tt.env {
				t.Setenv(k, strings.ReplaceAll(val, "DIR", dir))
			}
			ctx := context.Background()
			e, err := handler.EngineFromEnv(ctx)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			for key, want := range tt.keys {
				if got, err := e.Authenticate(ctx, key); err != nil || got != want {
					t.Fatalf("key %s: project %q, %v; want %q", key, got, err, want)
				}
			}
			if _, err := e.Authenticate(ctx, "other"); err == nil {
				t.Fatal("an unknown key authenticated")
			}
			if _, err := handler.GC(ctx, e); err != nil {
				t.Fatalf("gc: %v", err)
			}
		})
	}
}
