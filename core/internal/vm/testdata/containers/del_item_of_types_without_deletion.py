class I:
    def __index__(self): return 0
for o in ['ab', (1,), b'a', range(3), frozenset(), {1}, 5, None, object(), iter([])]:
  for k in [0, True, 10**30, I(), slice(0,1), 'x']:
    try: del o[k]
    except Exception as e: print(type(o).__name__, type(k).__name__, type(e).__name__, e)
