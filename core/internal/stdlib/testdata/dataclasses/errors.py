from dataclasses import dataclass, field
try:
    @dataclass
    class A:
        x: int = 1
        y: int
except TypeError as e:
    print(e)
try:
    @dataclass
    class B:
        items: list = []
except ValueError as e:
    print(e)
