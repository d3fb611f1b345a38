package vm

// Rendering a traceback as CPython 3.11 prints an uncaught exception.
//
// The text is bounded before it is built: exception groups are cut at
// CPython's width and depth (max_group_width 15, max_group_depth 10, with
// its "and N more exceptions" and "... (max_group_depth is 10)" lines), a
// __cause__/__context__ chain is walked iteratively (CPython's printer
// stops at its recursion limit; a chain of a million exceptions must not
// recurse on the Go stack) and keeps its newest maxTracebackChain links,
// and the whole text stops at a byte budget: the output limit, the memory
// still free under the memory limit, and tracebackMaxBytes. Past the
// budget the text ends with a line saying it was cut. Every exception
// rendered writes at least a line, so the work is bounded by the budget
// too.

import (
	"strings"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

const (
	// tbGroupWidth and tbGroupDepth are CPython's max_group_width and
	// max_group_depth.
	tbGroupWidth = 15
	tbGroupDepth = 10
	// maxTracebackChain bounds a __cause__/__context__ chain: about where
	// CPython's own printer gives up (its recursion limit).
	maxTracebackChain = 1000
	// tracebackMaxBytes bounds a traceback's text whatever the limits.
	tracebackMaxBytes = 1 << 20
	// tracebackMinBytes is what a traceback may always take, so that a
	// session at its memory limit still sees the head of its error.
	tracebackMinBytes = 4 << 10
)

// FormatTraceback renders an exception like CPython 3.11 prints an
// uncaught one, including its cause/context chain, within the budget
// described above.
func (vm *VM) FormatTraceback(exc Value) string {
	return vm.FormatTracebackWith(exc, vm.uncaughtTracebackOptions())
}

// TracebackOptions are the knobs of the traceback module's
// TracebackException: zero values mean CPython's defaults.
type TracebackOptions struct {
	// GroupWidth and GroupDepth are max_group_width and max_group_depth:
	// 0 means CPython's 15 and 10, a negative value 0.
	GroupWidth, GroupDepth int
	// NoChain renders exc alone, without its cause or context (and so
	// its groups' members without theirs), as chain=False does.
	NoChain bool
	// NoStack leaves out exc's own traceback entries (a
	// TracebackException made with no traceback).
	NoStack bool
	// Limited keeps only Limit of each exception's entries, as the
	// traceback module's limit= does: the first (outermost) Limit when it
	// is >= 0, the last -Limit when it is negative. (tblimit.go)
	Limited bool
	Limit   int
}

// FormatTracebackWith is FormatTraceback with the options of the
// traceback module.
func (vm *VM) FormatTracebackWith(exc Value, opt TracebackOptions) string {
	switch {
	case opt.GroupWidth == 0:
		opt.GroupWidth = tbGroupWidth
	case opt.GroupWidth < 0:
		opt.GroupWidth = 0
	}
	switch {
	case opt.GroupDepth == 0:
		opt.GroupDepth = tbGroupDepth
	case opt.GroupDepth < 0:
		opt.GroupDepth = 0
	}
	n := vm.tracebackBudget()
	w := &tbWriter{vm: vm, seen: map[Value]bool{}, budget: n, limit: n, opt: opt}
	if opt.NoStack {
		w.noStack = exc
	}
	w.format(exc)
	if w.cut {
		w.out.WriteString("\n... (traceback cut at " + ItoaStr(w.limit) + " bytes)\n")
	}
	return w.out.String()
}

// tracebackBudget is how many bytes a traceback may take now.
func (vm *VM) tracebackBudget() int {
	n := int64(tracebackMaxBytes)
	if lim := vm.Limits.MaxOutput; lim > 0 {
		n = min(n, lim)
	}
	if lim := vm.Limits.MaxMemory; lim > 0 {
		n = min(n, memCeiling(lim)-vm.H.Bytes)
	}
	return int(max(n, tracebackMinBytes))
}

// tbWriter is the state of one rendering: the text, its budget, the
// exceptions already shown (a chain that loops stops there, as CPython's
// seen set does), and the nesting of exception groups with whether the
// innermost open group still owes its closing rule.
type tbWriter struct {
	vm        *VM
	out       strings.Builder
	budget    int // bytes left
	limit     int // the budget at the start (for the closing line)
	cut       bool
	seen      map[Value]bool
	depth     int
	needClose bool
	opt       TracebackOptions
	noStack   Value // the exception shown without its entries, if any
}

// write appends s, or as much of it as the budget allows.
func (w *tbWriter) write(s string) {
	if w.cut {
		return
	}
	if len(s) > w.budget {
		w.out.WriteString(s[:w.budget])
		w.budget = 0
		w.cut = true
		return
	}
	w.out.WriteString(s)
	w.budget -= len(s)
}

// indent is the margin of the current group depth.
func (w *tbWriter) indent() string { return strings.Repeat("  ", w.depth) }

// emit writes text with the margin of the current group depth: every
// line, blank ones too (textwrap.indent with a predicate always true).
func (w *tbWriter) emit(text string, margin string) {
	if w.depth == 0 {
		w.write(text)
		return
	}
	prefix := w.indent() + margin + " "
	for len(text) > 0 && !w.cut {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line = text[:i+1]
		}
		text = text[len(line):]
		w.write(prefix)
		w.write(line)
	}
}

// format renders exc with the chain that led to it, oldest first.
func (w *tbWriter) format(exc Value) {
	vm := w.vm
	type link struct {
		exc Value
		msg string // what joins it to the newer one before it
	}
	chain := []link{{exc: exc}}
	w.seen[exc] = true
	dropped := 0
	for cur := exc; !w.opt.NoChain; {
		ed := vm.ExcOf(cur)
		if ed == nil {
			break
		}
		var next Value
		var msg string
		if ed.Cause.K == heap.KRef && !w.seen[ed.Cause] {
			next, msg = ed.Cause, "\nThe above exception was the direct cause of the following exception:\n\n"
		} else if !ed.SuppressContext && ed.Context.K == heap.KRef && !w.seen[ed.Context] {
			next, msg = ed.Context, "\nDuring handling of the above exception, another exception occurred:\n\n"
		} else {
			break
		}
		if len(chain) == maxTracebackChain {
			// Count the rest without keeping it (the walk is cheap; what
			// is kept is bounded).
			dropped++
			if dropped > 1<<20 {
				break
			}
		} else {
			chain = append(chain, link{exc: next, msg: msg})
		}
		w.seen[next] = true
		cur = next
	}
	if dropped > 0 {
		w.emit("... ("+ItoaStr(dropped)+" older chained exception"+plural(dropped, "", "s")+" not shown)\n\n", "|")
	}
	for i := len(chain) - 1; i >= 0 && !w.cut; i-- {
		w.formatOne(chain[i].exc)
		if i > 0 {
			w.emit(chain[i].msg, "|")
		}
	}
}

// formatOne renders one exception without its chain: its traceback, its
// last line and notes, and for a group its members.
func (w *tbWriter) formatOne(exc Value) {
	vm := w.vm
	group := vm.IsSubclass(vm.TypeOf(exc), vm.Types[TBaseExceptionGroup])
	if group && w.depth > w.opt.GroupDepth {
		w.emit("... (max_group_depth is "+ItoaStr(w.opt.GroupDepth)+")\n", "|")
		return
	}
	stack := ""
	if exc != w.noStack {
		stack = vm.formatStackLimited(exc, w.opt)
	}
	top := false
	if group {
		top = w.depth == 0
		if top {
			w.depth = 1
		}
		if stack != "" {
			margin := "|"
			if top {
				margin = "+"
			}
			w.emit("Exception Group Traceback (most recent call last):\n", margin)
			w.emit(stack, "|")
		}
	} else if stack != "" {
		w.emit("Traceback (most recent call last):\n", "|")
		w.emit(stack, "|")
	}
	w.emit(vm.excLine(exc)+"\n", "|")
	if notes, err := vm.GetAttr(exc, "__notes__"); err == nil && notes.K == heap.KRef {
		if l, ok := vm.H.Get(notes).(*heap.List); ok {
			for _, n := range l.Items {
				if w.cut {
					break
				}
				s, err := vm.StrString(n)
				if err != nil {
					s = "<note str() failed>"
				}
				w.emit(s+"\n", "|")
			}
		}
	}
	if !group {
		return
	}
	subs, err := vm.GetAttr(exc, "exceptions")
	var items []Value
	if err == nil {
		items, _ = vm.Unpack(subs)
	}
	width := w.opt.GroupWidth
	n := min(len(items), width+1)
	w.needClose = false
	for i := 0; i < n && !w.cut; i++ {
		last := i == n-1
		if last {
			// The closing rule may be drawn by a nested group.
			w.needClose = true
		}
		truncated := i >= width
		title := ItoaStr(i + 1)
		if truncated {
			title = "..."
		}
		lead := "  "
		if i == 0 {
			lead = "+-"
		}
		w.write(w.indent() + lead + "+---------------- " + title + " ----------------\n")
		w.depth++
		if truncated {
			rest := len(items) - width
			w.emit("and "+ItoaStr(rest)+" more exception"+plural(rest, "", "s")+"\n", "|")
		} else {
			w.format(items[i])
		}
		if last && w.needClose {
			w.write(w.indent() + "+------------------------------------\n")
			w.needClose = false
		}
		w.depth--
	}
	if top {
		w.depth = 0
	}
}

// formatStack renders exc's traceback entries, most recent call last.
func (vm *VM) formatStack(exc Value) string {
	return vm.formatStackLimited(exc, TracebackOptions{})
}

// formatStackLimited is formatStack keeping the entries opt's limit keeps.
func (vm *VM) formatStackLimited(exc Value, opt TracebackOptions) string {
	ed := vm.ExcOf(exc)
	if ed == nil || len(ed.Traceback) == 0 {
		return ""
	}
	entries := vm.limitEntries(ed.Traceback, opt)
	var b strings.Builder
	// Like CPython, a run of more than three identical entries (deep
	// recursion) is summarised.
	var last heap.TraceEntry
	repeats := 0
	flush := func() {
		if repeats > 3 {
			b.WriteString("  [Previous line repeated " + ItoaStr(repeats-3) + " more time" + plural(repeats-3, "", "s") + "]\n")
		}
	}
	for i := len(entries) - 1; i >= 0; i-- {
		t := entries[i]
		co := vm.H.Get(t.Code).(*heap.CodeObj) // limitEntries kept code entries only
		if i < len(entries)-1 && t == last {
			repeats++
			if repeats > 3 {
				continue
			}
		} else {
			flush()
			repeats = 1
		}
		last = t
		b.WriteString("  File \"" + co.Code.Filename + "\", line " + ItoaStr(int(t.Line)) + ", in " + co.Code.Name + "\n")
		if line := strings.TrimSpace(co.Code.SourceLine(int(t.Line))); line != "" {
			b.WriteString("    " + line + "\n")
		}
	}
	flush()
	return b.String()
}
