package meta

import (
	"context"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

func TestDynamo(t *testing.T) {
	testStore(t, openTestDynamo)
}

// TestDynamoAttributeNames pins the attributes records are stored under,
// which come from their field names: a renamed field must not orphan what
// tables already hold.
func TestDynamoAttributeNames(t *testing.T) {
	for _, c := range []struct {
		it   item
		want string
	}{
		{projectItem(fullProject("p")), "cas_key id key_hashes quota used"},
		{sessionItem(fullSession("p", "s")), "bytes config connection created ephemeral expires extra fresh id last_reply last_request project reply_inline root saved state steps stored usage version"},
		{snapshotItem(fullSnapshot("p", "d")), "bytes created expires id kind project request root stored"},
		{connectionItem(fullConnection("c")), "created ephemeral id project trace_parent"},
	} {
		var names []string
		for name := range c.it {
			if name != attrPK && name != attrSK && name != attrExpiresAt {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		if got := strings.Join(names, " "); got != c.want {
			t.Errorf("attributes\n got %s\nwant %s", got, c.want)
		}
	}
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

// counting forwards to the real client and counts calls by operation.
type counting struct {
	DynamoAPI
	mu    sync.Mutex
	calls map[string]int
}

func (c *counting) count(op string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls[op]++
}

func (c *counting) take() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.calls
	c.calls = map[string]int{}
	return out
}

func (c *counting) GetItem(ctx context.Context, in *dynamodb.GetItemInput, o ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	c.count("GetItem")
	if !aws.ToBool(in.ConsistentRead) {
		c.count("inconsistent read")
	}
	return c.DynamoAPI.GetItem(ctx, in, o...)
}

func (c *counting) PutItem(ctx context.Context, in *dynamodb.PutItemInput, o ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	c.count("PutItem")
	return c.DynamoAPI.PutItem(ctx, in, o...)
}

func (c *counting) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, o ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	c.count("UpdateItem")
	return c.DynamoAPI.UpdateItem(ctx, in, o...)
}

func (c *counting) Query(ctx context.Context, in *dynamodb.QueryInput, o ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	c.count("Query")
	return c.DynamoAPI.Query(ctx, in, o...)
}

// The calls each operation makes: a commit is one write, gets are strongly
// consistent single reads, lists of a project are Queries.
func TestDynamoCalls(t *testing.T) {
	base := newTestDynamo(t)
	c := &counting{DynamoAPI: base.client, calls: map[string]int{}}
	d := NewDynamo(c, base.table)
	must(t, "PutProject", d.PutProject(ctx, &Project{ID: "p", Quota: 100}))
	must(t, "CreateSession", d.CreateSession(ctx, &Session{Project: "p", ID: "s"}))
	must(t, "PutSnapshot", d.PutSnapshot(ctx, &Snapshot{Project: "p", ID: "d"}))
	c.take()
	steps := []struct {
		name string
		run  func() error
		want map[string]int
	}{
		{"CommitSession", func() error { return d.CommitSession(ctx, &Session{Project: "p", ID: "s", Version: 1}, 0) },
			map[string]int{"PutItem": 1}},
		{"GetSession", func() error { _, err := d.GetSession(ctx, "p", "s"); return err },
			map[string]int{"GetItem": 1}},
		{"AddUsage negative", func() error { return d.AddUsage(ctx, "p", -1) },
			map[string]int{"UpdateItem": 1}},
		{"AddUsage positive", func() error { return d.AddUsage(ctx, "p", 1) },
			map[string]int{"GetItem": 1, "UpdateItem": 1}},
		{"ListSessions", func() error { _, err := d.ListSessions(ctx, "p"); return err },
			map[string]int{"Query": 1}},
		{"ListSnapshots", func() error { _, err := d.ListSnapshots(ctx, "p"); return err },
			map[string]int{"Query": 1}},
		{"CreateSession", func() error { return d.CreateSession(ctx, &Session{Project: "p", ID: "s2"}) },
			map[string]int{"PutItem": 1}},
		{"ListProjects", func() error { _, err := d.ListProjects(ctx); return err },
			map[string]int{"Query": 1, "GetItem": 1}},
	}
	for _, st := range steps {
		must(t, st.name, st.run())
		if got := c.take(); !reflect.DeepEqual(got, st.want) {
			t.Errorf("%s made %v, want %v", st.name, got, st.want)
		}
	}
}

// Records that expire carry the TTL attribute in epoch seconds; the rest
// do not.
func TestDynamoTTLAttribute(t *testing.T) {
	d := newTestDynamo(t)
	must(t, "CreateSession", d.CreateSession(ctx, &Session{Project: "p", ID: "s", Expires: tLater}))
	must(t, "CreateSession", d.CreateSession(ctx, &Session{Project: "p", ID: "forever"}))
	must(t, "PutSnapshot", d.PutSnapshot(ctx, &Snapshot{Project: "p", ID: "d", Expires: tLater}))
	must(t, "PutConnection", d.PutConnection(ctx, &Connection{ID: "c", Created: tBase}))
	must(t, "PutProject", d.PutProject(ctx, &Project{ID: "p"}))
	cases := []struct {
		pk, sk string
		want   int64 // 0: no TTL
	}{
		{"PROJECT#p", "SESSION#s", tLater.Unix()},
		{"PROJECT#p", "SESSION#forever", 0},
		{"PROJECT#p", "SNAPSHOT#d", tLater.Unix()},
		{"CONN#c", "CONN", tBase.Add(connectionTTL).Unix()},
		{"PROJECT#p", "PROJECT", 0},
	}
	for _, c := range cases {
		it, err := d.getItem(ctx, key(c.pk, c.sk))
		must(t, "GetItem "+c.pk+" "+c.sk, err)
		if it == nil {
			t.Fatalf("no item %s %s", c.pk, c.sk)
		}
		r := reader{it: it}
		if got := r.num(DynamoTTLAttribute); got != c.want || r.err != nil {
			t.Errorf("%s %s: %s = %d (%v), want %d", c.pk, c.sk, DynamoTTLAttribute, got, r.err, c.want)
		}
	}
}
