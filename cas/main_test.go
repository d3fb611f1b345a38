package cas

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/credentials"

	"github.com/amber-sandbox/amber/internal/dynalite"
)

func TestMain(m *testing.M) { dynalite.Main(m) }

// dynamoStore returns a store on a fresh table in the shared dynalite, or
// skips (loudly) when dynalite cannot run here.
func dynamoStore(t testing.TB) *Dynamo {
	t.Helper()
	client := NewDynamoClient(DynamoConfig{
		Region:      "us-east-1",
		Endpoint:    dynalite.Require(t, "DYNAMODB TESTS NOT RUN"),
		Credentials: credentials.NewStaticCredentialsProvider("test", "test", ""),
		MaxAttempts: 3,
	})
	table := dynalite.Table("chunks")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := CreateDynamoTable(ctx, client, table); err != nil {
		t.Fatal(err)
	}
	return NewDynamo(client, table)
}
