package protocol

import (
	"fmt"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// benchValue is a typical tool result: 1000 records of mixed types.
func benchValue() any {
	rows := make([]any, 1000)
	for i := range rows {
		rows[i] = core.Dict{
			{Key: "id", Value: int64(i)},
			{Key: "name", Value: fmt.Sprintf("row %d with some text", i)},
			{Key: "score", Value: float64(i) / 7},
			{Key: "tags", Value: core.Tuple{"a", "b", int64(i % 3)}},
			{Key: int64(i), Value: []byte("xyz")},
		}
	}
	return rows
}

func BenchmarkEncodeValue(b *testing.B) {
	v := benchValue()
	raw, _ := EncodeValue(v)
	b.SetBytes(int64(len(raw)))
	for range b.N {
		if _, err := EncodeValue(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeValue(b *testing.B) {
	raw, err := EncodeValue(benchValue())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(raw)))
	for range b.N {
		if _, err := DecodeValueOrdered(raw); err != nil {
			b.Fatal(err)
		}
	}
}
