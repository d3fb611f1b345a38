package meta

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/amber-sandbox/amber/internal/dynalite"
)

// dynalite is the DynamoDB server the tests share: dynalite (npm) started
// by TestMain on a loopback port, as in the cas tests. dynaliteErr says why
// it is not running.
var (
	dynaliteURL  string
	dynaliteErr  string
	dynaliteNeed bool // missing dynalite is a failure, not a skip
	tableSeq     atomic.Int64
)

func TestMain(m *testing.M) {
	stop := startDynalite()
	code := m.Run()
	stop()
	os.Exit(code)
}

// startDynalite starts the shared dynalite (internal/dynalite).
func startDynalite() (stop func()) {
	srv, stop := dynalite.Start()
	dynaliteURL, dynaliteErr = srv.URL, srv.Err
	dynaliteNeed = srv.Need
	return stop
}

// dynamoClient returns a client of the shared dynalite, or skips (loudly)
// when dynalite cannot run here; in CI it fails instead.
func dynamoClient(t testing.TB) *dynamodb.Client {
	t.Helper()
	if dynaliteURL == "" {
		msg := "\n*** DYNAMODB TESTS NOT RUN: " + dynaliteErr + " ***\n"
		if dynaliteNeed {
			t.Fatal(msg)
		}
		fmt.Fprint(os.Stderr, msg)
		t.Skip(strings.TrimSpace(msg))
	}
	return dynamodb.New(dynamodb.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(dynaliteURL),
		Credentials:  credentials.NewStaticCredentialsProvider("test", "test", ""),
	})
}

// openTestDynamo returns a store on a fresh table, with small pages so
// that lists cross page boundaries.
func openTestDynamo(t *testing.T) Store { return newTestDynamo(t) }

func newTestDynamo(t testing.TB) *Dynamo {
	t.Helper()
	client := dynamoClient(t)
	table := fmt.Sprintf("meta%d", tableSeq.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := CreateDynamoTable(ctx, client, table); err != nil {
		t.Fatal(err)
	}
	d := NewDynamo(client, table)
	d.pageSize = 25
	return d
}
