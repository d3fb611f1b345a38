print(b'a\nb\r\nc\rd\x0be\n'.splitlines(), b'x\ny'.splitlines(keepends=True))
print(b'a\tbc\td'.expandtabs(tabsize=2), b'a\tb'.expandtabs())
