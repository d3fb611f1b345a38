from enum import Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique


class Pri(IntEnum):
    LOW = 1
    HIGH = 2


class Mode(StrEnum):
    READ = auto()
    WRITE = 'w'


class Perm(Flag):
    R = 4
    W = 2
    X = 1


class Bits(IntFlag):
    A = 1
    B = 2
    C = 4


print(repr(Pri.LOW), str(Pri.HIGH), format(Pri.LOW, '>4'), f'{Pri.HIGH}', hash(Pri.LOW) == hash(1))
print(Pri(2), Pri.LOW + 1, Pri.LOW.name, Pri.LOW.value, isinstance(Pri.LOW, int), Pri.HIGH == 2)
print(repr(Mode.READ), str(Mode.WRITE), format(Mode.READ, '>6'), Mode('w'), Mode.READ.upper(), hash(Mode.WRITE) == hash('w'))
print(Mode.READ.name, Mode.READ.value, Mode.WRITE == 'w')
rw = Perm.R | Perm.W
print(repr(rw), str(rw), Perm.R in rw, Perm.X in rw, len(rw), list(rw), bool(Perm(0)))
print(repr(rw & Perm.R), repr(rw ^ Perm.R), repr(~Perm.R), Perm(6) is rw, rw == Perm(6))
print(repr(Perm.R | Perm.W | Perm.X), str(Perm(0)))
ab = Bits.A | Bits.B
print(repr(ab), str(ab), format(ab, 'b'), ab | 8, 3 & Bits.C, ab ^ 1, repr(Bits.A | 2), repr(1 | Bits.B))
print(repr(~Bits.A), len(ab), list(ab), Bits.B in ab, int(ab), hash(Bits.A) == hash(1), ab == 3)
print(repr(Bits(9)), repr(Bits(0)))
for bad in (lambda: Perm.R | 1, lambda: Perm.R & 'x'):
    try:
        bad()
    except TypeError as e:
        print('TypeError', e)
for bad in (lambda: Pri(5), lambda: Mode('z'), lambda: 'x' in Perm.R):
    try:
        print(bad())
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    @unique
    class Dup(Enum):
        A = 1
        B = 1
except ValueError as e:
    print(e)
