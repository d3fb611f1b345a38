from dataclasses import dataclass, field, asdict, replace, fields
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
