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

// Volume is the head of a hosted volume (functions/volume): the version a
// reader sees. Every change is one conditional write of this record, on
// the version it read, so concurrent writers never overwrite each other.
type Volume struct {
	Project string
	Name    string
	Version int64  // bumped by every commit; 0: never written
	Root    string // hex cas address of the version's manifest ("" when empty)
	Bytes   int64  // total file bytes of the version
	Files   int64  // file count of the version
	// Deleted: the volume was deleted as a whole. The record stays (as
	// an empty version) so that versions keep increasing and a writer
	// that read an older incarnation cannot commit over a new one.
	Deleted bool
	Created time.Time
	Updated time.Time
	// Extra is the volume package's data committed with the head (recent
	// versions and the request ids they applied), opaque here.
	Extra []byte
}

// MaxVolumeBytes bounds a volume head's variable data, as MaxSessionBytes
// does a session's, keeping its DynamoDB item under 400 KB.
const MaxVolumeBytes = 390_000

func checkVolume(v *Volume) error {
	if v.Project == "" || v.Name == "" {
		return errors.New("meta: volume without a project or name")
	}
	if n := len(v.Project) + len(v.Name) + len(v.Root) + len(v.Extra); n > MaxVolumeBytes {
		return fmt.Errorf("volume %s/%s: %d bytes > %d: %w", v.Project, v.Name, n, MaxVolumeBytes, ErrTooLarge)
	}
	return nil
}

// VolumeStore keeps volume heads. Bolt and Dynamo implement it; the
// engine finds it on its meta.Store by a type assertion, so other stores
// simply have no volumes.
type VolumeStore interface {
	GetVolume(ctx context.Context, project, name string) (*Volume, error)
	// CommitVolume writes v if the stored head's Version is
	// expectVersion (0: no head may exist); otherwise ErrConflict and
	// nothing changes.
	CommitVolume(ctx context.Context, v *Volume, expectVersion int64) error
	// DeleteVolumeRecord removes the head if it is at expectVersion
	// (ErrConflict otherwise, ErrNotFound if absent). GC uses it for
	// deleted volumes past their retention.
	DeleteVolumeRecord(ctx context.Context, project, name string, expectVersion int64) error
	ListVolumes(ctx context.Context, project string) ([]*Volume, error)
}

var (
	_ VolumeStore = (*Bolt)(nil)
	_ VolumeStore = (*Dynamo)(nil)
)

// --- bbolt ---------------------------------------------------------------------------

var bucketVolumes = []byte("volumes") // project/ -> name -> Volume (JSON)

func normVolume(v *Volume) *Volume {
	c := *v
	c.Created, c.Updated = utc(v.Created), utc(v.Updated)
	return &c
}

// volumeBucket is the project's bucket of volumes (nil when absent and
// !create): the top bucket is made on first use, so OpenBolt needs no
// change for it.
func volumeBucket(tx *bolt.Tx, project string, create bool) (*bolt.Bucket, error) {
	return lazyProjectBucket(tx, bucketVolumes, project, create)
}

// lazyProjectBucket is the project's bucket under the top bucket top (nil
// when absent and !create); both are made on first use.
func lazyProjectBucket(tx *bolt.Tx, top []byte, project string, create bool) (*bolt.Bucket, error) {
	if !create {
		t := tx.Bucket(top)
		if t == nil {
			return nil, nil
		}
		return t.Bucket([]byte(project)), nil
	}
	t, err := tx.CreateBucketIfNotExists(top)
	if err != nil {
		return nil, err
	}
	return t.CreateBucketIfNotExists([]byte(project))
}

func (b *Bolt) GetVolume(ctx context.Context, project, name string) (*Volume, error) {
	var v *Volume
	err := b.view(ctx, func(tx *bolt.Tx) error {
		bk, _ := volumeBucket(tx, project, false)
		var err error
		v, err = get[Volume](bk, name, "volume")
		return err
	})
	return v, err
}

func (b *Bolt) CommitVolume(ctx context.Context, v *Volume, expectVersion int64) error {
	if err := checkVolume(v); err != nil {
		return err
	}
	return b.update(ctx, func(tx *bolt.Tx) error {
		bk, err := volumeBucket(tx, v.Project, true)
		if err != nil {
			return err
		}
		var have int64
		if old, err := get[Volume](bk, v.Name, "volume"); err == nil {
			have = old.Version
		} else if !errors.Is(err, ErrNotFound) {
			return err
		}
		if have != expectVersion {
			return fmt.Errorf("volume %s/%s is at version %d, not %d: %w", v.Project, v.Name, have, expectVersion, ErrConflict)
		}
		return put(bk, v.Name, normVolume(v))
	})
}

func (b *Bolt) DeleteVolumeRecord(ctx context.Context, project, name string, expectVersion int64) error {
	return b.update(ctx, func(tx *bolt.Tx) error {
		bk, _ := volumeBucket(tx, project, false)
		old, err := get[Volume](bk, name, "volume")
		if err != nil {
			return err
		}
		if old.Version != expectVersion {
			return fmt.Errorf("volume %s/%s is at version %d, not %d: %w", project, name, old.Version, expectVersion, ErrConflict)
		}
		return bk.Delete([]byte(name))
	})
}

func (b *Bolt) ListVolumes(ctx context.Context, project string) ([]*Volume, error) {
	var out []*Volume
	err := b.view(ctx, func(tx *bolt.Tx) error {
		bk, _ := volumeBucket(tx, project, false)
		var err error
		out, err = readAll[Volume](bk, "volume")
		return err
	})
	return out, err
}

// --- DynamoDB --------------------------------------------------------------------------

// Volume heads live in the project's item collection:
//
//	volume      pk PROJECT#<project>   sk VOLUME#<name>
const prefixVolume = "VOLUME#"

func volumeItem(v *Volume) item {
	return recordItem(key(prefixProject+v.Project, prefixVolume+v.Name), v, time.Time{})
}

func (d *Dynamo) GetVolume(ctx context.Context, project, name string) (*Volume, error) {
	return getRecord[Volume](ctx, d, key(prefixProject+project, prefixVolume+name), "volume "+project+"/"+name)
}

// CommitVolume is one PutItem conditional on the stored version (or on
// the item's absence for version 0).
func (d *Dynamo) CommitVolume(ctx context.Context, v *Volume, expectVersion int64) error {
	if err := checkVolume(v); err != nil {
		return err
	}
	in := &dynamodb.PutItemInput{
		TableName:                 &d.table,
		Item:                      volumeItem(v),
		ConditionExpression:       aws.String("#version = :v"),
		ExpressionAttributeNames:  names("#version"),
		ExpressionAttributeValues: values(":v", expectVersion),
	}
	if expectVersion == 0 {
		in.ConditionExpression = aws.String("attribute_not_exists(pk)")
		in.ExpressionAttributeNames, in.ExpressionAttributeValues = nil, nil
	}
	_, err := d.client.PutItem(ctx, in)
	if failed, err := conditionFailed(err, "commit volume "+v.Project+"/"+v.Name); !failed {
		return err
	}
	return fmt.Errorf("volume %s/%s is not at version %d: %w", v.Project, v.Name, expectVersion, ErrConflict)
}

func (d *Dynamo) DeleteVolumeRecord(ctx context.Context, project, name string, expectVersion int64) error {
	_, err := d.client.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName:                 &d.table,
		Key:                       key(prefixProject+project, prefixVolume+name),
		ConditionExpression:       aws.String("#version = :v"),
		ExpressionAttributeNames:  names("#version"),
		ExpressionAttributeValues: values(":v", expectVersion),
	})
	if failed, err := conditionFailed(err, "delete volume "+project+"/"+name); !failed {
		return err
	}
	if _, err := d.GetVolume(ctx, project, name); err != nil {
		return err
	}
	return fmt.Errorf("volume %s/%s is not at version %d: %w", project, name, expectVersion, ErrConflict)
}

func (d *Dynamo) ListVolumes(ctx context.Context, project string) ([]*Volume, error) {
	return listRecords[Volume](ctx, d, prefixProject+project, prefixVolume)
}
