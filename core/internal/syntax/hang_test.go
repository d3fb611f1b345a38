package syntax

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestHangCandidates(t *testing.T) {
	for _, src := range []string{
		"f'" + strings.Repeat("{'", 25),
		"f'" + strings.Repeat("{f'", 25),
		"f'''" + strings.Repeat("{'", 25),
		strings.Repeat("-", 5000) + "x",
		strings.Repeat("not ", 5000) + "x",
		strings.Repeat("[", 199) + strings.Repeat("]", 199),
		strings.Repeat("f(", 190) + strings.Repeat(")", 190),
		strings.Repeat("lambda:", 1000) + "x",
		strings.Repeat("a if b else ", 1000) + "x",
		strings.Repeat("(", 199) + strings.Repeat(")", 199),
		strings.Repeat("[a ", 30),
		strings.Repeat("(a ", 30),
		strings.Repeat("f(a ", 30),
		strings.Repeat("with (", 30),
		"match " + strings.Repeat("(a ", 30),
		"print " + strings.Repeat("[a ", 30),
		strings.Repeat("{a ", 30),
	} {
		// Each parses in well under 10 ms alone; the race detector and a
		// loaded CI machine stretched "not " * 5000 to 220 ms. What this
		// guards against (backtracking that grows exponentially with the
		// nesting) takes minutes, so the bound only has to sit far above
		// the noise.
		st := time.Now()
		Parse("x.py", []byte(src))
		if d := time.Since(st); d > 2*time.Second {
			t.Errorf("%.20q: %v", src, d)
		}
	}
}

func TestHangCorpus(t *testing.T) {
	dir := os.Getenv("CORPUS")
	if dir == "" {
		t.Skip("set CORPUS to a fuzz corpus folder to time every input in it")
	}
	files, _ := filepath.Glob(dir + "/*")
	for _, f := range files {
		b, _ := os.ReadFile(f)
		s := string(b)
		i := strings.Index(s, "[]byte(")
		if i < 0 {
			continue
		}
		v, err := strconv.Unquote(strings.TrimSpace(s[i+7 : strings.LastIndex(s, ")")]))
		if err != nil {
			continue
		}
		done := make(chan bool)
		go func() { Parse("x.py", []byte(v)); close(done) }()
		select {
		case <-done:
		case <-time.After(2 * time.Second):
			t.Fatalf("hang: %q", v)
		}
	}
}
