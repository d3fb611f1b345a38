#!/usr/bin/env python3
# gen_cases.py rewrites testdata/cases.json with CPython's answers.
#
# Each row is [pattern, flags, string, mode, want, err]. The first four are
# the inputs (mode 0 search, 1 match, 2 fullmatch); want is the span of
# every group followed by lastindex (-1 for None), or null when there is no
# match; err is str() of the error compiling the pattern raised. To add a
# case, add a row with any want and err and run go generate.
import json
import re
import warnings

warnings.simplefilter("ignore")
PATH = "testdata/cases.json"


def answer(pattern, flags, s, mode):
    try:
        rx = re.compile(pattern, flags)
    except (re.error, ValueError) as e:
        return None, str(e)
    m = (rx.search, rx.match, rx.fullmatch)[mode](s)
    if m is None:
        return None, ""
    spans = []
    for g in range(rx.groups + 1):
        spans.extend(m.span(g))
    spans.append(-1 if m.lastindex is None else m.lastindex)
    return spans, ""


rows = json.load(open(PATH, encoding="utf-8"))
with open(PATH, "w", encoding="utf-8") as f:
    f.write("[\n")
    for i, (pattern, flags, s, mode, _, _) in enumerate(rows):
        want, err = answer(pattern, flags, s, mode)
        line = json.dumps([pattern, flags, s, mode, want, err], ensure_ascii=False)
        f.write(line + (",\n" if i < len(rows) - 1 else "\n"))
    f.write("]\n")
