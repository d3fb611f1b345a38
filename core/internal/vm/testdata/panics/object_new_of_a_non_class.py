# object.__new__(X) makes an instance only of a class: an instance whose
# "class" is an int or a str would be read as one by every later access.
for x in [2, 'a', None, 1.5]:
    try:
        print(object.__new__(x))
    except TypeError as e:
        print('TypeError:', e)


class A:
    pass


print(type(object.__new__(A)).__name__)
