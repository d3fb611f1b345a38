# The collector's controls. Amber's collector runs when the session needs
# the memory (and for gc.collect()) whether or not it is enabled, as
# CPython frees objects by reference counting with its collector off:
# enable() and disable() only set the flag isenabled() reads.
import _amber_weak

_enabled = True


def collect(generation=2):
    if not isinstance(generation, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(generation).__name__)
    if not 0 <= generation <= 2:
        raise ValueError('invalid generation')
    # The collection runs when this call returns (at the next instruction
    # boundary); then the cleared weak references' callbacks run.
    _amber_weak.collect()
    import weakref
    weakref._run_callbacks()
    return 0


def enable():
    global _enabled
    _enabled = True


def disable():
    global _enabled
    _enabled = False


def isenabled():
    return _enabled


def get_count():
    return (0, 0, 0)


def get_threshold():
    return (700, 10, 10)


def set_threshold(threshold0, threshold1=None, threshold2=None):
    pass


def get_objects(generation=None):
    return []


def is_tracked(obj):
    return not isinstance(obj, (int, float, str, bytes, bool, type(None)))


def is_finalized(obj):
    return False


def freeze():
    pass


def unfreeze():
    pass


def get_freeze_count():
    return 0


garbage = []
callbacks = []
DEBUG_STATS = 1
DEBUG_COLLECTABLE = 2
DEBUG_UNCOLLECTABLE = 4
DEBUG_SAVEALL = 32
DEBUG_LEAK = 38
