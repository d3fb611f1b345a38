from typing import NamedTuple
class Pt(NamedTuple):
    x: int
    y: int = 0
p = Pt(3)
print(p, p._replace(y=2), p._asdict(), p._fields, isinstance(p, tuple), p[0])
