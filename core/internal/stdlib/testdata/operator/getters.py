import operator as G
class O: pass
o=O(); o.a=O(); o.a.b=5; o.c=7
print(G.attrgetter('a.b')(o), G.attrgetter('c','a.b')(o), repr(G.attrgetter('c','a.b')), G.itemgetter(1)([1,2]), G.itemgetter(0,1)('ab'), repr(G.itemgetter(0,'x')))
for bad in (lambda: G.attrgetter(1), lambda: G.attrgetter('a', 2), lambda: G.itemgetter(5)([1]), lambda: G.attrgetter('zz')(o)):
    try: bad()
    except Exception as e: print(' ', type(e).__name__, e)
print(sorted([(2,'b'),(1,'a')], key=G.itemgetter(0)), list(map(G.methodcaller('upper'), ['x'])))
import graphlib
