package meta

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddb "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/amber-sandbox/amber/internal/dynamotable"
)

// DynamoAPI is the part of *dynamodb.Client the DynamoDB store uses.
type DynamoAPI interface {
	GetItem(context.Context, *dynamodb.GetItemInput, ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	PutItem(context.Context, *dynamodb.PutItemInput, ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	UpdateItem(context.Context, *dynamodb.UpdateItemInput, ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	DeleteItem(context.Context, *dynamodb.DeleteItemInput, ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error)
	Query(context.Context, *dynamodb.QueryInput, ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
}

// Keys of the DynamoDB table (string attributes pk and sk):
//
//	project     pk PROJECT#<project>   sk PROJECT
//	session     pk PROJECT#<project>   sk SESSION#<id>
//	snapshot    pk PROJECT#<project>   sk SNAPSHOT#<id>
//	API key     pk KEY#<sha-256 hex>   sk KEY        (points at its project)
//	connection  pk CONN#<id>           sk CONN
//	registry    pk PROJECTS            sk <project>  (lists the projects)
//
// A project's sessions and snapshots are one item collection, so listing
// them is a Query (DynamoDB splits a hot collection by sort key, so one
// busy project is not limited to one partition's throughput). Items that
// expire carry expires_at in epoch seconds, the table's TTL attribute;
// connections expire a day after they were made.
// DynamoTTLAttribute is the table's TTL attribute (epoch seconds): a
// template that creates the table must name it in its
// TimeToLiveSpecification.
const DynamoTTLAttribute = attrExpiresAt

const (
	attrPK        = "pk"
	attrSK        = "sk"
	attrExpiresAt = "expires_at"

	prefixProject  = "PROJECT#"
	prefixKey      = "KEY#"
	prefixConn     = "CONN#"
	prefixSession  = "SESSION#"
	prefixSnapshot = "SNAPSHOT#"
	skProject      = "PROJECT"
	skKey          = "KEY"
	skConn         = "CONN"
	pkRegistry     = "PROJECTS"

	connectionTTL = 24 * time.Hour
)

// Dynamo is the metadata store on one DynamoDB table (see
// CreateDynamoTable). Every write is a single-item write, conditional
// where it commits something, so it needs no transactions. Gets are
// strongly consistent; lists are Queries, never Scans. It is safe for
// concurrent use.
//
// The table is its own: cas.Dynamo's chunk table has another key schema
// (a binary hash key "a"), so the two cannot share one table.
type Dynamo struct {
	client DynamoAPI
	table  string
	// pageSize limits the items of one Query page (0: DynamoDB's
	// 1 MB pages); tests set it small to cover paging.
	pageSize int32
}

var _ Store = (*Dynamo)(nil)

// NewDynamo returns the store on an existing table. client is usually a
// *dynamodb.Client.
func NewDynamo(client DynamoAPI, table string) *Dynamo {
	return &Dynamo{client: client, table: table}
}

// Close does nothing: the client belongs to the caller.
func (d *Dynamo) Close() error { return nil }

// CreateDynamoTable creates the metadata table (on-demand, keys pk and sk,
// TTL on expires_at) and waits until it is active. An existing table is
// left as is. Where the server has no TTL API (dynalite), the table works
// without expiry.
func CreateDynamoTable(ctx context.Context, client *dynamodb.Client, table string) error {
	err := dynamotable.Create(ctx, client, &dynamodb.CreateTableInput{
		TableName: aws.String(table),
		AttributeDefinitions: []ddb.AttributeDefinition{
			{AttributeName: aws.String(attrPK), AttributeType: ddb.ScalarAttributeTypeS},
			{AttributeName: aws.String(attrSK), AttributeType: ddb.ScalarAttributeTypeS},
		},
		KeySchema: []ddb.KeySchemaElement{
			{AttributeName: aws.String(attrPK), KeyType: ddb.KeyTypeHash},
			{AttributeName: aws.String(attrSK), KeyType: ddb.KeyTypeRange},
		},
	})
	if err != nil {
		return fmt.Errorf("meta: %w", err)
	}
	ttl, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(table)})
	if err == nil && ttl.TimeToLiveDescription != nil && aws.ToString(ttl.TimeToLiveDescription.AttributeName) == attrExpiresAt {
		return nil
	}
	_, err = client.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{
		TableName:               aws.String(table),
		TimeToLiveSpecification: &ddb.TimeToLiveSpecification{AttributeName: aws.String(attrExpiresAt), Enabled: aws.Bool(true)},
	})
	var api smithy.APIError
	if err != nil && !(errors.As(err, &api) && api.ErrorCode() == "UnknownOperationException") {
		return fmt.Errorf("meta: enable TTL on %s: %w", table, err)
	}
	return nil
}

// --- items ---------------------------------------------------------------------

type item map[string]ddb.AttributeValue

func key(pk, sk string) item {
	return item{attrPK: &ddb.AttributeValueMemberS{Value: pk}, attrSK: &ddb.AttributeValueMemberS{Value: sk}}
}

// Empty values are left out (an absent attribute reads as the zero value).
func (it item) str(name, v string) {
	if v != "" {
		it[name] = &ddb.AttributeValueMemberS{Value: v}
	}
}

func (it item) num(name string, v int64) {
	it[name] = &ddb.AttributeValueMemberN{Value: strconv.FormatInt(v, 10)}
}

func (it item) bin(name string, v []byte) {
	if len(v) > 0 {
		it[name] = &ddb.AttributeValueMemberB{Value: v}
	}
}

func (it item) flag(name string, v bool) {
	if v {
		it[name] = &ddb.AttributeValueMemberBOOL{Value: true}
	}
}

// time stores t in UTC with nanoseconds.
func (it item) time(name string, t time.Time) {
	if !t.IsZero() {
		it[name] = &ddb.AttributeValueMemberS{Value: t.UTC().Format(time.RFC3339Nano)}
	}
}

func (it item) strs(name string, v []string) {
	if len(v) > 0 {
		l := make([]ddb.AttributeValue, len(v))
		for i, s := range v {
			l[i] = &ddb.AttributeValueMemberS{Value: s}
		}
		it[name] = &ddb.AttributeValueMemberL{Value: l}
	}
}

// expires sets the TTL attribute for t.
func (it item) expires(t time.Time) {
	if !t.IsZero() {
		it.num(attrExpiresAt, t.Unix())
	}
}

// reader reads attributes of an item, keeping the first error.
type reader struct {
	it  map[string]ddb.AttributeValue
	err error
}

func (r *reader) fail(name, want string) {
	if r.err == nil {
		r.err = fmt.Errorf("meta: bad item: attribute %s is not %s", name, want)
	}
}

// attr returns the attribute name if it is an M. An absent attribute is
// not (ok false), nor is one of another type, which fails r with want.
func attr[M ddb.AttributeValue](r *reader, name, want string) (v M, ok bool) {
	switch a := r.it[name].(type) {
	case nil:
	case M:
		return a, true
	default:
		r.fail(name, want)
	}
	return v, false
}

func (r *reader) str(name string) string {
	if v, ok := attr[*ddb.AttributeValueMemberS](r, name, "a string"); ok {
		return v.Value
	}
	return ""
}

func (r *reader) num(name string) int64 {
	v, ok := attr[*ddb.AttributeValueMemberN](r, name, "a number")
	if !ok {
		return 0
	}
	n, err := strconv.ParseInt(v.Value, 10, 64)
	if err != nil {
		r.fail(name, "an int64")
	}
	return n
}

func (r *reader) bin(name string) []byte {
	if v, ok := attr[*ddb.AttributeValueMemberB](r, name, "binary"); ok {
		return v.Value
	}
	return nil
}

func (r *reader) flag(name string) bool {
	if v, ok := attr[*ddb.AttributeValueMemberBOOL](r, name, "a bool"); ok {
		return v.Value
	}
	return false
}

func (r *reader) time(name string) time.Time {
	s := r.str(name)
	if s == "" {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		r.fail(name, "an RFC 3339 time")
	}
	return t.UTC()
}

func (r *reader) strs(name string) []string {
	l, ok := attr[*ddb.AttributeValueMemberL](r, name, "a list")
	if !ok {
		return nil
	}
	out := make([]string, 0, len(l.Value))
	for _, x := range l.Value {
		s, ok := x.(*ddb.AttributeValueMemberS)
		if !ok {
			r.fail(name, "a list of strings")
			return nil
		}
		out = append(out, s.Value)
	}
	return out
}

// attrs is one direction of a record's attributes: writing them into an
// item (itemWriter) or reading them from one (itemReader); recordFields
// walks a record's fields for both.
type attrs interface {
	str(name string, v *string)
	num(name string, v *int64)
	bin(name string, v *[]byte)
	flag(name string, v *bool)
	time(name string, v *time.Time)
	strs(name string, v *[]string)
}

type itemWriter struct{ it item }

func (w itemWriter) str(name string, v *string)     { w.it.str(name, *v) }
func (w itemWriter) num(name string, v *int64)      { w.it.num(name, *v) }
func (w itemWriter) bin(name string, v *[]byte)     { w.it.bin(name, *v) }
func (w itemWriter) flag(name string, v *bool)      { w.it.flag(name, *v) }
func (w itemWriter) time(name string, v *time.Time) { w.it.time(name, *v) }
func (w itemWriter) strs(name string, v *[]string)  { w.it.strs(name, *v) }

type itemReader struct{ r *reader }

func (r itemReader) str(name string, v *string)     { *v = r.r.str(name) }
func (r itemReader) num(name string, v *int64)      { *v = r.r.num(name) }
func (r itemReader) bin(name string, v *[]byte)     { *v = r.r.bin(name) }
func (r itemReader) flag(name string, v *bool)      { *v = r.r.flag(name) }
func (r itemReader) time(name string, v *time.Time) { *v = r.r.time(name) }
func (r itemReader) strs(name string, v *[]string)  { *v = r.r.strs(name) }

// recordFields passes each field of the record *rec to a under its
// attribute name, so that a record's attributes are named once (by its
// type's fields) for writing and for reading.
func recordFields(a attrs, rec any) {
	v := reflect.ValueOf(rec).Elem()
	t := v.Type()
	for i := range t.NumField() {
		name := attrName(t.Field(i).Name)
		switch p := v.Field(i).Addr().Interface().(type) {
		case *string:
			a.str(name, p)
		case *int64:
			a.num(name, p)
		case *[]byte:
			a.bin(name, p)
		case *bool:
			a.flag(name, p)
		case *time.Time:
			a.time(name, p)
		case *[]string:
			a.strs(name, p)
		default:
			panic(fmt.Sprintf("meta: %s.%s has no DynamoDB attribute type", t.Name(), t.Field(i).Name))
		}
	}
}

// attrName is the attribute of a record's field: its name in snake case
// (LastRequest: last_request, CASKey: cas_key, ID: id). Stored items
// depend on it, so renaming a field renames its attribute; a test pins
// them.
func attrName(field string) string {
	var b strings.Builder
	for i := 0; i < len(field); i++ {
		c := field[i]
		if 'A' <= c && c <= 'Z' {
			// A word starts at a capital after a small letter, or at the
			// last capital of an acronym before a small letter.
			afterSmall := i > 0 && 'a' <= field[i-1] && field[i-1] <= 'z'
			beforeSmall := i > 0 && i+1 < len(field) && 'a' <= field[i+1] && field[i+1] <= 'z'
			if afterSmall || beforeSmall {
				b.WriteByte('_')
			}
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// readRecord decodes an item into a new record.
func readRecord[T any](it map[string]ddb.AttributeValue) (*T, error) {
	r := &reader{it: it}
	v := new(T)
	recordFields(itemReader{r}, v)
	return v, r.err
}

// recordItem is the item of rec under key k; expires, if not zero, sets
// the item's TTL.
func recordItem(k item, rec any, expires time.Time) item {
	recordFields(itemWriter{k}, rec)
	k.expires(expires)
	return k
}

func projectItem(p *Project) item {
	return recordItem(key(prefixProject+p.ID, skProject), p, time.Time{})
}

func sessionItem(s *Session) item {
	return recordItem(key(prefixProject+s.Project, prefixSession+s.ID), s, s.Expires)
}

func snapshotItem(s *Snapshot) item {
	return recordItem(key(prefixProject+s.Project, prefixSnapshot+s.ID), s, s.Expires)
}

// connectionItem expires connectionTTL after the connection was made.
func connectionItem(c *Connection) item {
	var expires time.Time
	if !c.Created.IsZero() {
		expires = c.Created.Add(connectionTTL)
	}
	return recordItem(key(prefixConn+c.ID, skConn), c, expires)
}

// --- calls ---------------------------------------------------------------------

func isConditionFailed(err error) bool {
	var ccf *ddb.ConditionalCheckFailedException
	return errors.As(err, &ccf)
}

// conditionFailed sorts out what a conditional write returned: failed
// when its condition did not hold; otherwise nil for a success, or the
// error of the call, which call names ("delete session p/s").
func conditionFailed(err error, call string) (failed bool, _ error) {
	switch {
	case err == nil:
		return false, nil
	case isConditionFailed(err):
		return true, nil
	}
	return false, fmt.Errorf("meta: dynamodb %s: %w", call, err)
}

// names maps each "#name" to the attribute name, so that expressions never
// trip over DynamoDB's reserved words.
func names(placeholders ...string) map[string]string {
	out := make(map[string]string, len(placeholders))
	for _, p := range placeholders {
		out[p] = p[1:]
	}
	return out
}

// values builds ExpressionAttributeValues from name, value pairs.
func values(kv ...any) map[string]ddb.AttributeValue {
	out := map[string]ddb.AttributeValue{}
	for i := 0; i+1 < len(kv); i += 2 {
		name, _ := kv[i].(string)
		switch v := kv[i+1].(type) {
		case string:
			out[name] = &ddb.AttributeValueMemberS{Value: v}
		case int64:
			out[name] = &ddb.AttributeValueMemberN{Value: strconv.FormatInt(v, 10)}
		case ddb.AttributeValue:
			out[name] = v
		}
	}
	return out
}

// getItem reads one item with a strongly consistent read (nil if absent).
func (d *Dynamo) getItem(ctx context.Context, k item) (map[string]ddb.AttributeValue, error) {
	out, err := d.client.GetItem(ctx, &dynamodb.GetItemInput{TableName: &d.table, Key: k, ConsistentRead: aws.Bool(true)})
	if err != nil {
		return nil, fmt.Errorf("meta: dynamodb get: %w", err)
	}
	return out.Item, nil
}

// deleteItem deletes an item that must exist.
func (d *Dynamo) deleteItem(ctx context.Context, k item, what string) error {
	_, err := d.client.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName:           &d.table,
		Key:                 k,
		ConditionExpression: aws.String("attribute_exists(pk)"),
	})
	if failed, err := conditionFailed(err, "delete "+what); !failed {
		return err
	}
	return fmt.Errorf("%s: %w", what, ErrNotFound)
}

// putNew writes an item that must not exist yet: ErrConflict when it
// does. op and what name the write in errors ("create", "session p/s").
func (d *Dynamo) putNew(ctx context.Context, it item, op, what string) error {
	_, err := d.client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           &d.table,
		Item:                it,
		ConditionExpression: aws.String("attribute_not_exists(pk)"),
	})
	if failed, err := conditionFailed(err, op+" "+what); !failed {
		return err
	}
	return fmt.Errorf("%s exists: %w", what, ErrConflict)
}

// getRecord reads one item and decodes it; a missing item is ErrNotFound,
// named by what.
func getRecord[T any](ctx context.Context, d *Dynamo, k item, what string) (*T, error) {
	it, err := d.getItem(ctx, k)
	if err != nil {
		return nil, err
	}
	if it == nil {
		return nil, fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	return readRecord[T](it)
}

// listRecords reads every item of a partition whose sort key has prefix
// and decodes each.
func listRecords[T any](ctx context.Context, d *Dynamo, pk, prefix string) ([]*T, error) {
	items, err := d.query(ctx, pk, prefix)
	if err != nil {
		return nil, err
	}
	out := make([]*T, 0, len(items))
	for _, it := range items {
		v, err := readRecord[T](it)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// query reads every item of a partition whose sort key has prefix ("":
// all of them).
func (d *Dynamo) query(ctx context.Context, pk, prefix string) ([]map[string]ddb.AttributeValue, error) {
	in := &dynamodb.QueryInput{
		TableName:                 &d.table,
		KeyConditionExpression:    aws.String("pk = :pk AND begins_with(sk, :prefix)"),
		ExpressionAttributeValues: values(":pk", pk, ":prefix", prefix),
		ConsistentRead:            aws.Bool(true),
	}
	if prefix == "" {
		in.KeyConditionExpression = aws.String("pk = :pk")
		in.ExpressionAttributeValues = values(":pk", pk)
	}
	if d.pageSize > 0 {
		in.Limit = aws.Int32(d.pageSize)
	}
	var items []map[string]ddb.AttributeValue
	for {
		out, err := d.client.Query(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("meta: dynamodb query %s: %w", pk, err)
		}
		items = append(items, out.Items...)
		if len(out.LastEvaluatedKey) == 0 {
			return items, nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

func (d *Dynamo) PutProject(ctx context.Context, p *Project) error {
	if p.ID == "" {
		return errors.New("meta: project without an id")
	}
	old, err := d.GetProject(ctx, p.ID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return err
	}
	// Register the project, then claim its key hashes, then write it. What
	// a failed put leaves behind is inert: ListProjects skips a registered
	// id with no project, and ProjectByKeyHash checks that the project
	// lists the hash.
	if _, err := d.client.PutItem(ctx, &dynamodb.PutItemInput{TableName: &d.table, Item: key(pkRegistry, p.ID)}); err != nil {
		return fmt.Errorf("meta: dynamodb register project %s: %w", p.ID, err)
	}
	for _, h := range p.KeyHashes {
		it := key(prefixKey+h, skKey)
		it.str("project", p.ID)
		_, err := d.client.PutItem(ctx, &dynamodb.PutItemInput{
			TableName:                 &d.table,
			Item:                      it,
			ConditionExpression:       aws.String("attribute_not_exists(pk) OR #project = :p"),
			ExpressionAttributeNames:  names("#project"),
			ExpressionAttributeValues: values(":p", p.ID),
		})
		if isConditionFailed(err) {
			return fmt.Errorf("key hash %s belongs to another project: %w", h, ErrConflict)
		}
		if err != nil {
			return fmt.Errorf("meta: dynamodb put key of %s: %w", p.ID, err)
		}
	}
	if _, err := d.client.PutItem(ctx, &dynamodb.PutItemInput{TableName: &d.table, Item: projectItem(p)}); err != nil {
		return fmt.Errorf("meta: dynamodb put project %s: %w", p.ID, err)
	}
	if old == nil {
		return nil
	}
	for _, h := range old.KeyHashes {
		if slices.Contains(p.KeyHashes, h) {
			continue
		}
		_, err := d.client.DeleteItem(ctx, &dynamodb.DeleteItemInput{
			TableName:                 &d.table,
			Key:                       key(prefixKey+h, skKey),
			ConditionExpression:       aws.String("#project = :p"),
			ExpressionAttributeNames:  names("#project"),
			ExpressionAttributeValues: values(":p", p.ID),
		})
		if err != nil && !isConditionFailed(err) {
			return fmt.Errorf("meta: dynamodb delete key of %s: %w", p.ID, err)
		}
	}
	return nil
}

func (d *Dynamo) GetProject(ctx context.Context, id string) (*Project, error) {
	return getRecord[Project](ctx, d, key(prefixProject+id, skProject), fmt.Sprintf("project %q", id))
}

func (d *Dynamo) ProjectByKeyHash(ctx context.Context, keyHash string) (*Project, error) {
	it, err := d.getItem(ctx, key(prefixKey+keyHash, skKey))
	if err != nil {
		return nil, err
	}
	r := reader{it: it}
	id := r.str("project")
	if it == nil || r.err != nil || id == "" {
		return nil, fmt.Errorf("key hash: %w", ErrNotFound)
	}
	p, err := d.GetProject(ctx, id)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(p.KeyHashes, keyHash) {
		return nil, fmt.Errorf("key hash: %w", ErrNotFound)
	}
	return p, nil
}

// AddUsage is one conditional UpdateItem. DynamoDB conditions have no
// arithmetic, so "used + delta <= quota" is written as "quota = :q AND
// used <= :q - delta" with the quota just read; if the quota changed in
// between, it reads it again.
func (d *Dynamo) AddUsage(ctx context.Context, project string, delta int64) error {
	k := key(prefixProject+project, skProject)
	for attempt := 0; ; attempt++ {
		in := &dynamodb.UpdateItemInput{
			TableName:        &d.table,
			Key:              k,
			UpdateExpression: aws.String("ADD #used :d"),
		}
		var quota int64
		if delta <= 0 {
			in.ConditionExpression = aws.String("attribute_exists(pk)")
			in.ExpressionAttributeNames = names("#used")
			in.ExpressionAttributeValues = values(":d", delta)
		} else {
			p, err := d.GetProject(ctx, project)
			if err != nil {
				return err
			}
			quota = p.Quota
			if quota == 0 {
				in.ConditionExpression = aws.String("#quota = :q")
				in.ExpressionAttributeNames = names("#used", "#quota")
				in.ExpressionAttributeValues = values(":d", delta, ":q", int64(0))
			} else {
				if delta > quota {
					return fmt.Errorf("project %s: %d bytes > quota %d: %w", project, delta, quota, ErrQuota)
				}
				in.ConditionExpression = aws.String("#quota = :q AND #used <= :max")
				in.ExpressionAttributeNames = names("#used", "#quota")
				in.ExpressionAttributeValues = values(":d", delta, ":q", quota, ":max", quota-delta)
			}
		}
		_, err := d.client.UpdateItem(ctx, in)
		if failed, err := conditionFailed(err, "add usage of "+project); !failed {
			return err
		}
		p, err := d.GetProject(ctx, project)
		if err != nil {
			return err
		}
		if delta > 0 && p.Quota == quota {
			return fmt.Errorf("project %s: %d + %d bytes > %d: %w", project, p.Used, delta, p.Quota, ErrQuota)
		}
		if attempt == 10 {
			return fmt.Errorf("project %s: quota keeps changing: %w", project, ErrConflict)
		}
	}
}

// ListProjects queries the registry partition for the project ids, then
// reads each project (GC's use: no Scan over the sessions' large items).
func (d *Dynamo) ListProjects(ctx context.Context) ([]*Project, error) {
	items, err := d.query(ctx, pkRegistry, "")
	if err != nil {
		return nil, err
	}
	out := make([]*Project, 0, len(items))
	for _, it := range items {
		r := reader{it: it}
		id := r.str(attrSK)
		if r.err != nil {
			return nil, r.err
		}
		p, err := d.GetProject(ctx, id)
		if errors.Is(err, ErrNotFound) {
			continue // registered by a PutProject that failed after
		}
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func (d *Dynamo) CreateSession(ctx context.Context, s *Session) error {
	if s.Project == "" || s.ID == "" {
		return errors.New("meta: session without a project or id")
	}
	if err := checkSessionSize(s); err != nil {
		return err
	}
	return d.putNew(ctx, sessionItem(s), "create", "session "+s.Project+"/"+s.ID)
}

func (d *Dynamo) GetSession(ctx context.Context, project, id string) (*Session, error) {
	return getRecord[Session](ctx, d, key(prefixProject+project, prefixSession+id), "session "+project+"/"+id)
}

// CommitSession is one PutItem conditional on the stored version. When
// the condition fails, a read tells a missing session from a conflict.
func (d *Dynamo) CommitSession(ctx context.Context, s *Session, expectVersion int64) error {
	if err := checkSessionSize(s); err != nil {
		return err
	}
	_, err := d.client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:                 &d.table,
		Item:                      sessionItem(s),
		ConditionExpression:       aws.String("#version = :v"),
		ExpressionAttributeNames:  names("#version"),
		ExpressionAttributeValues: values(":v", expectVersion),
	})
	if failed, err := conditionFailed(err, "commit session "+s.Project+"/"+s.ID); !failed {
		return err
	}
	old, err := d.GetSession(ctx, s.Project, s.ID)
	if err != nil {
		return err
	}
	if sameCommit(old, s) {
		// Our own write landed and its response was lost: the AWS SDK
		// sent the PutItem again, and the retry found the version it had
		// itself moved. The step is committed.
		return nil
	}
	return fmt.Errorf("session %s/%s is at version %d, not %d: %w", s.Project, s.ID, old.Version, expectVersion, ErrConflict)
}

func (d *Dynamo) DeleteSession(ctx context.Context, project, id string) error {
	return d.deleteItem(ctx, key(prefixProject+project, prefixSession+id), "session "+project+"/"+id)
}

func (d *Dynamo) ListSessions(ctx context.Context, project string) ([]*Session, error) {
	return listRecords[Session](ctx, d, prefixProject+project, prefixSession)
}

func (d *Dynamo) PutSnapshot(ctx context.Context, s *Snapshot) error {
	if s.Project == "" || s.ID == "" {
		return errors.New("meta: snapshot without a project or id")
	}
	return d.putNew(ctx, snapshotItem(s), "put", "snapshot "+s.Project+"/"+s.ID)
}

func (d *Dynamo) GetSnapshot(ctx context.Context, project, id string) (*Snapshot, error) {
	return getRecord[Snapshot](ctx, d, key(prefixProject+project, prefixSnapshot+id), "snapshot "+project+"/"+id)
}

func (d *Dynamo) DeleteSnapshot(ctx context.Context, project, id string) error {
	return d.deleteItem(ctx, key(prefixProject+project, prefixSnapshot+id), "snapshot "+project+"/"+id)
}

func (d *Dynamo) ListSnapshots(ctx context.Context, project string) ([]*Snapshot, error) {
	return listRecords[Snapshot](ctx, d, prefixProject+project, prefixSnapshot)
}

func (d *Dynamo) PutConnection(ctx context.Context, c *Connection) error {
	if c.ID == "" {
		return errors.New("meta: connection without an id")
	}
	if _, err := d.client.PutItem(ctx, &dynamodb.PutItemInput{TableName: &d.table, Item: connectionItem(c)}); err != nil {
		return fmt.Errorf("meta: dynamodb put connection %s: %w", c.ID, err)
	}
	return nil
}

func (d *Dynamo) GetConnection(ctx context.Context, id string) (*Connection, error) {
	return getRecord[Connection](ctx, d, key(prefixConn+id, skConn), fmt.Sprintf("connection %q", id))
}

// AddEphemeral appends to the connection's list unless the session is in
// it already, in one conditional UpdateItem.
func (d *Dynamo) AddEphemeral(ctx context.Context, connection, session string) error {
	_, err := d.client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                &d.table,
		Key:                      key(prefixConn+connection, skConn),
		UpdateExpression:         aws.String("SET #eph = list_append(if_not_exists(#eph, :empty), :s)"),
		ConditionExpression:      aws.String("attribute_exists(pk) AND NOT contains(#eph, :id)"),
		ExpressionAttributeNames: map[string]string{"#eph": "ephemeral"},
		ExpressionAttributeValues: values(
			":empty", ddb.AttributeValue(&ddb.AttributeValueMemberL{Value: []ddb.AttributeValue{}}),
			":s", ddb.AttributeValue(&ddb.AttributeValueMemberL{Value: []ddb.AttributeValue{&ddb.AttributeValueMemberS{Value: session}}}),
			":id", session),
	})
	if failed, err := conditionFailed(err, "add ephemeral to "+connection); !failed {
		return err
	}
	c, err := d.GetConnection(ctx, connection)
	if err != nil {
		return err
	}
	if !slices.Contains(c.Ephemeral, session) {
		return fmt.Errorf("connection %s changed while adding %s: %w", connection, session, ErrConflict)
	}
	return nil
}

func (d *Dynamo) DeleteConnection(ctx context.Context, id string) error {
	return d.deleteItem(ctx, key(prefixConn+id, skConn), "connection "+id)
}
