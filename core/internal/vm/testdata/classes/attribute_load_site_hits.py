# LOAD_ATTR answers an instance attribute from the slot its site last
# found it in; everything that could change the answer must be seen.


class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y


class Q:
    def __init__(self, y, x):
        self.y = y  # another layout: x sits in another slot
        self.x = x


def xs(objs):
    return [o.x for o in objs]


def run(objs, n=3):
    out = []
    for _ in range(n):
        out.append(xs(objs))
    return out[-1]


ps = [P(i, -i) for i in range(4)]
print(run(ps))
print(run(ps + [Q(0, "q")] + ps))

# Delete and re-add: the slot moves.
p = ps[0]
del p.x
try:
    p.x
except AttributeError as e:
    print("AttributeError:", e)
p.x = "back"
print(run([p, ps[1]]))
p.__dict__.clear()
p.__dict__["x"] = "via dict"
print(run([p]))
vars(p).update(x="updated", z=1)
print(run([p]))

# The class gains a data descriptor for x: it wins over the dict.
P.x = property(lambda self: "property")
print(run(ps))
del P.x
print(run(ps))

# Plain class attributes and methods lose to the instance dict.
P.y = "class y"
print([o.y for o in ps])


# __getattribute__ added to the class later.
def ga(self, name):
    return "ga " + name


P.__getattribute__ = ga
print(run(ps[:2]))
del P.__getattribute__
print(run(ps[:2]))


# __getattr__ only runs for missing attributes.
class G:
    def __getattr__(self, name):
        return "missing " + name


g = G()
g.x = 1
print(run([g]))
del g.x
print(run([g]))

# __class__ assignment changes what the site sees.
q = Q(1, 2)
print(run([q]))
q.__class__ = P
print(run([q]), type(q).__name__)


# Chains and attributes of non-instances at the same sites.
class Node:
    def __init__(self, nxt, v):
        self.nxt = nxt
        self.v = v


n = Node(Node(Node(None, 3), 2), 1)
total = 0
cur = n
while cur is not None:
    total += cur.v
    cur = cur.nxt
print(total, n.nxt.nxt.v)


class Fake:
    x = "class attr"


import types

objs = [P(1, 2), Fake, types.SimpleNamespace(x="ns"), Fake(), (1).real.__class__]
for o in objs:
    try:
        print(o.x)
    except AttributeError as e:
        print("AttributeError:", e)
