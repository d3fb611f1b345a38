// Command volume shows hosted volumes on Amber: the host uploads a CSV
// into the volume "sales", a session reads it with ordinary file APIs and
// writes a report next to it, a later session (and a fork of an older
// snapshot) sees the report, and the host downloads it.
//
//	go run ./cmd/amber serve &
//	go run ./examples/volume [-url ws://127.0.0.1:8765]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/amber-sandbox/amber/examples/internal/exampleflag"
	"github.com/amber-sandbox/amber/sdk"
)

const csv = "region,amount\nnorth,120\nsouth,80\nnorth,30\neast,55\n"

// report sums the CSV by region into /data/out/report.txt.
const report = `
import csv, os
totals = {}
with open('/data/in/sales.csv') as f:
    for row in csv.DictReader(f):
        totals[row['region']] = totals.get(row['region'], 0) + int(row['amount'])
os.makedirs('/data/out', exist_ok=True)
with open('/data/out/report.txt', 'w') as f:
    for region in sorted(totals):
        f.write(f'{region} {totals[region]}\n')
len(totals)
`

func main() {
	url, key := exampleflag.Server()
	flag.Parse()
	if _, err := run(context.Background(), *url, *key, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// run does the round trip and returns the report the host downloaded.
func run(ctx context.Context, url, key string, out io.Writer) (string, error) {
	pool, err := sdk.Dial(ctx, url, sdk.WithAPIKey(key))
	if err != nil {
		return "", err
	}
	defer pool.Close()
	vol := pool.Volume("sales")
	if _, err := vol.WriteFile(ctx, "in/sales.csv", []byte(csv), nil); err != nil {
		return "", err
	}
	mount := &sdk.CheckoutOptions{Volumes: map[string]string{"/data": "sales"}}

	s, err := pool.Checkout(ctx, mount)
	if err != nil {
		return "", err
	}
	defer s.Close(ctx)
	snap, err := s.Dump(ctx) // before the report exists
	if err != nil {
		return "", err
	}
	n, err := s.FeedRun(ctx, report, nil)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(out, "the session summed %s regions\n", n.Repr)

	// A fork of the older snapshot sees the volume as it is now.
	fork, err := pool.Checkout(ctx, mount)
	if err != nil {
		return "", err
	}
	defer fork.Close(ctx)
	if err := fork.LoadSession(ctx, snap); err != nil {
		return "", err
	}
	seen, err := fork.FeedRun(ctx, "import os\nos.path.exists('/data/out/report.txt')", nil)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(out, "a fork of the earlier snapshot sees the report: %s\n", seen.Repr)

	data, version, err := vol.ReadFile(ctx, "out/report.txt")
	if err != nil {
		return "", err
	}
	fmt.Fprintf(out, "report (volume version %d):\n%s", version, data)
	return string(data), nil
}
