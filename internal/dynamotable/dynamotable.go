// Package dynamotable creates the DynamoDB tables of the stores that keep
// data in DynamoDB (cas's chunk table, functions/meta's metadata table).
package dynamotable

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Create creates the table in describes, billed on demand, and waits
// until it is active. A table that exists already is left as is, so that
// every deployment or test can call it at start.
func Create(ctx context.Context, client *dynamodb.Client, in *dynamodb.CreateTableInput) error {
	table := aws.ToString(in.TableName)
	in.BillingMode = types.BillingModePayPerRequest
	_, err := client.CreateTable(ctx, in)
	var inUse *types.ResourceInUseException
	if err != nil && !errors.As(err, &inUse) {
		return fmt.Errorf("create table %s: %w", table, err)
	}
	w := dynamodb.NewTableExistsWaiter(client, func(o *dynamodb.TableExistsWaiterOptions) {
		o.MinDelay = 50 * time.Millisecond
		o.MaxDelay = time.Second
	})
	if err := w.Wait(ctx, &dynamodb.DescribeTableInput{TableName: in.TableName}, time.Minute); err != nil {
		return fmt.Errorf("wait for table %s: %w", table, err)
	}
	return nil
}
