from dataclasses import dataclass, field, InitVar
from typing import List, Optional, Dict
import datetime
@dataclass
class P:
    x: int
    tags: list = field(default_factory=list)
@dataclass
class Q:
    name: str
    when: datetime.date
    items: List[str] = field(default_factory=list)
    note: Optional[str] = None
    ratio: float = 0.5
    ref: "Q" = None
    hidden: int = field(default=0, init=False)
    seed: InitVar[int] = 1
    meta: Dict[str, int] = field(default_factory=dict, kw_only=True)
    def __post_init__(self, seed):
        pass
@dataclass
class Documented:
    """My docs."""
    a: int
print(P.__doc__)
print(Q.__doc__)
print(Documented.__doc__)
