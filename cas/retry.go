package cas

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
)

// newRetryer returns the SDK's standard retryer (jittered exponential
// backoff) with our attempt and backoff bounds.
func newRetryer(attempts int, maxBackoff time.Duration) aws.Retryer {
	if attempts <= 0 {
		attempts = 5
	}
	if maxBackoff <= 0 {
		maxBackoff = 5 * time.Second
	}
	return retry.NewStandard(func(o *retry.StandardOptions) {
		o.MaxAttempts = attempts
		o.MaxBackoff = maxBackoff
	})
}
