package meta

import (
	"path/filepath"
	"testing"
)

// benchCommit measures the commit point of a step: one conditional write
// of a head with a few KB of step log and extra data.
func benchCommit(b *testing.B, s Store) {
	head := fullSession("p", "bench")
	head.Extra = make([]byte, 8<<10)
	head.Version = 0
	if err := s.CreateSession(ctx, head); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := range b.N {
		head.Version = int64(i + 1)
		if err := s.CommitSession(ctx, head, int64(i)); err != nil {
			b.Fatal(err)
		}
	}
}

func benchGet(b *testing.B, s Store) {
	head := fullSession("p", "bench")
	head.Extra = make([]byte, 8<<10)
	if err := s.CreateSession(ctx, head); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := s.GetSession(ctx, "p", "bench"); err != nil {
			b.Fatal(err)
		}
	}
}

func openBenchBolt(b *testing.B) *Bolt {
	s, err := OpenBolt(filepath.Join(b.TempDir(), "meta.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

func BenchmarkBoltCommit(b *testing.B) { benchCommit(b, openBenchBolt(b)) }
func BenchmarkBoltGet(b *testing.B)    { benchGet(b, openBenchBolt(b)) }

func BenchmarkDynamoCommit(b *testing.B) { benchCommit(b, newTestDynamo(b)) }
func BenchmarkDynamoGet(b *testing.B)    { benchGet(b, newTestDynamo(b)) }
