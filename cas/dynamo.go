package cas

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/amber-sandbox/amber/internal/dynamotable"
)

// DynamoMaxChunk is the largest encoded chunk the DynamoDB store accepts,
// comfortably under DynamoDB's 400 KB item limit (which counts attribute
// names and the key too).
const DynamoMaxChunk = 350 << 10

// DynamoAPI is the part of *dynamodb.Client the DynamoDB store uses.
type DynamoAPI interface {
	GetItem(context.Context, *dynamodb.GetItemInput, ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	BatchGetItem(context.Context, *dynamodb.BatchGetItemInput, ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error)
	PutItem(context.Context, *dynamodb.PutItemInput, ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	UpdateItem(context.Context, *dynamodb.UpdateItemInput, ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	DeleteItem(context.Context, *dynamodb.DeleteItemInput, ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error)
	Scan(context.Context, *dynamodb.ScanInput, ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error)
}

// Dynamo stores small chunks as items {a: address, d: bytes, s: size,
// t: modified (unix ms)} in a table whose partition key is the binary
// attribute "a". Puts are conditional on the key being absent; reads are
// strongly consistent so a chunk written by one Lambda is visible to the
// next; GetBatch uses BatchGetItem, 100 keys a request.
type Dynamo struct {
	client DynamoAPI
	table  string
	now    func() time.Time
}

// NewDynamo returns a store on an existing table (see CreateDynamoTable).
func NewDynamo(client DynamoAPI, table string) *Dynamo {
	return &Dynamo{client: client, table: table, now: time.Now}
}

// DynamoConfig describes how to reach DynamoDB.
type DynamoConfig struct {
	Region      string
	Endpoint    string // empty for AWS; e.g. http://127.0.0.1:4567 for dynalite
	Credentials aws.CredentialsProvider
	MaxAttempts int
	MaxBackoff  time.Duration
	HTTPClient  *http.Client
}

// NewDynamoClient builds a DynamoDB client with the standard retryer.
func NewDynamoClient(cfg DynamoConfig) *dynamodb.Client {
	opts := dynamodb.Options{Region: cfg.Region, Credentials: cfg.Credentials}
	if cfg.Endpoint != "" {
		opts.BaseEndpoint = aws.String(cfg.Endpoint)
	}
	if cfg.HTTPClient != nil {
		opts.HTTPClient = cfg.HTTPClient
	}
	opts.Retryer = newRetryer(cfg.MaxAttempts, cfg.MaxBackoff)
	return dynamodb.New(opts)
}

// CreateDynamoTable creates an on-demand chunk table and waits until it is
// active. An existing table is left as is.
func CreateDynamoTable(ctx context.Context, client *dynamodb.Client, table string) error {
	err := dynamotable.Create(ctx, client, &dynamodb.CreateTableInput{
		TableName:            aws.String(table),
		AttributeDefinitions: []ddbtypes.AttributeDefinition{{AttributeName: aws.String("a"), AttributeType: ddbtypes.ScalarAttributeTypeB}},
		KeySchema:            []ddbtypes.KeySchemaElement{{AttributeName: aws.String("a"), KeyType: ddbtypes.KeyTypeHash}},
	})
	if err != nil {
		return fmt.Errorf("cas: %w", err)
	}
	return nil
}

func ddbKey(a Addr) map[string]ddbtypes.AttributeValue {
	return map[string]ddbtypes.AttributeValue{"a": &ddbtypes.AttributeValueMemberB{Value: a[:]}}
}

func (d *Dynamo) nowMs() string { return strconv.FormatInt(d.now().UnixMilli(), 10) }

// getItem reads the attributes projection of addr's item with a strongly
// consistent read; op names the read in errors.
func (d *Dynamo) getItem(ctx context.Context, addr Addr, projection, op string) (map[string]ddbtypes.AttributeValue, error) {
	out, err := d.client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:            &d.table,
		Key:                  ddbKey(addr),
		ConsistentRead:       aws.Bool(true),
		ProjectionExpression: aws.String(projection),
	})
	if err != nil {
		return nil, fmt.Errorf("cas: dynamodb %s %s: %w", op, addr, err)
	}
	if out.Item == nil {
		return nil, notFound(addr)
	}
	return out.Item, nil
}

func (d *Dynamo) Get(ctx context.Context, addr Addr) ([]byte, error) {
	item, err := d.getItem(ctx, addr, "d", "get")
	if err != nil {
		return nil, err
	}
	b, ok := item["d"].(*ddbtypes.AttributeValueMemberB)
	if !ok {
		return nil, &CorruptError{Addr: addr, Reason: "item has no data attribute"}
	}
	return b.Value, nil
}

func (d *Dynamo) Put(ctx context.Context, addr Addr, data []byte) error {
	if len(data) > DynamoMaxChunk {
		return fmt.Errorf("cas: dynamodb put %s: %w: %d bytes > %d", addr, ErrTooLarge, len(data), DynamoMaxChunk)
	}
	item := ddbKey(addr)
	item["d"] = &ddbtypes.AttributeValueMemberB{Value: data}
	item["s"] = &ddbtypes.AttributeValueMemberN{Value: strconv.Itoa(len(data))}
	item["t"] = &ddbtypes.AttributeValueMemberN{Value: d.nowMs()}
	_, err := d.client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           &d.table,
		Item:                item,
		ConditionExpression: aws.String("attribute_not_exists(a)"),
	})
	var ccf *ddbtypes.ConditionalCheckFailedException
	if err == nil {
		return nil
	}
	if !errors.As(err, &ccf) {
		return fmt.Errorf("cas: dynamodb put %s: %w", addr, err)
	}
	// Present already: refresh the modification time only (1 small write).
	_, err = d.client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 &d.table,
		Key:                       ddbKey(addr),
		UpdateExpression:          aws.String("SET t = :t"),
		ConditionExpression:       aws.String("attribute_exists(a)"),
		ExpressionAttributeValues: map[string]ddbtypes.AttributeValue{":t": &ddbtypes.AttributeValueMemberN{Value: d.nowMs()}},
	})
	if errors.As(err, &ccf) {
		// Deleted between the two calls (GC of an expired chunk): write it.
		return d.Put(ctx, addr, data)
	}
	if err != nil {
		return fmt.Errorf("cas: dynamodb refresh %s: %w", addr, err)
	}
	return nil
}

func itemInfo(item map[string]ddbtypes.AttributeValue) (ChunkInfo, bool) {
	a, ok := item["a"].(*ddbtypes.AttributeValueMemberB)
	if !ok || len(a.Value) != AddrSize {
		return ChunkInfo{}, false
	}
	var ci ChunkInfo
	copy(ci.Addr[:], a.Value)
	if s, ok := item["s"].(*ddbtypes.AttributeValueMemberN); ok {
		ci.Size, _ = strconv.ParseInt(s.Value, 10, 64)
	}
	if t, ok := item["t"].(*ddbtypes.AttributeValueMemberN); ok {
		ms, _ := strconv.ParseInt(t.Value, 10, 64)
		ci.ModTime = time.UnixMilli(ms)
	}
	return ci, true
}

func (d *Dynamo) Stat(ctx context.Context, addr Addr) (ChunkInfo, error) {
	item, err := d.getItem(ctx, addr, "a, s, t", "stat")
	if err != nil {
		return ChunkInfo{}, err
	}
	ci, ok := itemInfo(item)
	if !ok {
		return ChunkInfo{}, &CorruptError{Addr: addr, Reason: "malformed item"}
	}
	return ci, nil
}

func (d *Dynamo) Delete(ctx context.Context, addr Addr) error {
	_, err := d.client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: &d.table, Key: ddbKey(addr)})
	if err != nil {
		return fmt.Errorf("cas: dynamodb delete %s: %w", addr, err)
	}
	return nil
}

func (d *Dynamo) Walk(ctx context.Context, fn func(ChunkInfo) error) error {
	p := dynamodb.NewScanPaginator(d.client, &dynamodb.ScanInput{
		TableName:            &d.table,
		ProjectionExpression: aws.String("a, s, t"),
	})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return fmt.Errorf("cas: dynamodb scan: %w", err)
		}
		for _, item := range page.Items {
			if ci, ok := itemInfo(item); ok {
				if err := fn(ci); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// dynamoBatch is BatchGetItem's limit on keys per request.
const dynamoBatch = 100

// GetBatch fetches chunks 100 keys a request, sending up to a few requests at
// once and retrying unprocessed keys with backoff.
func (d *Dynamo) GetBatch(ctx context.Context, addrs []Addr) (map[Addr][]byte, error) {
	addrs = dedupAddrs(addrs)
	var groups [][]Addr
	for lo := 0; lo < len(addrs); lo += dynamoBatch {
		groups = append(groups, addrs[lo:min(lo+dynamoBatch, len(addrs))])
	}
	results, err := collect(ctx, len(groups), 4, func(ctx context.Context, g int) (map[Addr][]byte, error) {
		return d.getGroup(ctx, groups[g])
	})
	if err != nil {
		return nil, err
	}
	out := make(map[Addr][]byte, len(addrs))
	for _, m := range results {
		for a, b := range m {
			out[a] = b
		}
	}
	return out, nil
}

func (d *Dynamo) getGroup(ctx context.Context, addrs []Addr) (map[Addr][]byte, error) {
	keys := make([]map[string]ddbtypes.AttributeValue, len(addrs))
	for i, a := range addrs {
		keys[i] = ddbKey(a)
	}
	out := make(map[Addr][]byte, len(addrs))
	req := map[string]ddbtypes.KeysAndAttributes{d.table: {
		Keys:                 keys,
		ConsistentRead:       aws.Bool(true),
		ProjectionExpression: aws.String("a, d"),
	}}
	backoff := 20 * time.Millisecond
	for attempt := 0; len(req) > 0; attempt++ {
		if attempt > 0 {
			if attempt > 10 {
				return nil, fmt.Errorf("cas: dynamodb batch get: %d keys still unprocessed", len(req[d.table].Keys))
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(backoff):
			}
			backoff = min(2*backoff, 2*time.Second)
		}
		res, err := d.client.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: req})
		if err != nil {
			return nil, fmt.Errorf("cas: dynamodb batch get: %w", err)
		}
		for _, item := range res.Responses[d.table] {
			a, ok1 := item["a"].(*ddbtypes.AttributeValueMemberB)
			b, ok2 := item["d"].(*ddbtypes.AttributeValueMemberB)
			if !ok1 || !ok2 || len(a.Value) != AddrSize {
				continue // a malformed item reads as missing
			}
			out[Addr(a.Value)] = b.Value
		}
		req = res.UnprocessedKeys
	}
	return out, nil
}
