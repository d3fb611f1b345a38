x = [0, 1, 2, 3, 4, 5]; x[1:3] = [9, 9, 9]; print(x)
x[::2] = 'abcd'; print(x)
del x[::2]; print(x)
del x[0]; print(x)
x[1:1] = range(3); print(x)
try:
    x[::2] = [1]
except ValueError as e:
    print(e)
try:
    x[0:1] = 5
except TypeError as e:
    print(e)
try:
    x[99] = 1
except IndexError as e:
    print(e)