import os
for fn in (lambda: os.listdir("."), lambda: os.remove("x.txt"), lambda: os.makedirs("d"), lambda: os.path.getsize("f"),
           lambda: open("x.txt"), lambda: open("x.txt", "w"), lambda: os.stat("/etc/passwd")):
    try:
        fn()
    except OSError as e:
        print(type(e).__name__, e.errno, e.strerror, e.filename)
print(os.environ, os.getcwd(), os.path.abspath("x/y"), os.path.exists("/etc/passwd"), os.path.isfile("/x"), os.path.isdir("/"))
# amber-only: with no mounts and no host to answer OS calls, reads find no
# file (FileNotFoundError) and writes are refused (PermissionError); the
# errors name the path as the program gave it.
