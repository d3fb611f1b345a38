package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/telemetry"
)

// LocalConfig opens the embedded default: a bbolt file and a chunk
// directory under Dir.
type LocalConfig struct {
	Dir string // e.g. ./.amber: meta.db and chunks/
}

// OpenLocal opens (creating if needed) an engine on the embedded store:
// <Dir>/meta.db (bbolt) and <Dir>/chunks (cas.Dir) behind an in-memory LRU
// of CacheBytes/2.
func OpenLocal(ctx context.Context, lc LocalConfig, cfg Config) (*Engine, error) {
	if lc.Dir == "" {
		return nil, errors.New("engine: LocalConfig.Dir is empty")
	}
	if err := os.MkdirAll(lc.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	m, err := meta.OpenBolt(filepath.Join(lc.Dir, "meta.db"))
	if err != nil {
		return nil, fmt.Errorf("engine: open metadata: %w", err)
	}
	dir, err := cas.NewDir(filepath.Join(lc.Dir, "chunks"))
	if err != nil {
		_ = m.Close()
		return nil, fmt.Errorf("engine: open chunks: %w", err)
	}
	cfg.Meta = m
	cfg.Chunks = cas.NewCache(cas.NewLRU(cacheBytes(cfg)/2), cfg.Telemetry.Chunks(dir, telemetry.SystemFiles), nil)
	e, err := New(cfg)
	if err != nil {
		_ = m.Close()
		return nil, err
	}
	e.closer = m.Close
	return e, nil
}

func cacheBytes(cfg Config) int64 {
	if cfg.CacheBytes > 0 {
		return cfg.CacheBytes
	}
	return 256 << 20
}

// AWSConfig opens the AWS stores: DynamoDB for metadata (and small
// chunks) and S3 for chunks. Endpoints are for local stand-ins (dynalite,
// gofakes3, MinIO); empty means AWS itself.
type AWSConfig struct {
	Region         string
	Table          string
	Bucket         string
	DynamoEndpoint string
	S3Endpoint     string
	// ChunkTable, if set, is a DynamoDB table (cas.CreateDynamoTable's
	// schema) for chunks up to SmallChunk bytes stored: cheaper and faster
	// than S3 for the small pages most steps write. Empty: S3 only.
	ChunkTable string
	SmallChunk int // default 4 KB
	// CacheDir is the disk cache in front of the remote chunks (Lambda's
	// /tmp); default <os.TempDir()>/amber-chunks. "-" disables it.
	CacheDir string
}

// OpenAWS opens an engine on DynamoDB + S3: chunks are read through an
// in-memory LRU and a /tmp directory cache, and written through to S3 (or
// to ChunkTable when small).
func OpenAWS(ctx context.Context, ac AWSConfig, cfg Config) (*Engine, error) {
	if ac.Table == "" || ac.Bucket == "" {
		return nil, errors.New("engine: AWSConfig needs Table and Bucket")
	}
	region := ac.Region
	if region == "" {
		region = "us-east-1"
	}
	awsCfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(region))
	if err != nil {
		return nil, fmt.Errorf("engine: aws config: %w", err)
	}
	creds := awsCfg.Credentials
	if (ac.DynamoEndpoint != "" || ac.S3Endpoint != "") && os.Getenv("AWS_ACCESS_KEY_ID") == "" {
		// Local stand-ins accept any signature.
		creds = credentials.NewStaticCredentialsProvider("local", "local", "")
	}
	ddb := cas.NewDynamoClient(cas.DynamoConfig{Region: region, Endpoint: ac.DynamoEndpoint, Credentials: creds})
	s3c := cas.NewS3Client(cas.S3Config{Region: region, Endpoint: ac.S3Endpoint, PathStyle: ac.S3Endpoint != "", Credentials: creds})
	var remote cas.Store = cfg.Telemetry.Chunks(cas.NewS3(s3c, ac.Bucket, "chunks/"), telemetry.SystemS3)
	if ac.ChunkTable != "" {
		n := ac.SmallChunk
		if n <= 0 {
			n = 4 << 10
		}
		remote = cas.NewTiered(cfg.Telemetry.Chunks(cas.NewDynamo(ddb, ac.ChunkTable), telemetry.SystemDynamoDB), remote, n)
	}
	if ac.CacheDir != "-" {
		dirPath := ac.CacheDir
		if dirPath == "" {
			dirPath = filepath.Join(os.TempDir(), "amber-chunks")
		}
		disk, err := cas.NewDir(dirPath)
		if err != nil {
			return nil, fmt.Errorf("engine: chunk cache: %w", err)
		}
		remote = cas.NewCache(disk, remote, nil)
	}
	cfg.Meta = meta.NewDynamo(ddb, ac.Table)
	cfg.Chunks = cas.NewCache(cas.NewLRU(cacheBytes(cfg)/2), remote, nil)
	return New(cfg)
}
