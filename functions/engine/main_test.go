package engine

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/internal/dynalite"
	"github.com/amber-sandbox/amber/internal/fakes3"
)

// The engine's tests run on three store pairs: memory, the embedded
// default (bbolt + cas.Dir), and the AWS stack — DynamoDB (dynalite, npm,
// started here on a loopback port) for metadata and small chunks, S3
// (gofakes3, in-process) for the rest. Install dynalite with
// `export AMBER_DYNALITE_DIR=$(bash .ci/dynalite.sh)`; without it the AWS
// runs skip loudly, and in CI (CI or AMBER_DYNALITE_DIR set) they fail.

func init() {
	backends = append(backends,
		backend{"bolt", openBolt, 0},
		backend{"aws", openAWS, 0},
		backend{"aws-flush-always", openAWS, -1},
	)
}

func TestMain(m *testing.M) { dynalite.Main(m) }

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
	metaTable, chunkTable := dynalite.Table("meta"), dynalite.Table("chunks")
	if err := meta.CreateDynamoTable(ctx, client, metaTable); err != nil {
		t.Fatal(err)
	}
	if err := cas.CreateDynamoTable(ctx, client, chunkTable); err != nil {
		t.Fatal(err)
	}
	s3url := fakes3.Start(t, nil)
	s3c := cas.NewS3Client(cas.S3Config{
		Region: "us-east-1", Endpoint: s3url, PathStyle: true,
		Credentials: credentials.NewStaticCredentialsProvider("test", "test", ""),
	})
	chunks := cas.NewTiered(cas.NewDynamo(client, chunkTable), cas.NewS3(s3c, "amber", "chunks/"), 4<<10)
	return meta.NewDynamo(client, metaTable), chunks
}

// dynamoClient returns a client of the shared dynalite, or skips loudly
// when it cannot run here (fails in CI).
func dynamoClient(t testing.TB) *dynamodb.Client {
	t.Helper()
	return cas.NewDynamoClient(cas.DynamoConfig{
		Region: "us-east-1", Endpoint: dynalite.Require(t, "DYNAMODB ENGINE TESTS NOT RUN"),
		Credentials: credentials.NewStaticCredentialsProvider("test", "test", ""),
	})
}
