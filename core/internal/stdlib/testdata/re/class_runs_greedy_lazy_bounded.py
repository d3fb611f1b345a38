# Runs of a character class (greedy, lazy, bounded) over ASCII and
# non-ASCII text, with IGNORECASE and ASCII flags.
import re
text = "abc123 déjà-vu ÉTÉ 4567 x_y9 ΣΣσ 日本語12 " * 3
pats = [r"\w+", r"[a-z]+", r"\d{4}", r"\d{2,3}", r"[^\s]+?x", r"[\w.]+@[\w]+\.com", r"\b[A-Z]\w+", r"[a-zé]{2,}", r"\W+", r"[0-9]*", r"[^a-z ]{3}"]
for p in pats:
    for flags in (0, re.I, re.A, re.I | re.A):
        print(p, flags, re.findall(p, text)[:12])
print(re.findall(r"[\w.]+@[\w]+\.com", "user1@example1.com, a.b@c.com x@y.org"), re.sub(r"(\d{4})-(\d{2})", r"\2/\1", "2024-05 and 1999-12"))
print(re.split(r"\s*\n\s*", "a \n b\n\nc  \n"), re.fullmatch(r"[a-c]{3}", "abc"), re.match(r"[a-c]{3}", "ab"))
