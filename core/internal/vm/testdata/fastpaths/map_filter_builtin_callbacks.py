# map/filter/min/sorted with builtin callbacks: abs of ints, floats, the
# smallest int, bools, big ints and a class with __abs__; len and
# isinstance as key functions; filter over lists, tuples, ranges and
# iterators, with None, builtins and Python predicates.
import sys


class A:
    def __abs__(self):
        return "abs!"


class L(list):
    def __len__(self):
        return 42


print(list(map(abs, [3, -4, 0, -0.5, 2.5, -(2**63), -(2**70), True, False, -1.0 * 0])))
print(list(map(abs, (A(), -7))))
print(list(map(abs, range(-3, 3))))
print(min(["ccc", "a", "bb"], key=len), max([[1, 2], L(), [3]], key=len))
print(sorted([[1, 2, 3], [], L(), "ab"], key=len))
print(list(map(len, ["", "abc", (1, 2), {1: 2}, L()])))
print(list(map(isinstance, [1, "x"], [int, int])))
print(list(filter(None, [0, 1, "", "a", None, [], [0], 0.0, 2])))
print(list(filter(abs, (0, -1, 0.0, 2))))
print(list(filter(lambda x: x % 3 == 0, range(20))))
print(list(filter(len, iter(["", "x", [], [1]]))))
try:
    list(map(abs, [1, "x"]))
except TypeError as e:
    print("TypeError", e)
try:
    abs()
except TypeError as e:
    print("TypeError", e)
try:
    abs(1, 2)
except TypeError as e:
    print("TypeError", e)
try:
    list(map(len, [1]))
except TypeError as e:
    print("TypeError", e)


def stop(x):
    if x > 2:
        raise StopIteration
    return x


print(list(map(stop, [1, 2, 3, 4])))
lst = [1, 2, 3]
out = []
for x in map(abs, lst):
    out.append(x)
    if len(lst) < 6:
        lst.append(-x)
print(out)
print(sum(map(abs, [-1.5, 2, -(2**63)])))
