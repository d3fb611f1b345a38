
import pathlib
for p in ('/a/b', 'a/b', '/'):
    q = pathlib.PurePosixPath(p)
    print(q.anchor, q.root, q.drive, q.parts)
print(pathlib.Path('/x/y').anchor)
