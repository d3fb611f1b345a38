package meta

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	bolt "go.etcd.io/bbolt"
)

// UsageRecord is a project's usage data that lives apart from session
// heads: the ledger of a session whose head was deleted (so what it
// used outlives it), or a storage sample. A step never writes one: a
// step's usage rides in its session head (Session.Usage), committed with
// it. The engine names and encodes records; they are opaque here.
type UsageRecord struct {
	Project string
	ID      string
	// Version is bumped by every write; writes are conditional on it.
	Version int64
	Data    []byte
	Updated time.Time
	// Expires is when the record may go (GC deletes it; DynamoDB's TTL
	// too, eventually).
	Expires time.Time
}

// MaxUsageBytes bounds a usage record's data.
const MaxUsageBytes = 64 << 10

func checkUsageRecord(r *UsageRecord) error {
	if r.Project == "" || r.ID == "" {
		return errors.New("meta: usage record without a project or id")
	}
	if len(r.Data) > MaxUsageBytes {
		return fmt.Errorf("usage record %s/%s: %d bytes > %d: %w", r.Project, r.ID, len(r.Data), MaxUsageBytes, ErrTooLarge)
	}
	return nil
}

// UsageStore keeps usage records. Bolt and Dynamo implement it; the
// engine finds it on its meta.Store by a type assertion (a store without
// it keeps no usage of deleted sessions and no storage samples).
type UsageStore interface {
	GetUsage(ctx context.Context, project, id string) (*UsageRecord, error)
	// PutUsage writes r if the stored record's Version is expectVersion
	// (0: no record may exist; negative: whatever is stored);
	// otherwise ErrConflict and nothing changes.
	PutUsage(ctx context.Context, r *UsageRecord, expectVersion int64) error
	DeleteUsage(ctx context.Context, project, id string) error
	ListUsage(ctx context.Context, project string) ([]*UsageRecord, error)
}

var (
	_ UsageStore = (*Bolt)(nil)
	_ UsageStore = (*Dynamo)(nil)
)

// --- bbolt ---------------------------------------------------------------------------

var bucketUsage = []byte("usage") // project/ -> id -> UsageRecord (JSON)

// usageBucket is the project's bucket of usage records (nil when absent
// and !create); the top bucket is made on first use.
func usageBucket(tx *bolt.Tx, project string, create bool) (*bolt.Bucket, error) {
	return lazyProjectBucket(tx, bucketUsage, project, create)
}

func (b *Bolt) GetUsage(ctx context.Context, project, id string) (*UsageRecord, error) {
	var r *UsageRecord
	err := b.view(ctx, func(tx *bolt.Tx) error {
		bk, _ := usageBucket(tx, project, false)
		var err error
		r, err = get[UsageRecord](bk, id, "usage record")
		return err
	})
	return r, err
}

func (b *Bolt) PutUsage(ctx context.Context, r *UsageRecord, expectVersion int64) error {
	if err := checkUsageRecord(r); err != nil {
		return err
	}
	c := *r
	c.Updated, c.Expires = utc(r.Updated), utc(r.Expires)
	return b.update(ctx, func(tx *bolt.Tx) error {
		bk, err := usageBucket(tx, r.Project, true)
		if err != nil {
			return err
		}
		if expectVersion >= 0 {
			var have int64
			if old, err := get[UsageRecord](bk, r.ID, "usage record"); err == nil {
				have = old.Version
			} else if !errors.Is(err, ErrNotFound) {
				return err
			}
			if have != expectVersion {
				return fmt.Errorf("usage record %s/%s is at version %d, not %d: %w", r.Project, r.ID, have, expectVersion, ErrConflict)
			}
		}
		return put(bk, r.ID, &c)
	})
}

func (b *Bolt) DeleteUsage(ctx context.Context, project, id string) error {
	return b.update(ctx, func(tx *bolt.Tx) error {
		bk, _ := usageBucket(tx, project, false)
		if bk == nil || bk.Get([]byte(id)) == nil {
			return fmt.Errorf("usage record %s/%s: %w", project, id, ErrNotFound)
		}
		return bk.Delete([]byte(id))
	})
}

func (b *Bolt) ListUsage(ctx context.Context, project string) ([]*UsageRecord, error) {
	var out []*UsageRecord
	err := b.view(ctx, func(tx *bolt.Tx) error {
		bk, _ := usageBucket(tx, project, false)
		var err error
		out, err = readAll[UsageRecord](bk, "usage record")
		return err
	})
	return out, err
}

// --- DynamoDB --------------------------------------------------------------------------

// Usage records live in the project's item collection:
//
//	usage       pk PROJECT#<project>   sk USAGE#<id>
const prefixUsage = "USAGE#"

func usageItem(r *UsageRecord) item {
	return recordItem(key(prefixProject+r.Project, prefixUsage+r.ID), r, r.Expires)
}

func (d *Dynamo) GetUsage(ctx context.Context, project, id string) (*UsageRecord, error) {
	return getRecord[UsageRecord](ctx, d, key(prefixProject+project, prefixUsage+id), "usage record "+project+"/"+id)
}

// PutUsage is one PutItem, conditional on the stored version (or on the
// item's absence for version 0) unless expectVersion is negative.
func (d *Dynamo) PutUsage(ctx context.Context, r *UsageRecord, expectVersion int64) error {
	if err := checkUsageRecord(r); err != nil {
		return err
	}
	in := &dynamodb.PutItemInput{TableName: &d.table, Item: usageItem(r)}
	switch {
	case expectVersion == 0:
		in.ConditionExpression = aws.String("attribute_not_exists(pk)")
	case expectVersion > 0:
		in.ConditionExpression = aws.String("#version = :v")
		in.ExpressionAttributeNames = names("#version")
		in.ExpressionAttributeValues = values(":v", expectVersion)
	}
	_, err := d.client.PutItem(ctx, in)
	if failed, err := conditionFailed(err, "put usage "+r.Project+"/"+r.ID); !failed {
		return err
	}
	return fmt.Errorf("usage record %s/%s is not at version %d: %w", r.Project, r.ID, expectVersion, ErrConflict)
}

func (d *Dynamo) DeleteUsage(ctx context.Context, project, id string) error {
	return d.deleteItem(ctx, key(prefixProject+project, prefixUsage+id), "usage record "+project+"/"+id)
}

func (d *Dynamo) ListUsage(ctx context.Context, project string) ([]*UsageRecord, error) {
	return listRecords[UsageRecord](ctx, d, prefixProject+project, prefixUsage)
}
