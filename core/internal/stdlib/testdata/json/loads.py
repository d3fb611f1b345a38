import json
print(json.loads('{"a": [1, 2.5, -3e2, null, true, false], "b": "\\u00e9\\n"}'))
print(json.loads('123456789012345678901234567890'), json.loads('[]'), json.loads(' "x" '))
for doc in ['', '[1,', '{"a" 1}', '{"a": 1,}', '[1] x', '"abc', '{1: 2}']:
    try:
        json.loads(doc)
    except json.JSONDecodeError as e:
        print(repr(doc), e.msg, e.lineno, e.colno, e.pos)
print(json.loads('{"x": 1}', object_hook=lambda d: sorted(d.items())), json.loads('[1.5]', parse_float=str))
