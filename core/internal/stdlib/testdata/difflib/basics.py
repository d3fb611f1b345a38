import difflib
s = difflib.SequenceMatcher(None, "abcd", "bcde")
print(s.ratio(), s.quick_ratio(), s.get_matching_blocks(), s.get_opcodes())
print(difflib.get_close_matches("appel", ["ape", "apple", "peach", "puppy"]))
print(difflib.get_close_matches("wheel", ["while", "wheat", "when", "whale"], n=2, cutoff=0.5))
a = ["one\n", "two\n", "three\n", "four\n"]
b = ["one\n", "2\n", "three\n", "four\n", "five\n"]
print("".join(difflib.unified_diff(a, b, fromfile="a.txt", tofile="b.txt")))
print(list(difflib.unified_diff(["x"], ["y"], lineterm="")))
print("".join(difflib.context_diff(a, b)))
print(list(difflib.ndiff(["a\n", "b\n"], ["a\n", "c\n"])))
print(round(difflib.SequenceMatcher(None, "hello world", "hallo welt").ratio(), 4))
