package typecheck

import "github.com/amber-sandbox/amber/core/internal/syntax"

// builtinSigs are the signatures of builtins whose calls are checked:
// positional arguments from min to max (-1: any), and the keywords they
// take.
var builtinSigs = map[string]struct {
	min, max int
	kw       []string
}{
	"len": {1, 1, nil}, "abs": {1, 1, nil}, "chr": {1, 1, nil}, "ord": {1, 1, nil},
	"callable": {1, 1, nil}, "id": {1, 1, nil}, "hash": {1, 1, nil}, "repr": {1, 1, nil},
	"ascii": {1, 1, nil}, "bin": {1, 1, nil}, "oct": {1, 1, nil}, "hex": {1, 1, nil},
	"any": {1, 1, nil}, "all": {1, 1, nil}, "iter": {1, 2, nil}, "next": {1, 2, nil},
	"divmod": {2, 2, nil}, "pow": {2, 3, []string{"base", "exp", "mod"}},
	"isinstance": {2, 2, nil}, "issubclass": {2, 2, nil}, "hasattr": {2, 2, nil},
	"getattr": {2, 3, nil}, "setattr": {3, 3, nil}, "delattr": {2, 2, nil},
	"round": {1, 2, []string{"number", "ndigits"}}, "sorted": {1, 1, []string{"key", "reverse"}},
	"print": {0, -1, []string{"sep", "end", "file", "flush"}}, "input": {0, 1, nil},
	"format": {1, 2, nil}, "sum": {1, 2, []string{"start"}},
	"min": {1, -1, []string{"key", "default"}}, "max": {1, -1, []string{"key", "default"}},
	"enumerate": {1, 2, []string{"iterable", "start"}}, "zip": {0, -1, []string{"strict"}},
	"range": {1, 3, nil}, "vars": {0, 1, nil}, "dir": {0, 1, nil},
}

// builtinSig returns the signature of a call of the builtin name, when the
// name certainly is that builtin.
func (c *checker) builtinSig(sc *scope, name string) *sig {
	b, ok := builtinSigs[name]
	if !ok || c.defs[name] > 0 || c.local(sc, name) || c.dynamic || c.env.IsBuiltin == nil || !c.env.IsBuiltin(name) {
		return nil
	}
	s := &sig{name: name, kwRequired: map[string]bool{}, annots: map[string]syntax.Expr{}, what: "builtin", builtinMin: b.min, builtinMax: b.max, kwOnly: b.kw}
	return s
}
