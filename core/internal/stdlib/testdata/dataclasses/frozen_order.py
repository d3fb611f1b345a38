from dataclasses import dataclass, FrozenInstanceError
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
