from dataclasses import dataclass, asdict, astuple, field
from collections import namedtuple
P = namedtuple('P', 'x y')
@dataclass
class In:
    a: int
    tags: list = field(default_factory=list)
@dataclass
class Out:
    inner: In
    pairs: dict
    pt: P
    items: tuple
o = Out(In(1, ['t']), {'k': In(2)}, P(1, In(3)), (In(4), [In(5)]))
print(asdict(o))
print(astuple(o))
print(asdict(o, dict_factory=lambda kv: sorted(kv)), astuple(In(7), tuple_factory=list))
