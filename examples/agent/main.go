// Command agent is an agent loop on Amber: a (fake) language model writes
// Python that calls a search tool, the sandbox runs it in a durable
// session, and the model reads what it printed to write the next step.
//
//	go run ./cmd/amber serve &
//	go run ./examples/agent [-url ws://127.0.0.1:8765] [-key KEY]
//
// The tool is a Go function: when the sandbox calls search(...), the
// session pauses, the SDK calls the function in this process and sends
// the result back. Every step is saved on the server, so the agent's
// variables (results, notes) carry from one step to the next — and would
// survive this process.
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

func main() {
	url, key := exampleflag.Server()
	flag.Parse()
	answer, err := run(context.Background(), *url, *key, "Which sandbox keeps Python state between calls?", os.Stdout)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("answer:", answer)
}

// corpus is what the search tool searches.
var corpus = []string{
	"Amber runs agent-written Python in a sandbox whose whole state is data.",
	"A durable session keeps Python state between calls, saved after every step.",
	"Forks of a snapshot share every page they have not changed.",
	"CPython is the reference implementation of Python.",
}

// search is the tool: documents that contain every word of the query.
func search(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
	q, _ := args[0].(string)
	var hits []any
	for _, doc := range corpus {
		all := true
		for _, w := range strings.Fields(strings.ToLower(q)) {
			if !strings.Contains(strings.ToLower(doc), w) {
				all = false
				break
			}
		}
		if all {
			hits = append(hits, doc)
		}
	}
	return hits, nil
}

// fakeLLM writes the next step's code from the question and what the
// previous steps printed; "" means it has its answer.
func fakeLLM(question string, transcript []string) string {
	switch len(transcript) {
	case 0:
		return "notes = []\nhits = search('python state')\nprint(len(hits), 'hits')"
	case 1:
		return "for h in hits:\n    notes.append(h)\nhits = search('session')\nprint(len(hits), 'more')"
	case 2:
		return "notes.extend(h for h in hits if h not in notes)\n" +
			"words = question.lower().rstrip('?').split()\n" +
			"best = max(notes, key=lambda n: sum(w in n.lower() for w in words))\n" +
			"print('best:', best)"
	}
	return ""
}

// run answers question with the agent loop and returns the final answer
// (the sandbox's `best`).
func run(ctx context.Context, url, key, question string, out io.Writer) (string, error) {
	pool, err := sdk.Dial(ctx, url, sdk.WithAPIKey(key))
	if err != nil {
		return "", err
	}
	defer pool.Close()
	s, err := pool.Checkout(ctx, &sdk.CheckoutOptions{ScriptName: "agent.py", Limits: sdk.Limits{MaxSuspensions: 100}})
	if err != nil {
		return "", err
	}
	defer s.Close(ctx)

	var transcript []string
	for {
		code := fakeLLM(question, transcript)
		if code == "" {
			break
		}
		fmt.Fprintf(out, ">>> step %d\n%s\n", len(transcript)+1, code)
		var printed strings.Builder
		_, err := s.FeedRun(ctx, code, &sdk.FeedOptions{
			Inputs:    map[string]any{"question": question},
			Functions: map[string]sdk.HostFunc{"search": search},
			Print:     func(stream, text string) { printed.WriteString(text) },
		})
		var pe *sdk.PythonError
		switch {
		case errors.As(err, &pe):
			// The model sees the traceback and may fix its code.
			printed.WriteString(pe.Traceback)
		case err != nil:
			return "", err
		}
		fmt.Fprint(out, printed.String())
		transcript = append(transcript, printed.String())
	}
	v, err := s.FeedRun(ctx, "best", nil)
	if err != nil {
		return "", err
	}
	answer, _ := v.Go.(string)
	return answer, nil
}
