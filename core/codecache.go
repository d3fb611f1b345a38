package core

import (
	"container/list"
	"sync"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/syntax"
)

// Agents send the same snippets again and again (setup code, tool
// wrappers, small expressions), and compiled code is immutable, so every
// session in the process shares one bounded cache of compiled feeds.
const codeCacheSize = 512

type codeKey struct {
	name, src string
	repl      bool
}

var codeCache = struct {
	sync.Mutex
	order *list.List // of codeKey, most recent first
	items map[codeKey]*list.Element
	codes map[codeKey]*compile.Code
}{order: list.New(), items: map[codeKey]*list.Element{}, codes: map[codeKey]*compile.Code{}}

// compileCached parses and compiles src, reusing an earlier compilation of
// the same source. Errors are not cached.
func compileCached(name, src string, repl bool) (*compile.Code, error) {
	k := codeKey{name, src, repl}
	codeCache.Lock()
	if e, ok := codeCache.items[k]; ok {
		codeCache.order.MoveToFront(e)
		c := codeCache.codes[k]
		codeCache.Unlock()
		return c, nil
	}
	codeCache.Unlock()
	mod, err := syntax.Parse(name, []byte(src))
	if err != nil {
		return nil, err
	}
	c, err := compile.Compile(mod, name, []byte(src), compile.Options{ReturnLastExpr: repl, MarkCallees: true})
	if err != nil {
		return nil, err
	}
	codeCache.Lock()
	defer codeCache.Unlock()
	if _, ok := codeCache.items[k]; !ok {
		codeCache.items[k] = codeCache.order.PushFront(k)
		codeCache.codes[k] = c
		if codeCache.order.Len() > codeCacheSize {
			old := codeCache.order.Remove(codeCache.order.Back()).(codeKey)
			delete(codeCache.items, old)
			delete(codeCache.codes, old)
		}
	}
	return c, nil
}
