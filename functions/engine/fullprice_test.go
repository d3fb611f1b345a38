package engine

import (
	"fmt"
	"math"
)

// The full price of a step on AWS (us-east-1, arm64, the template's
// 1024 MB), beside the storage writes costPerMillion prices. Dollars per
// million of each unit; the README's cost table cites the sources.
const (
	lambdaRequest  = 0.20         // per million invocations
	lambdaGBSecond = 0.0000133334 // per GB-second, arm64 (not per million)
	lambdaMemoryGB = 1024.0 / 1024
	wsMessage      = 1.00 // per million WebSocket messages (32 KB increments)
	wsConnMinute   = 0.25 // per million connection minutes
	s3StorageGBMo  = 0.023
	dynStorageGBMo = 0.25
	// Modelled, not measured: the wall time a step waits for each store
	// request on AWS (DynamoDB answers in single-digit milliseconds), and
	// how long a client keeps its connection per step (an agent loop that
	// steps every 10 s on one connection).
	storeRequestMS     = 5.0
	connMinutesPerStep = 1.0 / 6
	messagesPerStep    = 2.0 // the request and its reply, each under 32 KB
	garbageHours       = 6.0 // cas.GCGrace: a superseded chunk's lifetime
	hoursPerMonth      = 730.0
	bytesPerGB         = 1 << 30
)

// stepPrice is one step's full price, per million steps, by service.
type stepPrice struct {
	billedMS                           float64
	lambda, apigw, storageOps, storage float64
}

func (p stepPrice) total() float64 { return p.lambda + p.apigw + p.storageOps + p.storage }

// fullPrice prices a step that ran engineMS of the engine's own time,
// sent and received messages WebSocket messages (a feed without output:
// the request and its reply, each under 32 KB) and made requests store
// requests (the head read, then its writes), whose
// writes cost storageOps per million (costPerMillion), and whose chunk
// bytes (tiered: ≤ 4 KB in DynamoDB) live until GC sweeps them.
func fullPrice(engineMS float64, messages, requests int, storageOps float64, chunks []int, steps int) stepPrice {
	billed := math.Ceil(engineMS + storeRequestMS*float64(requests))
	p := stepPrice{billedMS: billed, storageOps: storageOps}
	p.lambda = lambdaRequest + billed/1000*lambdaMemoryGB*lambdaGBSecond*1e6
	p.apigw = float64(messages)*wsMessage + connMinutesPerStep*wsConnMinute
	for _, n := range chunks {
		price := s3StorageGBMo
		if n <= smallChunk {
			price = dynStorageGBMo
		}
		// per million steps: bytes × months alive × $/GB-month × 1e6 / steps
		p.storage += float64(n) / bytesPerGB * garbageHours / hoursPerMonth * price * 1e6 / float64(steps)
	}
	return p
}

func (p stepPrice) row(name string) string {
	return fmt.Sprintf("| %s | %.0f ms | $%.2f | $%.2f | $%.2f | $%.3f | **$%.2f** |",
		name, p.billedMS, p.lambda, p.apigw, p.storageOps, p.storage, p.total())
}

const fullPriceHeader = "| step | billed Lambda time | Lambda (requests + GB-s) | API Gateway (messages + connection minutes) | DynamoDB + S3 requests | storage until GC | total $/M steps |\n| --- | --- | --- | --- | --- | --- | --- |\n"
