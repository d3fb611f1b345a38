for f in (lambda: sorted([1], foo=1), lambda: [].sort(cmp=None), lambda: sorted([1], key=1)):
    try:
        f()
    except TypeError as e:
        print(e)
print(sorted([1], key=lambda x: print("key", x)))
