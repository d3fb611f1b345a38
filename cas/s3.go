package cas

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
)

// S3API is the part of *s3.Client the S3 store uses.
type S3API interface {
	GetObject(context.Context, *s3.GetObjectInput, ...func(*s3.Options)) (*s3.GetObjectOutput, error)
	PutObject(context.Context, *s3.PutObjectInput, ...func(*s3.Options)) (*s3.PutObjectOutput, error)
	HeadObject(context.Context, *s3.HeadObjectInput, ...func(*s3.Options)) (*s3.HeadObjectOutput, error)
	CopyObject(context.Context, *s3.CopyObjectInput, ...func(*s3.Options)) (*s3.CopyObjectOutput, error)
	DeleteObject(context.Context, *s3.DeleteObjectInput, ...func(*s3.Options)) (*s3.DeleteObjectOutput, error)
	ListObjectsV2(context.Context, *s3.ListObjectsV2Input, ...func(*s3.Options)) (*s3.ListObjectsV2Output, error)
}

// S3 stores chunks as objects <prefix><hh>/<address> in a bucket of S3 or
// any S3-compatible server. Puts are conditional (If-None-Match: *), so a
// chunk is written at most once; a put that finds the chunk present copies
// the object onto itself to refresh its modification time for GC.
//
// Retries with exponential backoff are the SDK client's: configure them on
// the client (see NewS3Client).
type S3 struct {
	client S3API
	bucket string
	prefix string
}

// NewS3 returns a store in bucket under prefix (which may be empty).
func NewS3(client S3API, bucket, prefix string) *S3 {
	return &S3{client: client, bucket: bucket, prefix: prefix}
}

// S3Config describes how to reach an S3 endpoint.
type S3Config struct {
	Region       string
	Endpoint     string // empty for AWS; e.g. http://127.0.0.1:9000 for a local server
	PathStyle    bool   // needed by most S3-compatible servers
	Credentials  aws.CredentialsProvider
	MaxAttempts  int // per request, including the first; default 5
	MaxBackoff   time.Duration
	HTTPClient   *http.Client
	ExtraOptions []func(*s3.Options)
}

// NewS3Client builds an S3 client with the SDK's standard retryer (jittered
// exponential backoff on throttling, 5xx and network errors).
func NewS3Client(cfg S3Config) *s3.Client {
	opts := s3.Options{
		Region:       cfg.Region,
		UsePathStyle: cfg.PathStyle,
		Credentials:  cfg.Credentials,
	}
	if cfg.Endpoint != "" {
		opts.BaseEndpoint = aws.String(cfg.Endpoint)
	}
	if cfg.HTTPClient != nil {
		opts.HTTPClient = cfg.HTTPClient
	}
	opts.Retryer = newRetryer(cfg.MaxAttempts, cfg.MaxBackoff)
	return s3.New(opts, cfg.ExtraOptions...)
}

func (s *S3) key(a Addr) string {
	h := a.String()
	return s.prefix + h[:2] + "/" + h
}

func (s *S3) Get(ctx context.Context, addr Addr) ([]byte, error) {
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: aws.String(s.key(addr))})
	if err != nil {
		if isS3NotFound(err) {
			return nil, notFound(addr)
		}
		return nil, fmt.Errorf("cas: s3 get %s: %w", addr, err)
	}
	defer out.Body.Close()
	b, err := io.ReadAll(io.LimitReader(out.Body, MaxChunkSize+1<<10))
	if err != nil {
		return nil, fmt.Errorf("cas: s3 get %s: %w", addr, err)
	}
	return b, nil
}

func (s *S3) Put(ctx context.Context, addr Addr, data []byte) error {
	_, err := s.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket:        &s.bucket,
		Key:           aws.String(s.key(addr)),
		Body:          bytes.NewReader(data),
		ContentLength: aws.Int64(int64(len(data))),
		IfNoneMatch:   aws.String("*"),
	})
	if err == nil {
		return nil
	}
	if !isS3Exists(err) {
		return fmt.Errorf("cas: s3 put %s: %w", addr, err)
	}
	// Already stored: refresh the modification time so a running GC's
	// grace period covers the writer that just deduplicated against it.
	_, err = s.client.CopyObject(ctx, &s3.CopyObjectInput{
		Bucket:            &s.bucket,
		Key:               aws.String(s.key(addr)),
		CopySource:        aws.String(s.bucket + "/" + s.key(addr)),
		MetadataDirective: s3types.MetadataDirectiveReplace,
		Metadata:          map[string]string{"touched": time.Now().UTC().Format(time.RFC3339Nano)},
	})
	if err != nil {
		return fmt.Errorf("cas: s3 refresh %s: %w", addr, err)
	}
	return nil
}

func (s *S3) Stat(ctx context.Context, addr Addr) (ChunkInfo, error) {
	out, err := s.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: &s.bucket, Key: aws.String(s.key(addr))})
	if err != nil {
		if isS3NotFound(err) {
			return ChunkInfo{}, notFound(addr)
		}
		return ChunkInfo{}, fmt.Errorf("cas: s3 stat %s: %w", addr, err)
	}
	return ChunkInfo{Addr: addr, Size: aws.ToInt64(out.ContentLength), ModTime: aws.ToTime(out.LastModified)}, nil
}

func (s *S3) Delete(ctx context.Context, addr Addr) error {
	_, err := s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &s.bucket, Key: aws.String(s.key(addr))})
	if err != nil && !isS3NotFound(err) {
		return fmt.Errorf("cas: s3 delete %s: %w", addr, err)
	}
	return nil
}

func (s *S3) Walk(ctx context.Context, fn func(ChunkInfo) error) error {
	p := s3.NewListObjectsV2Paginator(s.client, &s3.ListObjectsV2Input{Bucket: &s.bucket, Prefix: aws.String(s.prefix)})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return fmt.Errorf("cas: s3 list: %w", err)
		}
		for _, o := range page.Contents {
			name := strings.TrimPrefix(aws.ToString(o.Key), s.prefix)
			i := strings.IndexByte(name, '/')
			if i < 0 {
				continue
			}
			a, err := ParseAddr(name[i+1:])
			if err != nil {
				continue
			}
			if err := fn(ChunkInfo{Addr: a, Size: aws.ToInt64(o.Size), ModTime: aws.ToTime(o.LastModified)}); err != nil {
				return err
			}
		}
	}
	return nil
}

func isS3NotFound(err error) bool {
	var nsk *s3types.NoSuchKey
	var nf *s3types.NotFound
	if errors.As(err, &nsk) || errors.As(err, &nf) {
		return true
	}
	var ae smithy.APIError
	if errors.As(err, &ae) {
		switch ae.ErrorCode() {
		case "NoSuchKey", "NotFound", "404":
			return true
		}
	}
	return false
}

// isS3Exists recognises a failed If-None-Match: 412 PreconditionFailed, or
// 409 ConditionalRequestConflict when a concurrent write of the same key is
// still in flight (the other writer's chunk is identical by construction).
func isS3Exists(err error) bool {
	var ae smithy.APIError
	if errors.As(err, &ae) {
		switch ae.ErrorCode() {
		case "PreconditionFailed", "ConditionalRequestConflict":
			return true
		}
	}
	var re interface{ HTTPStatusCode() int }
	if errors.As(err, &re) {
		return re.HTTPStatusCode() == http.StatusPreconditionFailed
	}
	return false
}
