# LOAD_GLOBAL's hits read the value at the entry the site found, for the
# module's own names and for builtins: every way a name's value, its
# presence in the globals, or the dict a function runs under can change
# mid-loop must be seen by the next load.
import builtins
import sys
import types

LIMIT = 3


def capped(xs):
    out = []
    for x in xs:
        out.append(min(x, LIMIT))      # a builtin and a module constant
    return out


print(capped(range(6)))
LIMIT = 10**30                          # rebound to a big int between calls
print(capped([1, 10**40, -5]))


def rebinding():
    global LIMIT
    out = []
    for i in range(6):
        out.append(LIMIT)
        LIMIT = LIMIT * 2**40           # value stores keep the keys: re-read
    return out


LIMIT = 7
print(rebinding())
print(LIMIT > sys.maxsize)


def shadow_loop():
    out = []
    for i in range(8):
        out.append(len("abcd"))
        if i == 2:
            globals()["len"] = lambda s: -1   # a global now shadows len
        if i == 4:
            del globals()["len"]              # and the shadow goes
        if i == 6:
            builtins.len = lambda s: 42       # the builtin's value replaced
    return out


saved_len = builtins.len
try:
    print(shadow_loop())
finally:
    builtins.len = saved_len
print(len("ab"))


def deleted_mid_loop():
    out = []
    for i in range(5):
        try:
            out.append(TARGET + i)
        except NameError as e:
            out.append(str(e))
        if i == 1:
            del globals()["TARGET"]
        if i == 3:
            globals()["TARGET"] = 100         # re-added: a new entry
    return out


TARGET = 1
print(deleted_mid_loop())


def builtin_deleted():
    out = []
    for i in range(5):
        try:
            out.append(divmod(17, 5))
        except NameError as e:
            out.append(str(e))
        if i == 1:
            del builtins.divmod                # the builtins dict loses a key
        if i == 3:
            builtins.divmod = lambda a, b: "back"
    return out


saved_divmod = builtins.divmod
try:
    print(builtin_deleted())
finally:
    builtins.divmod = saved_divmod
print(divmod(7, 2))


def kinds():
    out = []
    for v in (1, "s", 2.5, [1], (2,), None):
        out.append((isinstance(v, int), type(v).__name__, str(v)))
    return out


print(kinds())
saved_isinstance = builtins.isinstance
builtins.isinstance = lambda v, t: "patched"
print(kinds()[0])
builtins.isinstance = saved_isinstance
print(kinds()[0])


class Base:
    tag = "base"


class Sub(Base):
    tag = "sub"


def make_all():
    return [Base().tag for _ in range(2)]


print(make_all())
Base = Sub                              # the class name rebound
print(make_all())


# One code object under other globals: each function's hits are its own
# dict's, never another's with the same keys.
def reader():
    return VALUE + len(NAME)


VALUE, NAME = 1, "ab"
other = {"VALUE": 1000, "NAME": "abcdef", "len": lambda s: 0}
clone = types.FunctionType(reader.__code__, other)
plain = {"VALUE": 5, "NAME": "x"}
clone2 = types.FunctionType(reader.__code__, plain)
for i in range(3):
    print(reader(), clone(), clone2(), end=" | ")
    other["VALUE"] += 1
    VALUE += 10
    plain["NAME"] += "y"
print()
del plain["VALUE"]
try:
    clone2()
except NameError as e:
    print("NameError:", e)

code = compile("out = [len(s) + K for s in ('a', 'bb')]", "<e>", "exec")
for g in ({"K": 1}, {"K": 2, "len": lambda s: 10}, {"K": 3}):
    exec(code, g)
    print(g["out"], end=" ")
print()
print([eval("len(x) + K", {"x": "abc", "K": k}) for k in range(3)])


def raising():
    total = 0
    for v in ("1", "2", "x", "4"):
        total += int(v)
    return total


try:
    raising()
except ValueError as e:
    tb = e.__traceback__
    while tb.tb_next:
        tb = tb.tb_next
    print("ValueError:", e, "in", tb.tb_frame.f_code.co_name, tb.tb_lineno)


def missing():
    for i in range(3):
        if i == 2:
            return undefined_name
    return None


try:
    missing()
except NameError as e:
    print("NameError:", e)

# A module-level loop that assigns globals and calls builtins and module
# functions: its own-name and builtin hits survive the value stores.
acc = 0
cnt = 0
for i in range(2000):
    acc = acc + abs(i - 1000) + len(str(i))
    cnt += 1
    if i == 1500:
        abs = lambda x: 0                 # shadow the builtin at module level
print(acc, cnt)
del abs
print(abs(-2))
