package sdk

import (
	"context"
	"testing"
)

// BenchmarkStep measures one small feed (a committed step) through the
// SDK, per transport, against the embedded store:
//
//	go test -run '^$' -bench Step -benchtime 300x ./sdk/
func BenchmarkStep(b *testing.B) {
	for _, tr := range transports {
		b.Run(tr.name, func(b *testing.B) {
			p := tr.start(b)(b)
			s, err := p.Checkout(context.Background(), nil)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := s.FeedRun(context.Background(), "n = 0", nil); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				if _, err := s.FeedRun(context.Background(), "n += 1", nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
