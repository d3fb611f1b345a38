import json
print(json.dumps({"a": [1, 2.5, None, True], "b": "é\n"}))
print(json.dumps({"b": 1, "a": {"c": []}}, indent=2, sort_keys=True))
print(json.dumps([1, 2], separators=(",", ":")), json.dumps("é", ensure_ascii=False))
print(json.dumps({1: 2, None: 3, 1.5: 4, True: 5}), json.dumps(float("nan")), json.dumps(10**30))
for bad in [{1, 2}, {(1,): 2}]:
    try:
        json.dumps(bad)
    except TypeError as e:
        print("TypeError", e)
x = []
x.append(x)
try:
    json.dumps(x)
except ValueError as e:
    print("ValueError", e)
print(json.dumps({"s": {3, 1}}, default=sorted))
