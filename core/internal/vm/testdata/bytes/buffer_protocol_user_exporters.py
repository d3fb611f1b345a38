# Sandbox classes may export a buffer through __buffer__, as Python 3.12
# spells it; what they return is checked.
class Good:
    def __buffer__(self, flags):
        return memoryview(b'good')


class NotAView:
    def __buffer__(self, flags):
        return b'bytes, not a memoryview'


class Raises:
    def __buffer__(self, flags):
        raise KeyError('inside __buffer__')


class Loops:
    def __buffer__(self, flags):
        return memoryview(self)


print(bytes(Good()), bytearray(Good()), b'<' + Good(), memoryview(Good()).tolist())
for obj in (NotAView(), Raises(), Loops()):
    for f in (bytes, memoryview, lambda o: b'' + o, int):
        try:
            f(obj)
        except (TypeError, KeyError, RecursionError) as e:
            print(type(e).__name__, str(e)[:40])
# amber-only: __buffer__ (PEP 688, Python 3.12) is how Python-written types export a buffer; CPython 3.11 ignores it
