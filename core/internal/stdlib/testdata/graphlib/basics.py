from graphlib import TopologicalSorter, CycleError
g = {"d": {"b", "c"}, "c": {"a"}, "b": {"a"}}
ts = TopologicalSorter({"d": ["b", "c"], "c": ["a"], "b": ["a"]})
print(list(ts.static_order()))
ts = TopologicalSorter()
ts.add(3, 2, 1); ts.add(2, 1); ts.add(5)
ts.prepare()
while ts.is_active():
    ready = ts.get_ready()
    print(ready)
    ts.done(*ready)
try:
    list(TopologicalSorter({1: [2], 2: [1]}).static_order())
except CycleError as e:
    print("cycle", e.args)
