import pprint
pprint.pprint({"b": list(range(25)), "a": {"k": "v" * 70}})
