try:
    raise OSError(2, "No such file")
except OSError as e:
    print(e.errno, e.strerror, e.filename, str(e))
print(str(OSError(2, "No such", "a.txt")))
print(OSError("plain").errno, str(OSError("plain")))
