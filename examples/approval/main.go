// Command approval is an approval gate: an agent's code pauses at a
// sensitive host call, the paused session is saved and this process
// exits; a second process, once a person approved, loads the snapshot and
// resumes the call — minutes or days later, on any machine.
//
//	go run ./cmd/amber serve &
//	go run ./examples/approval -state pending.txt            # runs until transfer(...), saves, exits
//	go run ./examples/approval -state pending.txt -approve   # loads, performs the transfer, finishes
//	go run ./examples/approval -state pending.txt -deny      # or: the call raises PermissionError
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/amber-sandbox/amber/examples/internal/exampleflag"
	"github.com/amber-sandbox/amber/sdk"
)

// agentCode is what the agent wrote: reads are harmless, transfer is not.
const agentCode = `
balance = get_balance("alice")
amount = min(250, balance // 2)
try:
    receipt = transfer(to="bob", amount=amount)
    result = f"sent {amount} to bob: {receipt}"
except PermissionError as e:
    result = f"not sent: {e}"
print(result)
result
`

// sensitive are the calls that need a person's approval.
var sensitive = map[string]bool{"transfer": true}

func main() {
	url, key := exampleflag.Server()
	state := flag.String("state", "pending-approval.txt", "file that keeps the paused snapshot's id")
	approve := flag.Bool("approve", false, "approve the pending call and resume")
	deny := flag.Bool("deny", false, "deny the pending call and resume")
	flag.Parse()
	ctx := context.Background()
	var err error
	switch {
	case *approve || *deny:
		_, err = decide(ctx, *url, *key, *state, *approve, os.Stdout)
	default:
		err = request(ctx, *url, *key, *state, os.Stdout)
	}
	if err != nil {
		log.Fatal(err)
	}
}

func getBalance(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
	return int64(1000), nil
}

// request runs the agent until it reaches a sensitive call, saves the
// paused session's snapshot id in state, and returns: the process may
// exit now.
func request(ctx context.Context, url, key, state string, out io.Writer) error {
	pool, err := sdk.Dial(ctx, url, sdk.WithAPIKey(key))
	if err != nil {
		return err
	}
	defer pool.Close()
	s, err := pool.Checkout(ctx, &sdk.CheckoutOptions{ScriptName: "agent.py"})
	if err != nil {
		return err
	}
	defer s.Close(ctx)
	opts := &sdk.FeedOptions{
		Functions: map[string]sdk.HostFunc{"get_balance": getBalance, "transfer": nil},
		Print:     func(stream, text string) { fmt.Fprint(out, text) },
	}
	p, err := s.FeedStart(ctx, agentCode, opts)
	for err == nil {
		call, ok := p.(*sdk.FunctionCall)
		if !ok {
			break
		}
		if sensitive[call.Name] {
			snap, err := call.Dump(ctx)
			if err != nil {
				return err
			}
			if err := os.WriteFile(state, snap, 0o600); err != nil {
				return err
			}
			fmt.Fprintf(out, "waiting for approval: %s(%v) — snapshot %s saved in %s\n", call.Name, call.Kwargs, snap, state)
			return nil
		}
		// Harmless calls are answered at once, with the feed's functions.
		v, ferr := opts.Functions[call.Name](ctx, call.Args, call.Kwargs)
		if ferr != nil {
			p, err = call.ResumeError(ctx, ferr)
		} else {
			p, err = call.Resume(ctx, v)
		}
	}
	if err != nil {
		return err
	}
	return errors.New("the agent finished without a sensitive call")
}

// decide loads the paused snapshot in a fresh session and resumes the
// pending call: performed if approved, PermissionError if not. It returns
// the agent's result.
func decide(ctx context.Context, url, key, state string, approved bool, out io.Writer) (string, error) {
	snap, err := os.ReadFile(state)
	if err != nil {
		return "", fmt.Errorf("no pending approval: %w", err)
	}
	snap = []byte(strings.TrimSpace(string(snap)))
	pool, err := sdk.Dial(ctx, url, sdk.WithAPIKey(key))
	if err != nil {
		return "", err
	}
	defer pool.Close()
	s, err := pool.Checkout(ctx, nil)
	if err != nil {
		return "", err
	}
	defer s.Close(ctx)
	p, err := s.LoadSnapshot(ctx, snap, &sdk.FeedOptions{
		Functions: map[string]sdk.HostFunc{"get_balance": getBalance},
		Print:     func(stream, text string) { fmt.Fprint(out, text) },
	})
	if err != nil {
		return "", err
	}
	call, ok := p.(*sdk.FunctionCall)
	if !ok || !sensitive[call.Name] {
		return "", fmt.Errorf("snapshot %s is not paused at a sensitive call", snap)
	}
	fmt.Fprintf(out, "reviewing %s(to=%v, amount=%v): approved=%v\n", call.Name, call.Kwargs["to"], call.Kwargs["amount"], approved)
	if approved {
		p, err = call.Resume(ctx, "receipt-0001")
	} else {
		p, err = call.ResumeException(ctx, "PermissionError", "transfer denied by the reviewer")
	}
	if err != nil {
		return "", err
	}
	c, err := s.ResumeAuto(ctx, p) // the rest of the run, with the functions given at load
	if err != nil {
		return "", err
	}
	if err := os.Remove(state); err != nil {
		return "", err
	}
	result, _ := c.Output.Go.(string)
	return result, nil
}
