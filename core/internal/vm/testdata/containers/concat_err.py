try:
    [1] + (1,)
except TypeError as e:
    print(e)
try:
    (1,) + [1]
except TypeError as e:
    print(e)
try:
    [1] * 1.5
except TypeError as e:
    print(e)