# TypedDict's required and optional keys: total, Required/NotRequired
# (also inside Annotated), inheritance across totals, the functional form.
from typing import Annotated, NotRequired, Required, TypedDict


class Movie(TypedDict, total=False):
    title: Required[str]
    year: int


class Rated(Movie):
    stars: int
    note: NotRequired[str]
    tag: Annotated[NotRequired[str], 'meta']
    cut: Annotated[Required[int], 'meta']


class Plain(TypedDict):
    a: int
    b: NotRequired[int]


for cls in (Movie, Rated, Plain):
    print(cls.__name__, cls.__total__, sorted(cls.__required_keys__), sorted(cls.__optional_keys__))
    print(' ', list(cls.__annotations__))

Point = TypedDict('Point', {'x': int, 'y': int}, total=False)
print(Point.__name__, Point.__total__, sorted(Point.__required_keys__), sorted(Point.__optional_keys__))
Full = TypedDict('Full', {'x': int, 'y': NotRequired[int]})
print(Full.__total__, sorted(Full.__required_keys__), sorted(Full.__optional_keys__))

m = Movie(title='Blade Runner')
print(m, type(m) is dict, Rated(title='x', stars=3, cut=1))
print(type(Movie.__required_keys__).__name__)
