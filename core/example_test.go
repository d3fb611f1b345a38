package core_test

import (
	"fmt"
	"time"

	"github.com/amber-sandbox/amber/core"
)

// The README's tour of the session API: REPL-style feeds, a pause at a host
// call, a snapshot, and resuming it in a fresh session.
func ExampleSession() {
	s := core.NewSession(core.Config{ScriptName: "agent.py", Limits: core.Limits{MaxDuration: time.Second}})
	if _, err := s.FeedRun("x = 40", nil); err != nil {
		panic(err)
	}
	v, _ := s.FeedRun("x + 2", nil)
	fmt.Println(v.Repr)

	p, _ := s.FeedStart("r = fetch('a')\nr.upper() + str(x)", &core.FeedOptions{Functions: map[string]core.HostFunc{"fetch": nil}})
	call := p.(*core.FunctionCall)
	fmt.Println(call.Name, call.Args)
	snap, _ := call.Dump()

	s2 := core.NewSession(core.Config{})
	p2, _ := s2.LoadSnapshot(snap, nil)
	done, _ := p2.(*core.FunctionCall).Resume("payload")
	fmt.Println(done.(*core.Complete).Output.Repr)
	// Output:
	// 42
	// fetch [a]
	// 'PAYLOAD40'
}
