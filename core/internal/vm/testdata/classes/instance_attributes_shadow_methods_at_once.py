# A method call must see an instance attribute of the same name the moment
# it exists, however it got there, and the method again once it is gone.
class Task:
    def __init__(self, n):
        self.n = n
        self.a = self.b = self.c = self.d = 0

    def run(self):
        return "method", self.n


t = Task(1)
out = []
for step in range(12):
    out.append(t.run())
    if step == 2:
        t.run = lambda: "attribute"          # plain assignment
    elif step == 4:
        del t.run
    elif step == 5:
        t.__dict__["run"] = lambda: "via __dict__"
    elif step == 6:
        t.__dict__.clear()
        t.n = 2
    elif step == 7:
        vars(t).update({"run": lambda: "via update", "x": 1})
    elif step == 8:
        t.__dict__ = {"n": 3}
    elif step == 9:
        setattr(t, "run", lambda: "via setattr")
    elif step == 10:
        t.__dict__.pop("run")
print(out)

# Many instances, many attributes: a shadowing one among them.
tasks = [Task(i) for i in range(20)]
for i, x in enumerate(tasks):
    for k in range(12):
        setattr(x, "f%d" % k, k)
tasks[7].run = lambda: "shadow"
print([x.run() for x in tasks][5:10])
import copy
c = copy.copy(tasks[7])
print(c.run())
del c.run
print(c.run())
