package engine

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/internal/dynalite"
)

// The engine's tests run on three store pairs: memory, the embedded
// default (bbolt + cas.Dir), and the AWS stack — DynamoDB (dynalite, npm,
// started here on a loopback port) for metadata and small chunks, S3
// (gofakes3, in-process) for the rest. Install dynalite with
// `export AMBER_DYNALITE_DIR=$(bash .ci/dynalite.sh)`; without it the AWS
// runs skip loudly, and in CI (CI or AMBER_DYNALITE_DIR set) they fail.

var (
	dynaliteURL  string
	dynaliteErr  string
	dynaliteNeed bool
	tableSeq     atomic.Int64
)

func init() {
	backends = append(backends,
		backend{"bolt", openBolt, 0},
		backend{"aws", openAWS, 0},
		backend{"aws-flush-always", openAWS, -1},
	)
}

func TestMain(m *testing.M) {
	stop := startDynalite()
	code := m.Run()
	stop()
	os.Exit(code)
}

func openBolt(t testing.TB) (meta.Store, cas.Store) {
	t.Helper()
	dir := t.TempDir()
	m, err := meta.OpenBolt(filepath.Join(dir, "meta.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	d, err := cas.NewDir(filepath.Join(dir, "chunks"))
	if err != nil {
		t.Fatal(err)
	}
	return m, d
}

// openAWS gives a fresh metadata table, a fresh chunk table and an S3
// bucket on gofakes3, with chunks up to 4 KB in DynamoDB as in production.
func openAWS(t testing.TB) (meta.Store, cas.Store) {
	t.Helper()
	client := dynamoClient(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	n := tableSeq.Add(1)
	metaTable, chunkTable := fmt.Sprintf("meta%d", n), fmt.Sprintf("chunks%d", n)
	if err := meta.CreateDynamoTable(ctx, client, metaTable); err != nil {
		t.Fatal(err)
	}
	if err := cas.CreateDynamoTable(ctx, client, chunkTable); err != nil {
		t.Fatal(err)
	}
	s3url := startS3(t)
	s3c := cas.NewS3Client(cas.S3Config{
		Region: "us-east-1", Endpoint: s3url, PathStyle: true,
		Credentials: credentials.NewStaticCredentialsProvider("test", "test", ""),
	})
	chunks := cas.NewTiered(cas.NewDynamo(client, chunkTable), cas.NewS3(s3c, "amber", "chunks/"), 4<<10)
	return meta.NewDynamo(client, metaTable), chunks
}

func startS3(t testing.TB) string {
	faker := gofakes3.New(s3mem.New(), gofakes3.WithAutoBucket(true), gofakes3.WithLogger(gofakes3.DiscardLog()))
	srv := httptest.NewServer(faker.Server())
	t.Cleanup(srv.Close)
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		t.Fatalf("test S3 server not on loopback: %s", srv.URL)
	}
	return srv.URL
}

// dynamoClient returns a client of the shared dynalite, or skips loudly
// when it cannot run here (fails in CI).
func dynamoClient(t testing.TB) *dynamodb.Client {
	t.Helper()
	if dynaliteURL == "" {
		msg := "\n*** DYNAMODB ENGINE TESTS NOT RUN: " + dynaliteErr + " ***\n"
		if dynaliteNeed {
			t.Fatal(msg)
		}
		fmt.Fprint(os.Stderr, msg)
		t.Skip(strings.TrimSpace(msg))
	}
	return cas.NewDynamoClient(cas.DynamoConfig{
		Region: "us-east-1", Endpoint: dynaliteURL,
		Credentials: credentials.NewStaticCredentialsProvider("test", "test", ""),
	})
}

// startDynalite starts the shared dynalite (internal/dynalite).
func startDynalite() (stop func()) {
	srv, stop := dynalite.Start()
	dynaliteURL, dynaliteErr = srv.URL, srv.Err
	dynaliteNeed = srv.Need
	return stop
}
