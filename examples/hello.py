# A tour of the Python that Amber runs: classes, generators, closures,
# comprehensions, f-strings, exceptions and pattern matching.


class Account:
    """A bank account that refuses to go negative."""

    def __init__(self, owner, balance=0):
        self.owner = owner
        self._balance = balance

    @property
    def balance(self):
        return self._balance

    def withdraw(self, amount):
        if amount > self._balance:
            raise ValueError(f"{self.owner} cannot withdraw {amount}")
        self._balance -= amount
        return self._balance

    def __repr__(self):
        return f"Account({self.owner!r}, {self._balance})"


def fibonacci():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


def counter():
    count = 0

    def bump(step=1):
        nonlocal count
        count += step
        return count

    return bump


def describe(value):
    match value:
        case {"kind": "point", "x": x, "y": y}:
            return f"point at ({x}, {y})"
        case [first, *rest]:
            return f"list starting with {first} and {len(rest)} more"
        case str() as s if s.isupper():
            return f"shouting {s!r}"
        case _:
            return "something else"


acct = Account("ada", 100)
print(acct, "->", acct.withdraw(30))
try:
    acct.withdraw(1000)
except ValueError as err:
    print("refused:", err)

fib = fibonacci()
print("fibonacci:", [next(fib) for _ in range(10)])

bump = counter()
bump()
print("counter:", bump(5))

squares = {n: n * n for n in range(6) if n % 2 == 0}
print("squares:", squares, "total", sum(squares.values()))

for thing in [{"kind": "point", "x": 1, "y": 2}, [3, 4, 5], "HELLO", 42]:
    print(describe(thing))

print(f"{'pi':>6} = {3.14159265:.3f}; {2**100} is big; {1/3!r}")
