package vm

import "testing"

// typesProbe2Cases are realistic agent programs over builtin types and the
// standard library; each want is python3.11's stdout.
var typesProbe2Cases = []struct {
	name, src, want string
}{
	{"enum with data-type mixin uses Enum str and format", `
from enum import Enum, IntEnum
class Status(str, Enum):
    OK = "ok"
class I(int, Enum):
    A = 1
class P(IntEnum):
    A = 1
for m in (Status.OK, I.A, P.A):
    print(str(m), repr(m), f"{m}", format(m, ">10") + "|")
print(Status.OK == "ok", Status("ok").value)
`, "Status.OK <Status.OK: 'ok'> Status.OK  Status.OK|\nI.A <I.A: 1> I.A        I.A|\n1 <P.A: 1> 1          1|\nTrue ok\n"},
	{"statistics correlation and regression", `
import statistics
print(statistics.correlation([1, 2, 3], [2, 4, 7]), statistics.linear_regression([1, 2, 3], [2, 4, 6]))
print(statistics.covariance([1, 2, 3, 4], [2, 4, 5, 9]), statistics.linear_regression([1, 2, 3], [2, 5, 6], proportional=True))
print(statistics.median_grouped([1, 2, 2, 3, 4, 4, 4, 4, 4, 5]), statistics.median_grouped([52, 52, 53, 54], interval=2))
try:
    statistics.correlation([1, 1], [2, 3])
except statistics.StatisticsError as e:
    print(e)
`, "0.9933992677987828 LinearRegression(slope=2.0, intercept=0.0)\n3.6666666666666665 LinearRegression(slope=2.142857142857143, intercept=0.0)\n3.7 52.0\nat least one of the inputs is constant\n"},
	{"dataclass slots=True", `
from dataclasses import dataclass, field, fields, asdict
@dataclass(slots=True)
class P:
    x: int
    y: int = 0
    tags: list = field(default_factory=list)
    def norm(self):
        return abs(self.x) + abs(self.y)
p = P(3, -4)
print(p, p.norm(), P.__slots__, [f.name for f in fields(P)], asdict(p), P(1) == P(1))
try:
    p.z = 1
except AttributeError as e:
    print("AttributeError")
print(P.__name__, P.__qualname__)
@dataclass(slots=True, frozen=True, order=True)
class F:
    a: int
print(F(1) < F(2), hash(F(1)) == hash(F(1)))
try:
    F(1).a = 2
except Exception as e:
    print(type(e).__name__, e)
`, "P(x=3, y=-4, tags=[]) 7 ('x', 'y', 'tags') ['x', 'y', 'tags'] {'x': 3, 'y': -4, 'tags': []} True\nAttributeError\nP P\nTrue True\nFrozenInstanceError cannot assign to field 'a'\n"},
}

func TestTypesProbe2(t *testing.T) {
	for _, c := range typesProbe2Cases {
		t.Run(c.name, func(t *testing.T) {
			if got := runContainerSnippet(t, c.src); got != c.want {
				t.Errorf("program:\n%s\ngot:\n%s\nwant:\n%s", c.src, got, c.want)
			}
		})
	}
}
