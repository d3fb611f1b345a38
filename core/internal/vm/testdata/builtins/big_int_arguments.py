# Ints past 64 bits where CPython takes a machine-sized int: the same
# results and errors as CPython 3.11.
import math

H = 2**70
tests = ["[1]*H", "[1]*-H", "'a'*-H", "b'a'*-H", "(1,)*-H", "'abc'[H]", "'abc'[-H]", "[1][H]", "(1,)[H]", "b'a'[H]",
         "(1).to_bytes(H,'big')", "[1,2,3][H:]", "[1,2,3][-H:H:H]", "[1,2,3][::-H]", "'abc'[H::-1]",
         "math.factorial(H)", "math.comb(H, 2)", "math.comb(H, H-1)", "math.comb(H, H)", "math.perm(H, 1)",
         "math.isqrt(H)", "math.gcd(H, 2**80)", "math.lcm(H, 3)", "math.ldexp(1.0, H)", "math.ldexp(1.0, -H)",
         "round(1.5, H)", "round(1.5, -H)", "'x'.center(H)", "'x'.ljust(-H)", "'x'.zfill(H)", "[].insert(H, 1)",
         "[1, 2].insert(-H, 0)", "[1, 2].pop(H)", "[1, 2].pop(-H)", "[1,2].index(1, -H)", "[1,2].index(1, 0, H)",
         "'abc'.find('a', H)", "'abc'.find('a', -H)", "'abc'.count('a', -H, H)", "'abc'.expandtabs(H)",
         "'abc'.expandtabs(2**40)", "pow(2, H, 7)", "pow(2, -H, 7)", "'a'.split('a', H)", "'abc'.rsplit('b', H)",
         "bytes([H])", "[1,2,3][slice(H)]", "slice(-H, H).indices(5)", "slice(0, 10, H).indices(5)",
         "slice(None, None, -H).indices(5)", "slice(None).indices(H)", "slice(-H, None, -1).indices(H)",
         "slice(0, 0, 0).indices(H)", "slice(0, 1).indices(-H)", "list(enumerate('ab', H))",
         "list(enumerate('abc', 2**63 - 2))", "list(enumerate('ab', -H))", "(H).to_bytes(9, 'big')",
         "(H).to_bytes(8, 'big')", "int.from_bytes((H).to_bytes(9, 'little'), 'little') == H"]
for t in tests:
    try:
        print(t, '->', repr(eval(t))[:60])
    except (OverflowError, IndexError, ValueError, TypeError, MemoryError) as e:
        print(t, '!!', type(e).__name__, e)
