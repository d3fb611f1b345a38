import re
print(repr(re.I), str(re.I), re.I, re.I|re.M, repr(re.I|re.M), re.I|re.M|0, re.I.name, re.I.value, re.NOFLAG, repr(re.NOFLAG), re.I & re.M, ~re.I, re.compile('x', re.I|re.M).flags, re.I == 2, f'{re.I}', '%d' % re.I, re.I + 1, re.U, re.compile('x').flags)
print(format(re.I, 'd'), format(re.I, '>20'), format(re.I|re.M, ''), hash(re.I)==2, re.I|1, 1|re.I, re.I^re.I, re.RegexFlag(10), re.I in re.I|re.M, bool(re.NOFLAG), list(re.I|re.M), ~re.NOFLAG)
print(re.findall("a", "AaA", re.I), re.compile("A.b", re.I | re.S), re.sub("^x", "y", "x\nx", flags=re.M), {re.I: 1}[2], re.compile("x", flags=re.IGNORECASE).search("X"))
flags = 0
flags |= re.I
print(flags, re.compile("a", flags).match("A") is not None, re.X.name, (re.I|re.M).name)
