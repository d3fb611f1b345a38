package meta

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/amber-sandbox/amber/internal/dynalite"
)

func TestMain(m *testing.M) { dynalite.Main(m) }

// dynamoClient returns a client of the shared dynalite, or skips (loudly)
// when dynalite cannot run here; in CI it fails instead.
func dynamoClient(t testing.TB) *dynamodb.Client {
	t.Helper()
	return dynamodb.New(dynamodb.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(dynalite.Require(t, "DYNAMODB TESTS NOT RUN")),
		Credentials:  credentials.NewStaticCredentialsProvider("test", "test", ""),
	})
}

// openTestDynamo returns a store on a fresh table, with small pages so
// that lists cross page boundaries.
func openTestDynamo(t *testing.T) Store { return newTestDynamo(t) }

func newTestDynamo(t testing.TB) *Dynamo {
	t.Helper()
	client := dynamoClient(t)
	table := dynalite.Table("meta")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := CreateDynamoTable(ctx, client, table); err != nil {
		t.Fatal(err)
	}
	d := NewDynamo(client, table)
	d.pageSize = 25
	return d
}
