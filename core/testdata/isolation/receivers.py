# Every method of every builtin type, called with a receiver that is not
# an instance of the type (ints at the edges, a forged handle computed
# from id(), floats, bools, None): each call must raise TypeError, as in
# CPython; none may return, raise anything else, or crash.
import builtins, json
forged = [(id(x) - 0x7f0000000000) // 0x30 for x in (json.JSONEncoder, json, [], {}, int, ValueError)]
receivers = [0, 1, 7, -1, 255, 256, 2**31, 2**32 + 1, 2**63 - 1, -2**63, 2**64, 1.5, -0.0, True, False, None] + forged
extras = [(), (1,), ('a', 1), (None, None, None)]
checked = 0
wrong = []
for tname in sorted(dir(builtins)):
    T = getattr(builtins, tname)
    if not isinstance(T, type) or T is object:
        continue
    for name in sorted(vars(T)):
        d = vars(T)[name]
        if isinstance(d, (staticmethod, classmethod, type)) or name in ('__new__', '__init_subclass__', '__subclasshook__', '__class_getitem__', 'fromkeys', 'maketrans', 'fromhex', 'from_bytes', 'mro') and T is not type:
            continue
        if not callable(d) or type(d).__name__ in ('classmethod_descriptor', 'builtin_function_or_method') and getattr(d, '__self__', None) is T:
            continue
        for r in receivers:
            if isinstance(r, T):
                continue
            for a in extras:
                checked += 1
                try:
                    d(r, *a)
                except TypeError:
                    continue
                except Exception as e:
                    wrong.append('%s.%s(%r, *%r) raised %s: %s' % (tname, name, r, a, type(e).__name__, e))
                    continue
                wrong.append('%s.%s(%r, *%r) returned' % (tname, name, r, a))
print('checked', checked > 1000)
for w in wrong[:40]:
    print(w)
print('wrong', len(wrong))
