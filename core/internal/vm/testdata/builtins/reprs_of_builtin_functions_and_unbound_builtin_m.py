import math
print(repr(math.sqrt), repr(len), repr(dict.get), repr(list.__len__), repr(str.upper), repr(print), repr(math.floor))
print(str.upper, [].append.__name__, math.sqrt.__name__, len.__name__)
