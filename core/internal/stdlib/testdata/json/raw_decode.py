import json
dec = json.JSONDecoder()
print(dec.raw_decode('{"a": 1} trailing'), dec.raw_decode('[1, 2]'), dec.raw_decode('xx"é"yy', 2), dec.raw_decode('12 34', 3))
text = 'noise {"id": 1} more {"id": 2, "v": [true]} end'
objs, i = [], 0
while True:
    i = text.find("{", i)
    if i < 0:
        break
    obj, i = dec.raw_decode(text, i)
    objs.append(obj)
print(objs)
for bad in [(' 1', 0), ('[1,', 0), ('é', 0)]:
    try:
        dec.raw_decode(*bad)
    except json.JSONDecodeError as e:
        print(e)
