package vm_test

import (
	"os"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// baseWritePaths are the ways sandboxed code writes to an object, each
// aimed at an object of the base image (a pre-built module's, or the
// builtin world's). Each write must change the writing session only, or
// be refused: probe, run in a session that started after, must print
// what it prints in a fresh one. Besides, the heap refuses (panics on)
// a write to a base object the session was not given a copy of (see
// heap.BaseWriteError), and VerifyBaseImage finds any change to the
// base image's objects, marked dirty or not.
var baseWritePaths = []struct {
	name, src, probe string
}{
	{"module attribute store", "import json\njson.dumps = lambda *a, **k: 'evil'\njson.injected = 1",
		"import json\nprint(json.dumps([1]), hasattr(json, 'injected'))"},
	{"module attribute delete", "import re\ndel re.sub\ndelattr(re, 'match')",
		"import re\nprint(re.sub('a', 'b', 'a'), re.match('a', 'a').group())"},
	{"setattr on a module", "import string\nsetattr(string, 'capwords', len)",
		"import string\nprint(string.capwords('a b'))"},
	{"module __dict__ item store", "import json\nvars(json)['loads'] = len\njson.__dict__.update(dumps=repr)\njson.__dict__.pop('JSONEncoder')",
		"import json\nprint(json.loads('[1]'), json.dumps(1), json.JSONEncoder)"},
	{"module __dict__ clear", "import collections\nvars(collections).clear()",
		"import collections\nprint(collections.Counter('aab'))"},
	{"function __globals__", "import json\njson.JSONEncoder.encode.__globals__['_json'] = None\njson.JSONEncoder.__init__.__globals__.clear()",
		"import json\nprint(json.dumps({'a': [1, 2]}))"},
	{"function __defaults__ and __kwdefaults__", "import json\njson.dumps.__kwdefaults__ = {'indent': 7}\njson.JSONEncoder.__init__.__kwdefaults__ = {'indent': 3, 'separators': ('X', 'Y')}\nimport string\nstring.capwords.__defaults__ = ('b',)",
		"import json, string\nprint(json.dumps([1, 2]), string.capwords('abc'))"},
	{"function __code__", "import string\ndef f(*a): return 'evil'\nstring.capwords.__code__ = f.__code__",
		"import string\nprint(string.capwords('a b'))"},
	{"function __dict__, __name__, __doc__", "import string\nf = string.capwords\nf.tag = 1\nf.__name__ = 'x'\nf.__qualname__ = 'y'\nf.__doc__ = 'z'\nf.__dict__.update(more=2)",
		"import string\nf = string.capwords\nprint(f.__name__, f.__qualname__, getattr(f, 'tag', None), getattr(f, 'more', None))"},
	{"class attribute store", "import json\njson.JSONEncoder.item_separator = 'X'\njson.JSONEncoder.key_separator = 'Y'\njson.JSONEncoder.encode = lambda self, o: 'evil'",
		"import json\nprint(json.dumps({'a': [1, 2]}), json.JSONEncoder().encode([1]))"},
	{"class attribute delete", "import collections\ndel collections.OrderedDict.move_to_end\ndel collections.Counter.most_common",
		"import collections\nprint(collections.Counter('aab').most_common(1))"},
	{"class __bases__ and __name__", "import collections\nclass E: pass\ncollections.OrderedDict.__name__ = 'OD'\ncollections.Counter.__bases__ = (E,)",
		"import collections\nprint(collections.OrderedDict.__name__, collections.Counter.__mro__)"},
	{"type.__setattr__ and object.__setattr__ on classes", "import json\ntype.__setattr__(json.JSONEncoder, 'item_separator', 'X')\ntry:\n    object.__setattr__(json.JSONDecoder, 'decode', len)\nexcept TypeError:\n    pass",
		"import json\nprint(json.dumps([1, 2]), json.JSONDecoder().decode('[3]'))"},
	{"builtin types refuse", "for c in (int, str, list, dict, type, object, ValueError, BaseException):\n    for how in (lambda: setattr(c, 'x', 1), lambda: type.__setattr__(c, '__repr__', len), lambda: delattr(c, '__repr__'), lambda: setattr(c, '__name__', 'x'), lambda: c.__dict__.__setitem__('x', 1)):\n        try:\n            how()\n        except (TypeError, AttributeError):\n            pass",
		"print(repr(int), hasattr(str, 'x'), repr([1]), ValueError('v'), len(vars(dict)))"},
	{"builtins module", "import builtins\nbuiltins.len = lambda x: 0\nvars(builtins)['print'] = None\ndel builtins.sorted",
		"print(len([1, 2]), sorted([2, 1]))"},
	{"module containers: list methods", "import json\njson.__all__.append('x')\njson.__all__.sort()\njson.__all__.reverse()\njson.__all__[0] = 'y'\ndel json.__all__[1]\njson.__all__ += ['z']\njson.__all__.clear()",
		"import json\nprint(json.__all__)"},
	{"module containers: dict and set methods", "import sys, string\nsys.path.append('/evil')\nimport keyword\nkeyword.kwlist.insert(0, 'evil')\nimport re\nre._cache.clear() if hasattr(re, '_cache') else None",
		"import sys, keyword\nprint(sys.path, keyword.kwlist[:3])"},
	{"instance state of module objects", "import datetime\ntry:\n    datetime.timezone.utc.__dict__['x'] = 1\nexcept AttributeError:\n    pass\nimport random\nrandom.seed(5)\nrandom.random()",
		"import random\nrandom.seed(1)\nprint(random.random())"},
	{"descriptor __set__", "import enum\nclass C(enum.Enum):\n    A = 1\nfor name, d in list(vars(enum.Enum).items()):\n    if hasattr(type(d), '__set__'):\n        try:\n            d.__set__(C.A, 5)\n        except Exception:\n            pass",
		"import enum\nclass C(enum.Enum):\n    A = 1\nprint(C.A, C.A.value, C.A.name)"},
	{"setattr from native code: functools and dataclasses", "import functools, dataclasses, collections\ndef e(): pass\nfunctools.update_wrapper(collections.namedtuple, e)\ndataclasses.dataclass(collections.OrderedDict)",
		"import collections\nprint(collections.namedtuple.__name__, hasattr(collections.OrderedDict, '__dataclass_fields__'))"},
	{"abc registries", "import collections.abc\nclass S: pass\ncollections.abc.Sequence.register(S)\ncollections.abc.Mapping.register(int)",
		"import collections.abc\nprint(isinstance(1, collections.abc.Mapping))"},
	{"ints where objects are expected", "import json\nh = (id(json.JSONEncoder) - 0x7f0000000000) // 0x30\nfor n in range(h - 300, h + 300):\n    for f in (lambda: type.__setattr__(n, 'item_separator', 'X'), lambda: dict.__setitem__(n, 'dumps', 1), lambda: list.append(n, 1), lambda: object.__setattr__(n, 'x', 1), lambda: dict.clear(n)):\n        try:\n            f()\n        except TypeError:\n            pass\n        except AttributeError:\n            pass",
		"import json\nprint(json.dumps([1, 2]))"},
	// The handles of base objects are the same in every session: a
	// session that never imported json learns them from another
	// ({handles}: id() of the probe's objects, taken in a fresh session)
	// and reaches the base's own, unprivatized objects through them.
	{"forged references to modules the session never imported", "for i in {handles}:\n    n = (i - 0x7f0000000000) // 0x30\n    try:\n        C = type.mro(n)[0]\n    except Exception:\n        continue\n    for name in ('item_separator', 'most_common', 'encode'):\n        try:\n            setattr(C, name, None)\n        except Exception:\n            pass\n    try:\n        C.__init__.__globals__.clear()\n    except Exception:\n        pass",
		"import json, collections\nprint(json.dumps([1, 2]), collections.Counter('aab').most_common(1))"},
}

func TestBaseImageReadOnly(t *testing.T) {
	if _, err := vm.BaseImageID(); err != nil { // takes the image to compare with
		t.Fatal(err)
	}
	if err := vm.VerifyBaseImage(); err != nil {
		t.Fatalf("before any session: %v", err)
	}
	mutator, err := os.ReadFile("../../testdata/isolation/mutate.py")
	if err != nil {
		t.Fatal(err)
	}
	paths := append(baseWritePaths, struct{ name, src, probe string }{"the isolation mutator", string(mutator),
		"import json, re, collections\nprint(json.dumps([1, {'a': 2}]), re.sub('a', 'b', 'aa'), collections.Counter('aab'), len([1]), int.__name__)"})
	ids := newSnapSession(t)
	ids.run("import json, collections\nprint([id(json.JSONEncoder), id(collections.Counter), id(collections.OrderedDict)])")
	handles := strings.TrimSpace(ids.out.String())
	for _, tt := range paths {
		tt.src = strings.ReplaceAll(tt.src, "{handles}", handles)
		t.Run(tt.name, func(t *testing.T) {
			fresh := newSnapSession(t)
			fresh.run(tt.probe)
			want := fresh.out.String()
			if strings.Contains(want, "error") {
				t.Fatalf("the probe fails in a fresh session: %s", want)
			}

			w := newSnapSession(t)
			w.run(tt.src)
			if err := vm.VerifyBaseImage(); err != nil {
				t.Fatalf("after the write: %v (the session printed %s)", err, w.out)
			}
			after := newSnapSession(t)
			after.run(tt.probe)
			if got := after.out.String(); got != want {
				t.Fatalf("a later session sees the write: %q, want %q", got, want)
			}

			// Again in a session loaded from a dump: its base pages hold
			// the template's objects until it writes them.
			l, _ := loadSession(t, w.dump(vm.KindSession))
			l.run(tt.src)
			if err := vm.VerifyBaseImage(); err != nil {
				t.Fatalf("after the write in a loaded session: %v", err)
			}
			if err := l.m.VerifyBasePages(); err != nil {
				t.Fatalf("loaded session: %v", err)
			}
			after = newSnapSession(t)
			after.run(tt.probe)
			if got := after.out.String(); got != want {
				t.Fatalf("a later session sees the loaded session's write: %q, want %q", got, want)
			}
		})
	}
}
