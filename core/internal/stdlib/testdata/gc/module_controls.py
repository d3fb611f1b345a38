import gc

print(gc.isenabled())
gc.disable()
print(gc.isenabled())
gc.enable()
print(gc.isenabled())
print(type(gc.collect()).__name__, type(gc.collect(0)).__name__)
for bad in (3, -1):
    try:
        gc.collect(bad)
    except ValueError as e:
        print("ValueError", e)
try:
    gc.collect("x")
except TypeError as e:
    print("TypeError", e)
print(len(gc.get_count()), len(gc.get_threshold()))

# Objects survive a collection as long as they are referenced.
data = [bytearray(b"keep") for _ in range(3)]
view = memoryview(data[1])[1:]
data[1] = None
gc.collect()
junk = [[i] * 4 for i in range(2000)]
print(bytes(view), data[0], len(junk))
