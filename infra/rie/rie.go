// Package rie runs Amber's Lambda functions as they run on AWS: the real
// bootstrap binary under the AWS Lambda Runtime Interface Emulator
// (aws-lambda-rie), which speaks the Lambda Runtime API to the function
// and takes invocations on
// POST {URL}/2015-03-31/functions/function/invocations.
//
// Its tests build functions/ws, run it under the emulator against dynalite
// and gofakes3, and drive it with a WebSocket client through amber serve's
// gateway in Lambda mode (serve.Options.LambdaURL, amber serve --lambda).
// They also check template.yaml against the code and keep the sample
// events in infra/events up to date.
//
// Install the emulator with
//
//	go install github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie@v0.0.0-20261030222936-bef5c4ba774d
package rie

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/amber-sandbox/amber/infra/gateway"
)

// ErrNoEmulator: aws-lambda-rie is not installed.
var ErrNoEmulator = errors.New("rie: aws-lambda-rie not found (go install github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie@v0.0.0-20261030222936-bef5c4ba774d)")

// InvokePath is where the emulator takes invocations.
const InvokePath = "/2015-03-31/functions/function/invocations"

// Binary finds the emulator: $AMBER_RIE, aws-lambda-rie on PATH, or in
// $(go env GOPATH)/bin where go install puts it.
func Binary() (string, error) {
	if p := os.Getenv("AMBER_RIE"); p != "" {
		return p, nil
	}
	if p, err := exec.LookPath("aws-lambda-rie"); err == nil {
		return p, nil
	}
	out, err := exec.Command("go", "env", "GOPATH").Output()
	if err == nil {
		for _, dir := range filepath.SplitList(strings.TrimSpace(string(out))) {
			p := filepath.Join(dir, "bin", "aws-lambda-rie")
			if _, err := os.Stat(p); err == nil {
				return p, nil
			}
		}
	}
	return "", ErrNoEmulator
}

// Build builds the main package pkg (an import path, e.g.
// github.com/amber-sandbox/amber/functions/ws) as dir/bootstrap with
// -tags lambda.norpc, as the Makefile does for Lambda, but for this
// machine's OS and architecture so that it runs here.
func Build(ctx context.Context, pkg, dir string) (string, error) {
	out := filepath.Join(dir, "bootstrap")
	cmd := exec.CommandContext(ctx, "go", "build", "-tags", "lambda.norpc", "-trimpath", "-o", out, pkg)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("rie: build %s: %w\n%s", pkg, err, b)
	}
	return out, nil
}

// Options configure an emulated function.
type Options struct {
	Bootstrap string   // the function's executable
	Env       []string // its environment, added to this process's ("K=V")
	// Addr is where the emulator listens (default a free loopback port).
	Addr string
	// Timeout is the function's timeout: each invocation's deadline
	// (default 29 s, as template.yaml sets).
	Timeout time.Duration
	// Output receives the emulator's and the function's logs (default:
	// kept, and returned by Logs).
	Output io.Writer
	// LogLevel is the emulator's log level (default "error"; "info" adds
	// the INIT REPORT lines of cold starts).
	LogLevel string
}

// Emulator is a function running under aws-lambda-rie.
type Emulator struct {
	cmd    *exec.Cmd
	url    string
	lambda *gateway.Lambda // what invokes the function
	logs   *lockedBuffer
	done   chan struct{}
}

// Start starts the emulator with the function and waits until it takes
// invocations.
func Start(ctx context.Context, opts Options) (*Emulator, error) {
	bin, err := Binary()
	if err != nil {
		return nil, err
	}
	addr := opts.Addr
	if addr == "" {
		if addr, err = FreeAddr(); err != nil {
			return nil, err
		}
	}
	api, err := FreeAddr()
	if err != nil {
		return nil, err
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = 29 * time.Second
	}
	level := opts.LogLevel
	if level == "" {
		level = "error"
	}
	cmd := exec.Command(bin,
		"--runtime-interface-emulator-address", addr,
		"--runtime-api-address", api,
		"--log-level", level,
		opts.Bootstrap)
	cmd.Dir = filepath.Dir(opts.Bootstrap)
	cmd.Env = append(os.Environ(), opts.Env...)
	cmd.Env = append(cmd.Env, fmt.Sprintf("AWS_LAMBDA_FUNCTION_TIMEOUT=%d", int(timeout.Seconds())))
	logs := &lockedBuffer{}
	var w io.Writer = logs
	if opts.Output != nil {
		w = io.MultiWriter(logs, opts.Output)
	}
	cmd.Stdout, cmd.Stderr = w, w
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("rie: start %s: %w", bin, err)
	}
	e := &Emulator{cmd: cmd, url: "http://" + addr, logs: logs, done: make(chan struct{})}
	e.lambda = gateway.NewLambda(e.url)
	go func() { _ = cmd.Wait(); close(e.done) }()

	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			return e, nil
		}
		select {
		case <-e.done:
			return nil, fmt.Errorf("rie: emulator exited: %s", logs.String())
		case <-ctx.Done():
			e.Stop()
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			e.Stop()
			return nil, fmt.Errorf("rie: emulator did not listen on %s: %s", addr, logs.String())
		}
	}
}

// URL is the emulator's base URL: invocations go to URL()+InvokePath.
func (e *Emulator) URL() string { return e.url }

// Logs returns what the emulator and the function wrote so far.
func (e *Emulator) Logs() string { return e.logs.String() }

// Invoke sends one event and decodes the function's response into out
// (when not nil), as the gateway's Lambda backend does. A function error
// comes back as an error.
func (e *Emulator) Invoke(ctx context.Context, event any, out any) error {
	if out == nil {
		out = new(json.RawMessage)
	}
	if err := e.lambda.Invoke(ctx, event, out); err != nil {
		return fmt.Errorf("rie: %w", err)
	}
	return nil
}

// Stop kills the emulator and the function.
func (e *Emulator) Stop() {
	killGroup(e.cmd)
	<-e.done
}

// FreeAddr returns a free loopback address (host:port).
func FreeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("rie: no free port: %w", err)
	}
	defer l.Close()
	return l.Addr().String(), nil
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
