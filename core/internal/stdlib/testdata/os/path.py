import os, os.path
from os.path import join, splitext
print(os.path.join("a", "b", "c.txt"), os.path.join("/x", "/y", "z"), os.path.join("a/", "b"), join("", "q"))
print(os.path.split("/a/b/c"), os.path.split("c"), os.path.split("/"), os.path.split("a//b"))
print(splitext("f.tar.gz"), splitext(".bashrc"), splitext("a/b"), splitext("a.b/c"))
print(os.path.basename("/a/b/"), os.path.basename("/a/b.py"), os.path.dirname("/a/b.py"), os.path.dirname("b"))
print(os.path.normpath("/a//b/./c/../d"), os.path.normpath("../../x/.."), os.path.normpath(""), os.path.normpath("//a"))
print(os.path.isabs("/a"), os.path.isabs("a"), os.path.relpath("/a/b/c", "/a"), os.path.relpath("/a", "/a/b/c"))
print(os.path.abspath("/q/x/y"), os.sep, repr(os.linesep), os.name)
print(os.getenv("NO_SUCH_VAR_X"), os.getenv("NO_SUCH_VAR_X", "dflt"), os.environ.get("NO_SUCH_VAR_X"))
print(os.path.commonprefix(["/usr/lib", "/usr/local"]), os.path.commonpath(["/usr/lib", "/usr/local"]))
print(os.path.exists("/no/such/file"))
for fn in ():
    try:
        fn()
    except PermissionError as e:
        print(type(e).__name__, e)
    except OSError as e:
        print("OSError", e)
