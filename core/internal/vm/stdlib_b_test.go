package vm_test

// Programs using the Python-source stdlib modules (dataclasses, typing,
// random, datetime, enum, abc, statistics, pprint). Expected output is
// CPython 3.11's, except datetime_no_clock: the sandbox has no clock.

import "testing"

func TestStdlibModulesB(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"dataclass_basics", `from dataclasses import dataclass, field, asdict, replace, fields
@dataclass
class P:
    x: int
    y: int = 0
    tags: list = field(default_factory=list)
p = P(1, tags=["a"])
print(p, p == P(1, 0, ["a"]), asdict(p), replace(p, y=5), [f.name for f in fields(P)])
try:
    P()
except TypeError as e:
    print(e)
`, `P(x=1, y=0, tags=['a']) True {'x': 1, 'y': 0, 'tags': ['a']} P(x=1, y=5, tags=['a']) ['x', 'y', 'tags']
P.__init__() missing 1 required positional argument: 'x'
`},
		{"dataclass_frozen_order", `from dataclasses import dataclass, FrozenInstanceError
@dataclass(frozen=True, order=True)
class V:
    major: int
    minor: int = 0
v = V(1, 2)
try:
    v.major = 3
except FrozenInstanceError as e:
    print("frozen:", e)
print(sorted([V(2), V(1, 5), V(1)]), hash(v) == hash(V(1, 2)))
`, `frozen: cannot assign to field 'major'
[V(major=1, minor=0), V(major=1, minor=5), V(major=2, minor=0)] True
`},
		{"dataclass_errors", `from dataclasses import dataclass, field
try:
    @dataclass
    class A:
        x: int = 1
        y: int
except TypeError as e:
    print(e)
try:
    @dataclass
    class B:
        items: list = []
except ValueError as e:
    print(e)
`, `non-default argument 'y' follows default argument
mutable default <class 'list'> for field items is not allowed: use default_factory
`},
		{"typing_reprs", `from typing import List, Optional, Union, Dict, Callable, Tuple, Any, TypeVar
T = TypeVar("T")
print(List[int], Optional[str], Union[int, str], Dict[str, List[int]])
print(Callable[[int], str], Tuple[int, ...], Any, T, Optional[int] == Union[int, None])
`, `typing.List[int] typing.Optional[str] typing.Union[int, str] typing.Dict[str, typing.List[int]]
typing.Callable[[int], str] typing.Tuple[int, ...] typing.Any ~T True
`},
		{"typing_namedtuple", `from typing import NamedTuple
class Pt(NamedTuple):
    x: int
    y: int = 0
p = Pt(3)
print(p, p._replace(y=2), p._asdict(), p._fields, isinstance(p, tuple), p[0])
`, `Pt(x=3, y=0) Pt(x=3, y=2) {'x': 3, 'y': 0} ('x', 'y') True 3
`},
		{"random_seeded", `import random
random.seed(42)
print(random.random(), random.randint(1, 100), random.choice("abc"))
r = random.Random("seed")
xs = list(range(8))
r.shuffle(xs)
print(xs, r.sample(range(50), 4), r.getrandbits(40), r.uniform(0, 10))
`, `0.6394267984578837 4 c
[3, 6, 5, 4, 7, 1, 0, 2] [46, 44, 38, 21] 573500109316 6.5827334981443295
`},
		{"datetime_dates", `from datetime import date, timedelta
d = date(2024, 2, 28)
print(d + timedelta(days=1), repr(d), d.weekday(), d.isocalendar(), d.strftime("%A %d %B %Y"))
print(date(2025, 1, 1) - d, date.fromisoformat("2024-03-01").toordinal())
try:
    date(2023, 2, 29)
except ValueError as e:
    print(e)
`, `2024-02-29 datetime.date(2024, 2, 28) 2 datetime.IsoCalendarDate(year=2024, week=9, weekday=3) Wednesday 28 February 2024
308 days, 0:00:00 738946
day is out of range for month
`},
		{"datetime_datetimes", `from datetime import datetime, timedelta, timezone
dt = datetime(2024, 3, 15, 14, 30)
print(dt, repr(dt), dt + timedelta(hours=12), repr(timedelta(days=1, seconds=3600)), timedelta(days=1, seconds=3600))
u = datetime(2024, 1, 1, 12, tzinfo=timezone.utc)
print(u.astimezone(timezone(timedelta(hours=-5))), u.timestamp(), datetime.strptime("2024-07-04 09:05", "%Y-%m-%d %H:%M"))
`, `2024-03-15 14:30:00 datetime.datetime(2024, 3, 15, 14, 30) 2024-03-16 02:30:00 datetime.timedelta(days=1, seconds=3600) 1 day, 1:00:00
2024-01-01 07:00:00-05:00 1704110400.0 2024-07-04 09:05:00
`},
		{"datetime_no_clock", `from datetime import datetime
try:
    datetime.now()
except NotImplementedError:
    print("no clock")
`, "no clock\n"},
		{"enum_basics", `from enum import Enum, IntEnum, auto
class Color(Enum):
    RED = 1
    GREEN = 2
    ALIAS = 1
class Pri(IntEnum):
    LOW = auto()
    HIGH = auto()
print(Color.RED, repr(Color.GREEN), Color(2), Color["RED"], Color.ALIAS is Color.RED, Color.RED.name, Color.RED.value)
print(Pri.LOW < Pri.HIGH, Pri.HIGH == 2, repr(Pri.LOW), list(Color.__members__))
try:
    Color(9)
except ValueError as e:
    print(e)
`, `Color.RED <Color.GREEN: 2> Color.GREEN Color.RED True RED 1
True True <Pri.LOW: 1> ['RED', 'GREEN', 'ALIAS']
9 is not a valid Color
`},
		{"abc_enforced", `from abc import ABC, abstractmethod
class Shape(ABC):
    @abstractmethod
    def area(self): ...
class Sq(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
print(Sq(3).area())
try:
    Shape()
except TypeError as e:
    print(e)
`, `9
Can't instantiate abstract class Shape with abstract method area
`},
		{"statistics", `import statistics as st
print(st.mean([1, 2, 3]), st.mean([1, 2]), st.median([4, 1, 3, 2]), st.mode("aab"), st.stdev([1, 2, 3, 4]), st.pvariance([1, 2, 3, 4]))
`, `2 1.5 2.5 a 1.2909944487358056 1.25
`},
		{"pprint_wrap", `import pprint
pprint.pprint({"b": list(range(25)), "a": {"k": "v" * 70}})
`, `{'a': {'k': 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv'},
 'b': [0,
       1,
       2,
       3,
       4,
       5,
       6,
       7,
       8,
       9,
       10,
       11,
       12,
       13,
       14,
       15,
       16,
       17,
       18,
       19,
       20,
       21,
       22,
       23,
       24]}
`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, out := suspTestStart(t, tc.src, nil)
			if _, err := m.Resume(); err != nil {
				t.Fatalf("run: %v\noutput so far:\n%s", err, out.String())
			}
			if got := out.String(); got != tc.want {
				t.Errorf("output:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}
