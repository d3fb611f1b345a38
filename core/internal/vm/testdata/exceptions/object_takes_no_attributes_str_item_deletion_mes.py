try:
    object().x = 1
except AttributeError as e:
    print(e)
try:
    del "s"[0]
except TypeError as e:
    print(e)
