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
