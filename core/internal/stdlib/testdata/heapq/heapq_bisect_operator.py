import heapq, bisect, operator
h = []
for x in [5, 1, 4, 2, 3]:
    heapq.heappush(h, x)
print([heapq.heappop(h) for _ in range(5)], heapq.nlargest(2, [3, 1, 4, 1, 5]), heapq.nsmallest(2, 'dcba'))
l = [3, 1, 2]; heapq.heapify(l); print(l[0], heapq.heappushpop(l, 0), heapq.heapreplace(l, 9), list(heapq.merge([1, 4], [2, 3])))
a = [1, 2, 2, 4]
print(bisect.bisect_left(a, 2), bisect.bisect_right(a, 2), bisect.bisect(a, 3))
bisect.insort(a, 3); print(a, bisect.bisect_left([(1, 'a'), (3, 'b')], 2, key=lambda t: t[0]))
print(operator.itemgetter(1)('abc'), operator.itemgetter(0, 2)('abc'), operator.attrgetter('real')(3))
print(operator.methodcaller('upper')('x'), operator.add(1, 2), operator.mul('a', 3), operator.neg(4), operator.contains([1], 1))
