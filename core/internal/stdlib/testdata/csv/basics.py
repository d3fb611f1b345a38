import csv, io
data = 'name,age,note\nalice,30,"hello, world"\nbob,25,"say ""hi"""\n\ncarol,,"multi\nline"\nx,y,\n'
for row in csv.reader(io.StringIO(data)):
    print(row)
print(list(csv.reader(["a;b;c", "1;2;3"], delimiter=";")))
out = io.StringIO()
w = csv.writer(out)
w.writerow(["a", "b,c", 'q"t', 1, 2.5, None, ""])
w.writerows([[1, 2], ["x\ny", "z"]])
print(repr(out.getvalue()))
out = io.StringIO()
w = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
w.writerow([1, "a"])
w = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
w.writerow([1, "a", 2.0])
print(repr(out.getvalue()))
for r in csv.DictReader(io.StringIO("x,y\n1,2\n3,4,5\n6\n")):
    print(r)
dr = csv.DictReader(io.StringIO("x,y\n1,2\n"))
print(dr.fieldnames)
out = io.StringIO()
dw = csv.DictWriter(out, fieldnames=["x", "y"])
dw.writeheader()
dw.writerow({"x": 1, "y": "two"})
dw.writerows([{"x": 3}])
print(repr(out.getvalue()))
try:
    dw.writerow({"z": 1})
except ValueError as e:
    print(e)
print(list(csv.reader(io.StringIO('1,"2",3\n'), quoting=csv.QUOTE_NONNUMERIC)))
print(list(csv.reader(['a, b,  c'], skipinitialspace=True)))
