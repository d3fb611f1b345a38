#!/usr/bin/env python3
# gen_format_cases.py rewrites testdata/format_cases.json with CPython's
# format().
#
# Each row is [kind, spec, value, want, err]: kind "i" formats int(value),
# "f" the float whose IEEE bits are the integer value, "s" the str value;
# want is format(x, spec), or err the str() of the error it raised. To add
# a case, add a row with any want and err and run go generate.
import json
import struct

PATH = "testdata/format_cases.json"


def value(kind, text):
    if kind == "i":
        return int(text)
    if kind == "f":
        return struct.unpack("<d", struct.pack("<Q", int(text)))[0]
    return text


rows = json.load(open(PATH, encoding="utf-8"))
with open(PATH, "w", encoding="utf-8") as f:
    f.write("[\n")
    for i, (kind, spec, text, _, _) in enumerate(rows):
        try:
            want, err = format(value(kind, text), spec), ""
        except (ValueError, TypeError, OverflowError) as e:
            want, err = "", str(e)
        line = json.dumps([kind, spec, text, want, err], ensure_ascii=False)
        f.write(line + (",\n" if i < len(rows) - 1 else "\n"))
    f.write("]\n")
