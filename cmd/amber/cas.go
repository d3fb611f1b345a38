package main

import (
	"bufio"
	"context"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/amber-sandbox/amber/cas"
)

const casUsage = `usage: amber cas <command> [flags] [root...]

commands:
  stats   logical vs stored bytes, chunk count and dedup ratio for roots
  gc      delete chunks unreachable from the roots (older than --grace)

flags:
  --dir PATH      directory store (the embedded default)
  --key HEX       project key, 64 hex digits (or $AMBER_CAS_KEY)
  --roots FILE    file with one root address a line ("-" for stdin)
  --grace DUR     gc: grace period (default 6h)
  --dry-run       gc: report without deleting
`

func runCas(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stderr, casUsage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd := args[0]
	fs := flag.NewFlagSet("amber cas "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, casUsage) }
	dir := fs.String("dir", "", "directory store")
	keyHex := fs.String("key", os.Getenv("AMBER_CAS_KEY"), "project key (hex)")
	rootsFile := fs.String("roots", "", "file listing root addresses")
	grace := fs.Duration("grace", cas.DefaultGrace, "gc grace period")
	dryRun := fs.Bool("dry-run", false, "gc: do not delete")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if cmd != "stats" && cmd != "gc" {
		fmt.Fprintf(stderr, "amber cas: unknown command %q\n%s", cmd, casUsage)
		return 2
	}
	if *dir == "" {
		fmt.Fprintln(stderr, "amber cas: --dir is required")
		return 2
	}
	roots, err := readRoots(fs.Args(), *rootsFile, stdin)
	if err != nil {
		fmt.Fprintln(stderr, "amber cas:", err)
		return 2
	}
	if _, err := os.Stat(*dir); err != nil {
		fmt.Fprintln(stderr, "amber cas:", err)
		return 1
	}
	store, err := cas.NewDir(*dir)
	if err != nil {
		fmt.Fprintln(stderr, "amber cas:", err)
		return 1
	}
	var key cas.Key
	if len(roots) > 0 || cmd == "gc" {
		k, err := hex.DecodeString(strings.TrimSpace(*keyHex))
		if err != nil || len(k) != len(key) {
			fmt.Fprintln(stderr, "amber cas: --key must be 64 hex digits (the project key) to read roots")
			return 2
		}
		copy(key[:], k)
	}
	codec, err := cas.NewCodec(key)
	if err != nil {
		fmt.Fprintln(stderr, "amber cas:", err)
		return 1
	}
	repo := cas.NewRepo(store, codec)
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()

	switch cmd {
	case "stats":
		st, err := repo.Stats(ctx, roots)
		if err != nil {
			fmt.Fprintln(stderr, "amber cas stats:", err)
			return 1
		}
		printStats(stdout, *dir, st)
	case "gc":
		if len(roots) == 0 {
			fmt.Fprintln(stderr, "amber cas gc: refusing to collect with no roots (everything would go)")
			return 2
		}
		rep, err := repo.GC(ctx, roots, cas.GCOptions{Grace: *grace, DryRun: *dryRun, Now: time.Now()})
		fmt.Fprintln(stdout, rep)
		if err != nil {
			fmt.Fprintln(stderr, "amber cas gc:", err)
			return 1
		}
	}
	return 0
}

func readRoots(args []string, file string, stdin io.Reader) ([]cas.Addr, error) {
	lines := append([]string(nil), args...)
	if file != "" {
		var r io.Reader = stdin
		if file != "-" {
			f, err := os.Open(file)
			if err != nil {
				return nil, err
			}
			defer f.Close()
			r = f
		}
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
				lines = append(lines, l)
			}
		}
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	var roots []cas.Addr
	var errs []error
	for _, l := range lines {
		a, err := cas.ParseAddr(l)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		roots = append(roots, a)
	}
	return roots, errors.Join(errs...)
}

func printStats(w io.Writer, dir string, st cas.Stats) {
	fmt.Fprintf(w, "store           %s\n", dir)
	fmt.Fprintf(w, "store chunks    %d\n", st.StoreChunks)
	fmt.Fprintf(w, "store bytes     %s\n", human(st.StoreBytes))
	if st.Roots == 0 {
		return
	}
	fmt.Fprintf(w, "roots           %d\n", st.Roots)
	fmt.Fprintf(w, "chunks          %d (%d pages)\n", st.Chunks, st.Pages)
	fmt.Fprintf(w, "logical bytes   %s\n", human(st.LogicalBytes))
	fmt.Fprintf(w, "unique bytes    %s\n", human(st.UniqueBytes))
	fmt.Fprintf(w, "stored bytes    %s\n", human(st.StoredBytes))
	fmt.Fprintf(w, "dedup ratio     %.2fx\n", st.DedupRatio())
	fmt.Fprintf(w, "compression     %.2fx\n", st.CompressionRatio())
	fmt.Fprintf(w, "overall         %.2fx\n", st.TotalRatio())
	if st.Missing > 0 {
		fmt.Fprintf(w, "MISSING chunks  %d\n", st.Missing)
	}
}

func human(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	f, suffix := float64(n), "KMGTPE"
	i := -1
	for f >= unit && i < len(suffix)-1 {
		f /= unit
		i++
	}
	return fmt.Sprintf("%.1f %ciB (%d B)", f, suffix[i], n)
}
