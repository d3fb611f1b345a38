try:
    {1:1}.values() + 1
except TypeError as e:
    print('TypeError', e)
try:
    {1:1}.keys() + 1
except TypeError as e:
    print('TypeError', e)
def foo(): pass
try:
    foo.__globals__ = None
except AttributeError as e:
    print("AttributeError", e)
for v in ({}.keys(), {}.items(), {1: 2}.items()):
    try:
        hash(v)
    except TypeError as e:
        print(e)
d = {}
vals = d.values()
print(hash(vals) == hash(vals), {vals: 1}[vals])
print({1: 2}.keys() & {1, 3}, {1: 2}.items() | {(3, 4)} == {(1, 2), (3, 4)})
