x = [3, 1, 2]; x.append(4); x.extend(range(2)); x.insert(-100, 9); x.insert(1, 7); print(x, x.pop(), x.pop(0), x)
x.remove(7); print(x, x.index(2), x.count(1), x.copy(), x.reverse(), x)
x.clear(); print(x)
for f in (lambda: [].pop(), lambda: [1].pop(5), lambda: [1].remove(2), lambda: [1].index(5), lambda: (1,).index(5), lambda: range(3).index(5)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)