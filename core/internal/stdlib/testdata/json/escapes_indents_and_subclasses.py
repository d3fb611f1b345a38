import json, collections
s = 'q"b\\n\n\r\t\b\f\x01\x1f\x7f é😀'
print(json.dumps(s), json.dumps(s, ensure_ascii=False))
class L(list): pass
class D(dict): pass
class T(tuple): pass
v = {'a': [1, 2.5, None, True], 'b': {}, 'c': [], 'd': L([1, D(x=T((1, 2)))]), 'e': collections.OrderedDict(z=1), 1: 'int', None: 'n'}
print(json.dumps(v))
print(json.dumps(v, indent=2, sort_keys=False))
print(json.dumps(v, indent='\t', separators=(',', ': ')))
print(json.dumps({'k': [1, {'j': []}]}, indent=0), json.dumps([[]], indent=3))
print(json.dumps({(1, 2): 1, 'a': 2}, skipkeys=True, indent=1))
r = []
r.append(r)
try:
    json.dumps(r)
except ValueError as e:
    print(e)
d = L()
d.append(d)
try:
    json.dumps(d)
except ValueError as e:
    print(e)
print(json.dumps(object(), default=lambda o: ['dflt']))
