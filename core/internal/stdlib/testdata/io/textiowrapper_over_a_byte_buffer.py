import io, sys, csv
raw = io.BytesIO("name,city\r\nAnn,Zürich\r\nBob,Köln\r\n".encode("utf-8"))
tw = io.TextIOWrapper(raw, encoding="utf-8", newline="")
print(list(csv.DictReader(tw)))
t2 = io.TextIOWrapper(io.BytesIO(b"l1\r\nl2\nl3"))
print(t2.readline(), t2.readlines(), t2.encoding)
out = io.BytesIO()
w = io.TextIOWrapper(out, encoding="utf-16-le")
w.write("hé"); w.flush()
print(out.getvalue(), isinstance(sys.stdout, io.TextIOWrapper), isinstance(w, io.TextIOWrapper), isinstance(io.StringIO(), io.TextIOWrapper), isinstance(w, io.TextIOBase))
b = w.detach(); print(b is out)
with io.TextIOWrapper(io.BytesIO(b"a\nb\n")) as f:
    for line in f:
        print(repr(line))
