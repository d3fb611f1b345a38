# The runtime's weak reference module is importable by sandbox code: its
# functions check what they are given.
import _amber_weak


class Obj:
    pass


o = Obj()
cell = _amber_weak.ref(o, None)
print(_amber_weak.get(cell) is o)
for call in (lambda: _amber_weak.ref(1, None), lambda: _amber_weak.ref("s", None),
             lambda: _amber_weak.ref(cell, None), lambda: _amber_weak.ref(o),
             lambda: _amber_weak.get(o), lambda: _amber_weak.get(),
             lambda: _amber_weak.get(1), lambda: _amber_weak.collect(1),
             lambda: _amber_weak.dead(1)):
    try:
        call()
        print("no error")
    except TypeError as e:
        print("TypeError", e)
print(_amber_weak.dead(), _amber_weak.collect())
o = None
_amber_weak.collect()
print(_amber_weak.get(cell))
# amber-only: _amber_weak is Amber's own module
