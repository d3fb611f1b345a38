import os
for fn in (lambda: os.listdir("."), lambda: os.remove("x.txt"), lambda: os.makedirs("d"), lambda: os.path.getsize("f")):
    try:
        fn()
    except PermissionError as e:
        print(type(e).__name__, e, e.errno, e.filename)
try:
    open("x.txt")
except OSError as e:
    print(type(e).__name__)
print(os.environ, os.getcwd(), os.path.abspath("x/y"), os.path.exists("/etc/passwd"))
# amber-only: the sandbox has no file system: every file operation is denied.
