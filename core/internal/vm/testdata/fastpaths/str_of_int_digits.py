# str(i) of machine ints outside the small-int cache writes the digits
# straight into the str's box; big ints, bools and subclasses as CPython.
import sys
vals = [0, 1, 9, 10, 99, 100, 255, 256, 257, 999, 1000, 12345, 99999, 100000, -1, -9, -10, -99, -100, -255, -256, -257, -12345, 2**31, 2**62, 2**63 - 1, -2**63, -2**63 + 1, 10**18, 10**18 - 1, 10**19 - 1 if False else 10**17, 2**63, -2**63 - 1, 10**30]
for v in vals:
    s = str(v)
    print(s, len(s), s == repr(v), s.isascii())
print(sum(len(str(i)) for i in range(-3000, 300000, 7)))
print([str(True), str(False)])
class I(int):
    def __str__(self): return "I!"
    def __repr__(self): return "IR"
print(str(I(5)), str(I(12345)))
