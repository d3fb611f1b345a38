e = ValueError("x")
e.add_note("note1")
e.add_note("note2")
print(e.__notes__)
try:
    e.add_note(3)
except TypeError as err:
    print(err)
