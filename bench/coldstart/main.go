// Command coldstart times a cold start in a process linking core: the
// template (core.Warm, as Lambda's init runs it), then a first session's
// first feed, which imports json, re, collections, datetime and math (the
// feed of infra/rie's TestColdStartUnderEmulator). With -n it starts
// itself n times, one cold process each, and prints the medians:
//
//	go build -o /tmp/coldstart ./bench/coldstart && /tmp/coldstart -n 21
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/amber-sandbox/amber/core"
)

const feed = "import json, re, collections, datetime, math\n" +
	"json.dumps([re.sub('b+', '-', 'abbc'), collections.Counter('aab')['a'], datetime.date(2024, 2, 29).isoformat(), math.floor(2.5)])"

func main() {
	n := flag.Int("n", 0, "start this many cold processes and print the medians")
	flag.Parse()
	if *n > 0 {
		os.Exit(medians(*n))
	}
	start := time.Now()
	core.Warm()
	warm := time.Since(start)
	s := core.NewSession(core.Config{})
	start = time.Now()
	out, err := s.FeedRun(feed, nil)
	first := time.Since(start)
	if err != nil {
		fmt.Fprintln(os.Stderr, "coldstart:", err)
		os.Exit(1)
	}
	if want := `'["a-c", 2, "2024-02-29", 2]'`; out.Repr != want {
		fmt.Fprintf(os.Stderr, "coldstart: the feed gave %s, want %s\n", out.Repr, want)
		os.Exit(1)
	}
	fmt.Printf("%.3f %.3f\n", ms(warm), ms(first))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// medians runs this program n times and prints the median (and fastest)
// Warm and first feed.
func medians(n int) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "coldstart:", err)
		return 1
	}
	var warm, first []float64
	for range n {
		b, err := exec.Command(self).Output()
		if err != nil {
			fmt.Fprintln(os.Stderr, "coldstart:", err)
			return 1
		}
		var w, f float64
		if _, err := fmt.Sscan(strings.TrimSpace(string(b)), &w, &f); err != nil {
			fmt.Fprintf(os.Stderr, "coldstart: %q: %v\n", b, err)
			return 1
		}
		warm, first = append(warm, w), append(first, f)
	}
	slices.Sort(warm)
	slices.Sort(first)
	fmt.Printf("%d cold processes: core.Warm median %.2f ms (fastest %.2f), first feed median %.2f ms (fastest %.2f)\n",
		n, warm[n/2], warm[0], first[n/2], first[0])
	return 0
}
