import string, textwrap
print(string.ascii_letters, string.digits, string.punctuation, string.capwords('hello  world'))
print(string.Template('$a and ${b}!').substitute(a=1, b='x'), string.Template('$a $z').safe_substitute(a=1))
print(textwrap.wrap('The quick brown fox jumps over the lazy dog', 10))
print(textwrap.fill('aaa bbb ccc ddd', 7))
print(repr(textwrap.dedent('    a\n      b\n    c')), repr(textwrap.indent('a\nb\n', '> ')))
print(textwrap.shorten('Hello  world, this is a test', 15))
