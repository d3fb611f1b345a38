package vm_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// moduleMutations change pre-built modules in every way sandboxed code
// can: attributes set and deleted, module-level dicts, lists and sets,
// class attributes, instances' state, caches and registries filled as a
// side effect of a call.
var moduleMutations = []string{
	"import json\njson.x = [1]\ndel json.loads",
	"import logging\nlogging.getLogger('a').setLevel(10)\nlogging.root.name = 'r'",
	"import random\nrandom.seed(3)\nrandom.random()",
	"import collections\ncollections.OrderedDict.extra = 1",
	"import re\nre.compile('x+y')",
	"import functools\n@functools.lru_cache\ndef f(n): return n\nf(1)",
	"import dataclasses\n@dataclasses.dataclass\nclass P:\n    x: int\nP(1)",
	"import asyncio\nasync def main(): return 1\nasyncio.run(main())",
	"import typing\ntyping.List[int]",
	"import enum\nclass C(enum.Enum):\n    A = 1",
	"import decimal\ndecimal.getcontext().prec = 50",
	"import warnings\nwarnings.simplefilter('ignore')",
	"import os\nos.environ['X'] = '1'",
	"import time\ntime.sleep(0.01)",
	"import keyword\nkeyword.kwlist.append('zz')",
	"import sys\nsys.path.append('/x')\nsys.setrecursionlimit(500)",
	"import collections.abc\nclass S: pass\ncollections.abc.Sequence.register(S)",
	"import string\nstring.ascii_letters = 'x'",
	"import datetime\ndatetime.date.today = None",
	"import itertools, heapq\nh = [3, 1]\nheapq.heapify(h)",
	"import json\njson.dumps.tag = 1\njson.dumps.__defaults__ = None",
	"import keyword\nkeyword.kwlist.sort(reverse=True)\nkeyword.kwlist[0] = 'x'",
	"import string\ndel string.digits",
	"import collections\ncollections.OrderedDict.__name__ = 'OD'\ncollections.namedtuple.__kwdefaults__ = {}",
	"import logging\nlogging.getLogger().handlers.append(1)\nlogging.disable(30)",
	"import json\njson.JSONDecoder.__init__.__doc__ = 'x'",
	"import random\nr = random.Random(5)\nrandom._inst.seed(9)\nrandom.shuffle([1, 2, 3])",
}

func TestBasePagesStayTrue(t *testing.T) {
	for _, src := range moduleMutations {
		s := newSnapSession(t)
		s.run(src)
		if out := s.out.String(); strings.Contains(out, "error") {
			t.Fatalf("%q: %s", src, out)
		}
		if err := s.m.VerifyBasePages(); err != nil {
			t.Errorf("%q: %v", src, err)
		}
		// And after a load, where base pages hold the template's objects.
		l, _ := loadSession(t, s.dump(1))
		l.run(src)
		if err := l.m.VerifyBasePages(); err != nil {
			t.Errorf("%q, after a load: %v", src, err)
		}
	}
}

// Importing a module from the base leaves the session as running its body
// does: the same modules added to sys.modules in the same order, the same
// names in the module.
func TestModuleBaseImportsLikeRunning(t *testing.T) {
	for _, name := range vm.ModuleNames() {
		src := fmt.Sprintf("import sys\nn = len(sys.modules)\nimport %[1]s\nimport %[1]s as X\nprint(list(sys.modules)[n:], sorted(k for k in vars(X) if not k.startswith('__')))\n", name)
		bound := newSnapSession(t)
		bound.run(src)
		ran := newSnapSession(t)
		ran.m.RunImports()
		ran.run(src)
		if !strings.HasPrefix(bound.out.String(), "[") {
			t.Fatalf("import %s: %s", name, bound.out)
		}
		if bound.out.String() != ran.out.String() {
			t.Errorf("import %s from the base: %s\nrunning its body: %s", name, bound.out, ran.out)
		}
	}
}
