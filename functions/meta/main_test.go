package meta

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// dynalite is the DynamoDB server the tests share: dynalite (npm) started
// by TestMain on a loopback port, as in the cas tests. dynaliteErr says why
// it is not running.
var (
	dynaliteURL  string
	dynaliteErr  string
	dynaliteNeed bool // missing dynalite is a failure, not a skip
	tableSeq     atomic.Int64
)

func TestMain(m *testing.M) {
	stop := startDynalite()
	code := m.Run()
	stop()
	os.Exit(code)
}

// findDynalite returns the dynalite package folder: $AMBER_DYNALITE_DIR, or
// where .ci/dynalite.sh installs it.
func findDynalite() string {
	if d := os.Getenv("AMBER_DYNALITE_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", ".cache", "node", "node_modules", "dynalite")
}

func startDynalite() (stop func()) {
	stop = func() {}
	// In CI, or when the folder is named, these tests must run.
	dynaliteNeed = os.Getenv("CI") != "" || os.Getenv("AMBER_DYNALITE_DIR") != ""
	node, err := exec.LookPath("node")
	if err != nil {
		dynaliteErr = "node is not installed"
		return
	}
	dir := findDynalite()
	cli := filepath.Join(dir, "cli.js")
	if _, err := os.Stat(cli); err != nil {
		dynaliteErr = fmt.Sprintf("dynalite not found at %s (run: export AMBER_DYNALITE_DIR=$(bash .ci/dynalite.sh))", dir)
		return
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		dynaliteErr = "no free port: " + err.Error()
		return
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(node, cli, "--host", "127.0.0.1", "--port", fmt.Sprint(port),
		"--createTableMs", "0", "--deleteTableMs", "0", "--updateTableMs", "0")
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		dynaliteErr = "start dynalite: " + err.Error()
		return
	}
	go func() { // drain its banner
		sc := bufio.NewScanner(out)
		for sc.Scan() {
		}
	}()
	stop = func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			dynaliteErr = "dynalite did not open its port: " + err.Error()
			stop()
			return func() {}
		}
		time.Sleep(50 * time.Millisecond)
	}
	dynaliteURL = "http://" + addr
	return stop
}

// dynamoClient returns a client of the shared dynalite, or skips (loudly)
// when dynalite cannot run here; in CI it fails instead.
func dynamoClient(t testing.TB) *dynamodb.Client {
	t.Helper()
	if dynaliteURL == "" {
		msg := "\n*** DYNAMODB TESTS NOT RUN: " + dynaliteErr + " ***\n"
		if dynaliteNeed {
			t.Fatal(msg)
		}
		fmt.Fprint(os.Stderr, msg)
		t.Skip(strings.TrimSpace(msg))
	}
	return dynamodb.New(dynamodb.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(dynaliteURL),
		Credentials:  credentials.NewStaticCredentialsProvider("test", "test", ""),
	})
}

// openTestDynamo returns a store on a fresh table, with small pages so
// that lists cross page boundaries.
func openTestDynamo(t *testing.T) Store { return newTestDynamo(t) }

func newTestDynamo(t testing.TB) *Dynamo {
	t.Helper()
	client := dynamoClient(t)
	table := fmt.Sprintf("meta%d", tableSeq.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := CreateDynamoTable(ctx, client, table); err != nil {
		t.Fatal(err)
	}
	d := NewDynamo(client, table)
	d.pageSize = 25
	return d
}
