# from m import * takes m's __all__ if it has one, else the public names of
# its __dict__, for a module or for any object put into sys.modules.
import sys
import types


class Holder:
    public = "class attr"
    _private = "hidden"

    def __init__(self):
        self.public = "instance attr"


sys.modules["holder"] = Holder
from holder import *
print(public)

sys.modules["holder"] = Holder()
from holder import *
print(public)


class WithAll:
    __all__ = ["chosen", "_picked"]
    chosen = 1
    _picked = 2
    skipped = 3


sys.modules["withall"] = WithAll
from withall import *
print(chosen, _picked, "skipped" in dir())

ns = types.SimpleNamespace(__all__=("alpha",), alpha="a", beta="b")
sys.modules["made"] = ns
from made import *
print(alpha, "beta" in dir())

for bad in [42, types.SimpleNamespace(__all__=["missing"])]:
    sys.modules["bad"] = bad
    try:
        from bad import *
    except (ImportError, AttributeError, TypeError) as e:
        print(type(e).__name__, str(e).split()[0] if isinstance(e, ImportError) else "")
