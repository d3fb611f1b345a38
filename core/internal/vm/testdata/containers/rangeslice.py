r = range(1, 10, 2)
print(r.start, r.stop, r.step, len(r), r[1:3], r.count(3), r.index(5), slice(1, 10, 2).indices(5), slice(None).indices(3), slice(None, None, -1).indices(5), slice(1, 2).start)