import graphlib
ts = graphlib.TopologicalSorter({'b': {'a'}, 'c': {'b', 'a'}})
print(list(ts.static_order()))
try:
    graphlib.TopologicalSorter({1: {2}, 2: {1}}).prepare()
except graphlib.CycleError as e: print(e.args)
