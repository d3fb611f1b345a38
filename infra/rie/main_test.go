package rie_test

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/amber-sandbox/amber/infra/rie"
	"github.com/amber-sandbox/amber/internal/dynalite"
)

// ci: in CI a missing dynalite or emulator fails the tests instead of
// skipping them.
var ci = os.Getenv("CI") != ""

// TestMain starts dynalite (npm) on a loopback port: the DynamoDB the
// emulated functions use (dynalite.Shared).
func TestMain(m *testing.M) { dynalite.Main(m) }

// need fails (in CI) or loudly skips a test that cannot run here.
func need(t *testing.T, ok bool, why string) {
	t.Helper()
	if ok {
		return
	}
	msg := "*** EMULATOR TEST NOT RUN: " + why + " ***"
	if ci || os.Getenv("AMBER_DYNALITE_DIR") != "" {
		t.Fatal(msg)
	}
	fmt.Fprintln(os.Stderr, msg)
	t.Skip(msg)
}

// needAll checks dynalite and the emulator.
func needAll(t *testing.T) {
	t.Helper()
	dyn := dynalite.Shared()
	need(t, dyn.URL != "", dyn.Err)
	_, err := rie.Binary()
	need(t, err == nil, fmt.Sprint(err))
}

var tables atomic.Int64

// tableName gives each test (and each run of it) its own table in the
// shared dynalite.
func tableName(t *testing.T) string {
	name := strings.ToLower(strings.NewReplacer("/", "-", "_", "-").Replace(t.Name()))
	return fmt.Sprintf("amber-%s-%d", name, tables.Add(1))
}
