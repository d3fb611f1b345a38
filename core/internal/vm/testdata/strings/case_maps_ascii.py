# Case maps of ASCII strs (unchanged ones too) and of the rest.
for s in ["abc", "ABC", "aBc1!", "", "123", "hello world", "ß", "éa", "ǅx", "ﬁ", "İi", "ΣΑΣ", "a\u0345"]:
    print(repr(s), [s.upper(), s.lower(), s.casefold(), s.capitalize(), s.title(), s.swapcase()], len(s.upper()), s.upper()[-1:] if s else "")
words = "alpha Beta GAMMA delta1".split()
print([w.upper() for w in words], [len(w.lower()) for w in words], [w.upper()[0] for w in words])


class S(str):
    pass


x = S("abc")
print(type(x.upper()).__name__, type(S("ABC").upper()).__name__, S("ABC").upper())
