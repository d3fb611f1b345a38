package cas

import (
	"context"
	"errors"
	"testing"
)

func TestDynamoStore(t *testing.T) {
	testStoreContract(t, dynamoStore(t))
}

func TestDynamoTooLarge(t *testing.T) {
	d := dynamoStore(t)
	err := d.Put(context.Background(), Addr{1}, make([]byte, DynamoMaxChunk+1))
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Put = %v, want ErrTooLarge", err)
	}
}

func TestDynamoBatchGet(t *testing.T) {
	ctx := context.Background()
	d := dynamoStore(t)
	r := NewRepo(d, mustCodec(t, testKey(1)))
	var pages [][]byte
	for i := range 250 {
		pages = append(pages, page(uint64(i), 3000))
	}
	addrs, err := r.PutMany(ctx, pages)
	if err != nil {
		t.Fatal(err)
	}
	got, err := d.GetBatch(ctx, append(addrs, Addr{3}))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 250 {
		t.Fatalf("GetBatch found %d of 250", len(got))
	}
	if _, ok := got[Addr{3}]; ok {
		t.Fatal("GetBatch returned a missing chunk")
	}
}
