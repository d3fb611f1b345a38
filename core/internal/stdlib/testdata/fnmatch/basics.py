import fnmatch
names = ["a.py", "b.txt", "test_x.py", "README.md", "data[1].csv", ".hidden", "x\\y"]
print(fnmatch.filter(names, "*.py"), fnmatch.filter(names, "test_?.py"), fnmatch.filter(names, "[!a-c]*"), fnmatch.filter(names, "*[[]1]*"))
print(fnmatch.fnmatch("FILE.TXT", "*.txt"), fnmatch.fnmatchcase("a.PY", "*.py"), fnmatch.fnmatch("x\\y", "x\\y"), fnmatch.fnmatch("ab", "a[]"), fnmatch.translate("*.py"))
