import csv, io
data = 'a,b\\,c,"q\\"x",d\n"multi\\\nline",e\n"x""y",z\n"open\nquote",w\n'
for kw in ({'escapechar': '\\'}, {'escapechar': '\\', 'doublequote': False}, {}):
    print(list(csv.reader(io.StringIO(data), **kw)))
print(list(csv.reader([' a, "b"'], skipinitialspace=True)))
