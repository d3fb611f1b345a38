package cas

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/credentials"

	"github.com/amber-sandbox/amber/internal/dynalite"
)

// dynalite is the DynamoDB server the tests share: dynalite (npm) started by
// TestMain on a loopback port. dynaliteErr says why it is not running.
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

// dynamoStore returns a store on a fresh table in the shared dynalite, or
// skips (loudly) when dynalite cannot run here.
func dynamoStore(t testing.TB) *Dynamo {
	t.Helper()
	if dynaliteURL == "" {
		msg := "\n*** DYNAMODB TESTS NOT RUN: " + dynaliteErr + " ***\n"
		if dynaliteNeed {
			t.Fatal(msg)
		}
		fmt.Fprint(os.Stderr, msg)
		t.Skip(strings.TrimSpace(msg))
	}
	client := NewDynamoClient(DynamoConfig{
		Region:      "us-east-1",
		Endpoint:    dynaliteURL,
		Credentials: credentials.NewStaticCredentialsProvider("test", "test", ""),
		MaxAttempts: 3,
	})
	table := fmt.Sprintf("chunks%d", tableSeq.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := CreateDynamoTable(ctx, client, table); err != nil {
		t.Fatal(err)
	}
	return NewDynamo(client, table)
}
