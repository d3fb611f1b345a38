package cas

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/amber-sandbox/amber/internal/fakes3"
)

// s3Server is gofakes3, a real S3 protocol server, on loopback, counting the
// requests it serves by method.
type s3Server struct {
	url      string
	requests atomic.Int64
	puts     atomic.Int64
	gets     atomic.Int64
}

func startS3(t testing.TB) *s3Server {
	t.Helper()
	h := fakes3.Handler()
	s := &s3Server{}
	s.url = fakes3.Start(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		switch r.Method {
		case http.MethodPut:
			s.puts.Add(1)
		case http.MethodGet, http.MethodHead:
			s.gets.Add(1)
		}
		h.ServeHTTP(w, r)
	}))
	return s
}

func (s *s3Server) store(t testing.TB, bucket string) *S3 {
	t.Helper()
	client := NewS3Client(S3Config{
		Region:      "us-east-1",
		Endpoint:    s.url,
		PathStyle:   true,
		Credentials: credentials.NewStaticCredentialsProvider("test", "test", ""),
		MaxAttempts: 3,
	})
	if _, err := client.CreateBucket(context.Background(), &s3.CreateBucketInput{Bucket: aws.String(bucket)}); err != nil {
		t.Fatalf("create bucket: %v", err)
	}
	return NewS3(client, bucket, "chunks/")
}

func TestS3Store(t *testing.T) {
	srv := startS3(t)
	testStoreContract(t, srv.store(t, "contract"))
}

// TestS3PutIfAbsent checks that the conditional put really is conditional on
// this server: a second put of the same key does not replace the object.
func TestS3PutIfAbsent(t *testing.T) {
	ctx := context.Background()
	srv := startS3(t)
	s := srv.store(t, "ifnonematch")
	c := mustCodec(t, testKey(1))
	addr, enc, _ := c.Encode(page(1, 5000))
	if err := s.Put(ctx, addr, enc); err != nil {
		t.Fatal(err)
	}
	// Put different bytes under the same address, as a buggy or hostile
	// writer might: the original must survive.
	_, other, _ := c.Encode(page(2, 5000))
	if err := s.Put(ctx, addr, other); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, addr)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Decode(addr, got); err != nil {
		t.Fatalf("conditional put overwrote the chunk: %v", err)
	}
}
