import traceback
f = lambda d: d["a"][5]
try:
    list(map(f, [{"a": []}]))
except IndexError:
    tb = traceback.format_exc()
    print("_amber" in tb, tb.count("File "), tb.splitlines()[-1])
