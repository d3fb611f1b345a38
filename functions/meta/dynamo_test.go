package meta

import (
	"context"
	"testing"
	"time"
)

func TestDynamo(t *testing.T) {
	testStore(t, openTestDynamo)
}

// Creating the table again leaves it (and its items) as they are.
func TestCreateDynamoTableTwice(t *testing.T) {
	client := dynamoClient(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	must(t, "CreateDynamoTable", CreateDynamoTable(ctx, client, "twice"))
	d := NewDynamo(client, "twice")
	must(t, "PutProject", d.PutProject(ctx, &Project{ID: "p"}))
	must(t, "CreateDynamoTable again", CreateDynamoTable(ctx, client, "twice"))
	if _, err := d.GetProject(ctx, "p"); err != nil {
		t.Fatalf("after the second create: %v", err)
	}
}
