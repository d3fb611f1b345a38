package vm

import "testing"

// typesProbe2Cases are realistic agent programs over builtin types and the
// standard library; each want is python3.11's stdout.
var typesProbe2Cases = []struct {
	name, src, want string
}{
	{"enum with data-type mixin uses Enum str and format", `
from enum import Enum, IntEnum
class Status(str, Enum):
    OK = "ok"
class I(int, Enum):
    A = 1
class P(IntEnum):
    A = 1
for m in (Status.OK, I.A, P.A):
    print(str(m), repr(m), f"{m}", format(m, ">10") + "|")
print(Status.OK == "ok", Status("ok").value)
`, "Status.OK <Status.OK: 'ok'> Status.OK  Status.OK|\nI.A <I.A: 1> I.A        I.A|\n1 <P.A: 1> 1          1|\nTrue ok\n"},
	{"statistics correlation and regression", `
import statistics
print(statistics.correlation([1, 2, 3], [2, 4, 7]), statistics.linear_regression([1, 2, 3], [2, 4, 6]))
print(statistics.covariance([1, 2, 3, 4], [2, 4, 5, 9]), statistics.linear_regression([1, 2, 3], [2, 5, 6], proportional=True))
print(statistics.median_grouped([1, 2, 2, 3, 4, 4, 4, 4, 4, 5]), statistics.median_grouped([52, 52, 53, 54], interval=2))
try:
    statistics.correlation([1, 1], [2, 3])
except statistics.StatisticsError as e:
    print(e)
`, "0.9933992677987828 LinearRegression(slope=2.0, intercept=0.0)\n3.6666666666666665 LinearRegression(slope=2.142857142857143, intercept=0.0)\n3.7 52.0\nat least one of the inputs is constant\n"},
	{"dataclass slots=True", `
from dataclasses import dataclass, field, fields, asdict
@dataclass(slots=True)
class P:
    x: int
    y: int = 0
    tags: list = field(default_factory=list)
    def norm(self):
        return abs(self.x) + abs(self.y)
p = P(3, -4)
print(p, p.norm(), P.__slots__, [f.name for f in fields(P)], asdict(p), P(1) == P(1))
try:
    p.z = 1
except AttributeError as e:
    print("AttributeError")
print(P.__name__, P.__qualname__)
@dataclass(slots=True, frozen=True, order=True)
class F:
    a: int
print(F(1) < F(2), hash(F(1)) == hash(F(1)))
try:
    F(1).a = 2
except Exception as e:
    print(type(e).__name__, e)
`, "P(x=3, y=-4, tags=[]) 7 ('x', 'y', 'tags') ['x', 'y', 'tags'] {'x': 3, 'y': -4, 'tags': []} True\nAttributeError\nP P\nTrue True\nFrozenInstanceError cannot assign to field 'a'\n"},
	{"re flags are RegexFlag", `
import re
print(repr(re.I), str(re.I), re.I, re.I|re.M, repr(re.I|re.M), re.I|re.M|0, re.I.name, re.I.value, re.NOFLAG, repr(re.NOFLAG), re.I & re.M, ~re.I, re.compile('x', re.I|re.M).flags, re.I == 2, f'{re.I}', '%d' % re.I, re.I + 1, re.U, re.compile('x').flags)
print(format(re.I, 'd'), format(re.I, '>20'), format(re.I|re.M, ''), hash(re.I)==2, re.I|1, 1|re.I, re.I^re.I, re.RegexFlag(10), re.I in re.I|re.M, bool(re.NOFLAG), list(re.I|re.M), ~re.NOFLAG)
print(re.findall("a", "AaA", re.I), re.compile("A.b", re.I | re.S), re.sub("^x", "y", "x\nx", flags=re.M), {re.I: 1}[2], re.compile("x", flags=re.IGNORECASE).search("X"))
flags = 0
flags |= re.I
print(flags, re.compile("a", flags).match("A") is not None, re.X.name, (re.I|re.M).name)
`, "re.IGNORECASE re.IGNORECASE re.IGNORECASE re.IGNORECASE|re.MULTILINE re.IGNORECASE|re.MULTILINE re.IGNORECASE|re.MULTILINE IGNORECASE 2 re.NOFLAG re.NOFLAG re.NOFLAG re.ASCII|re.LOCALE|re.UNICODE|re.MULTILINE|re.DOTALL|re.VERBOSE|re.TEMPLATE|re.DEBUG 42 True re.IGNORECASE 2 3 re.UNICODE 32\n2                    2 re.IGNORECASE|re.MULTILINE True re.IGNORECASE|re.TEMPLATE re.IGNORECASE|re.TEMPLATE re.NOFLAG re.IGNORECASE|re.MULTILINE True False [re.IGNORECASE, re.MULTILINE] re.ASCII|re.IGNORECASE|re.LOCALE|re.UNICODE|re.MULTILINE|re.DOTALL|re.VERBOSE|re.TEMPLATE|re.DEBUG\n['A', 'a', 'A'] re.compile('A.b', re.IGNORECASE|re.DOTALL) y\ny 1 <re.Match object; span=(0, 1), match='X'>\nre.IGNORECASE True VERBOSE IGNORECASE|MULTILINE\n"},
	{"string.Formatter parse and subclass hooks", `
from string import Formatter
f = Formatter()
for s in ["a{0}b{name!r:>5}c", "{{x}}", "x{}y{:{w}}z", "{0[1]}.{a.b}", "}}{{", "", "plain", "{:%Y-%m}", "{x[a:b]}"]:
    print(repr(s), list(f.parse(s)))
print(f.format("{} and {:>{w}}|{k[0]}", 1, "r", w=5, k=[9]), f.vformat("{a}-{0}", (7,), {"a": 2}))
class Upper(Formatter):
    def format_field(self, value, spec):
        return super().format_field(value, spec).upper()
    def get_value(self, key, args, kwargs):
        if isinstance(key, str) and key not in kwargs:
            return "<" + key + ">"
        return super().get_value(key, args, kwargs)
print(Upper().format("{greet}, {name}! {0:x}", 255, greet="hi"))
fields = [name for _, name, _, _ in Formatter().parse("Dear {title} {last}, ref {id}") if name]
print(fields)
for bad in ["{", "}", "{0!x}", "{!}"]:
    try:
        print(f.format(bad, 1))
    except (ValueError, IndexError) as e:
        print(type(e).__name__, e)
for s in ['{!}', '{0!}', '{0!rr}', '{0', 'ab{', '{0:{}'] :
    try:
        print(list(Formatter().parse(s)))
    except ValueError as e:
        print(s, 'E', e)
`, "'a{0}b{name!r:>5}c' [('a', '0', '', None), ('b', 'name', '>5', 'r'), ('c', None, None, None)]\n'{{x}}' [('{', None, None, None), ('x}', None, None, None)]\n'x{}y{:{w}}z' [('x', '', '', None), ('y', '', '{w}', None), ('z', None, None, None)]\n'{0[1]}.{a.b}' [('', '0[1]', '', None), ('.', 'a.b', '', None)]\n'}}{{' [('}', None, None, None), ('{', None, None, None)]\n'' []\n'plain' [('plain', None, None, None)]\n'{:%Y-%m}' [('', '', '%Y-%m', None)]\n'{x[a:b]}' [('', 'x[a:b]', '', None)]\n1 and     r|9 2-7\nHI, <NAME>! FF\n['title', 'last', 'id']\nValueError Single '{' encountered in format string\nValueError Single '}' encountered in format string\nValueError Unknown conversion specifier x\nValueError unmatched '{' in format spec\n{!} E unmatched '{' in format spec\n{0!} E unmatched '{' in format spec\n{0!rr} E expected ':' after conversion specifier\n{0 E expected '}' before end of string\nab{ E Single '{' encountered in format string\n{0:{} E unmatched '{' in format spec\n"},
	{"hashlib.pbkdf2_hmac", `
import hashlib, os
print(hashlib.pbkdf2_hmac('sha256', b'password', b'salt', 1000).hex(), hashlib.pbkdf2_hmac('sha1', b'pw', b'salt', 2, dklen=10))
print(hashlib.pbkdf2_hmac('SHA512', b'secret', bytes(16), 100_000)[:8].hex(), len(hashlib.pbkdf2_hmac('md5', b'', b'', 1)))
try:
    hashlib.pbkdf2_hmac('sha256', 'p', b's', 1)
except TypeError as e:
    print(type(e).__name__, e)
try:
    hashlib.pbkdf2_hmac('sha256', b'p', b's', 0)
except ValueError as e:
    print(type(e).__name__, e)
`, "632c2812e46d4604102ba7618e9d6d7d2f8128f6266b4a03264d2a0460b7dcb3 b'\\x13:\\x0b\\x82;\\x02\\x98\\x01Wm'\n756764758391ce22 16\nTypeError a bytes-like object is required, not 'str'\nValueError iteration value must be greater than 0.\n"},
	{"calendar module", `
import calendar
print(calendar.monthrange(2024, 2), calendar.isleap(2024), calendar.month_name[3], calendar.day_abbr[0], list(calendar.month_abbr)[:3], calendar.leapdays(2000, 2025))
print(calendar.monthcalendar(2024, 2)[0], calendar.weekday(2024, 7, 4), calendar.day_name[calendar.weekday(2024, 7, 4)])
print(calendar.month(2024, 2))
print(calendar.month(2023, 12, w=3, l=1))
cal = calendar.Calendar(firstweekday=6)
print(list(cal.iterweekdays()), cal.monthdayscalendar(2024, 3)[0], cal.monthdatescalendar(2024, 3)[0][0], list(cal.itermonthdays2(2024, 3))[:3])
tc = calendar.TextCalendar(calendar.SUNDAY)
print(tc.formatmonth(2024, 9))
calendar.prmonth(2025, 1)
print(calendar.calendar(2024))
print(calendar.timegm((2024, 1, 1, 0, 0, 0)), calendar.weekheader(3))
try:
    calendar.monthrange(2024, 13)
except calendar.IllegalMonthError as e:
    print("bad:", e)
`, "(3, 29) True March Mon ['', 'Jan', 'Feb'] 7\n[0, 0, 0, 1, 2, 3, 4] 3 Thursday\n   February 2024\nMo Tu We Th Fr Sa Su\n          1  2  3  4\n 5  6  7  8  9 10 11\n12 13 14 15 16 17 18\n19 20 21 22 23 24 25\n26 27 28 29\n\n       December 2023\nMon Tue Wed Thu Fri Sat Sun\n                  1   2   3\n  4   5   6   7   8   9  10\n 11  12  13  14  15  16  17\n 18  19  20  21  22  23  24\n 25  26  27  28  29  30  31\n\n[6, 0, 1, 2, 3, 4, 5] [0, 0, 0, 0, 0, 1, 2] 2024-02-25 [(0, 6), (0, 0), (0, 1)]\n   September 2024\nSu Mo Tu We Th Fr Sa\n 1  2  3  4  5  6  7\n 8  9 10 11 12 13 14\n15 16 17 18 19 20 21\n22 23 24 25 26 27 28\n29 30\n\n    January 2025\nMo Tu We Th Fr Sa Su\n       1  2  3  4  5\n 6  7  8  9 10 11 12\n13 14 15 16 17 18 19\n20 21 22 23 24 25 26\n27 28 29 30 31\n                                  2024\n\n      January                   February                   March\nMo Tu We Th Fr Sa Su      Mo Tu We Th Fr Sa Su      Mo Tu We Th Fr Sa Su\n 1  2  3  4  5  6  7                1  2  3  4                   1  2  3\n 8  9 10 11 12 13 14       5  6  7  8  9 10 11       4  5  6  7  8  9 10\n15 16 17 18 19 20 21      12 13 14 15 16 17 18      11 12 13 14 15 16 17\n22 23 24 25 26 27 28      19 20 21 22 23 24 25      18 19 20 21 22 23 24\n29 30 31                  26 27 28 29               25 26 27 28 29 30 31\n\n       April                      May                       June\nMo Tu We Th Fr Sa Su      Mo Tu We Th Fr Sa Su      Mo Tu We Th Fr Sa Su\n 1  2  3  4  5  6  7             1  2  3  4  5                      1  2\n 8  9 10 11 12 13 14       6  7  8  9 10 11 12       3  4  5  6  7  8  9\n15 16 17 18 19 20 21      13 14 15 16 17 18 19      10 11 12 13 14 15 16\n22 23 24 25 26 27 28      20 21 22 23 24 25 26      17 18 19 20 21 22 23\n29 30                     27 28 29 30 31            24 25 26 27 28 29 30\n\n        July                     August                  September\nMo Tu We Th Fr Sa Su      Mo Tu We Th Fr Sa Su      Mo Tu We Th Fr Sa Su\n 1  2  3  4  5  6  7                1  2  3  4                         1\n 8  9 10 11 12 13 14       5  6  7  8  9 10 11       2  3  4  5  6  7  8\n15 16 17 18 19 20 21      12 13 14 15 16 17 18       9 10 11 12 13 14 15\n22 23 24 25 26 27 28      19 20 21 22 23 24 25      16 17 18 19 20 21 22\n29 30 31                  26 27 28 29 30 31         23 24 25 26 27 28 29\n                                                    30\n\n      October                   November                  December\nMo Tu We Th Fr Sa Su      Mo Tu We Th Fr Sa Su      Mo Tu We Th Fr Sa Su\n    1  2  3  4  5  6                   1  2  3                         1\n 7  8  9 10 11 12 13       4  5  6  7  8  9 10       2  3  4  5  6  7  8\n14 15 16 17 18 19 20      11 12 13 14 15 16 17       9 10 11 12 13 14 15\n21 22 23 24 25 26 27      18 19 20 21 22 23 24      16 17 18 19 20 21 22\n28 29 30 31               25 26 27 28 29 30         23 24 25 26 27 28 29\n                                                    30 31\n\n1704067200 Mon Tue Wed Thu Fri Sat Sun\nbad: bad month number 13; must be 1-12\n"},
	{"datetime timetuple is a struct_time", `
from datetime import datetime, date, timezone, timedelta
import time
now = datetime(2024, 6, 15, 9, 5, 3, 120000)
tt = now.timetuple()
print(tt.tm_yday, tt.tm_wday, tt.tm_hour, tt[:3], tt.tm_isdst, len(tt))
print(tt)
print(date(2024, 3, 1).timetuple(), date(2024, 3, 1).timetuple().tm_yday)
u = datetime(2024, 1, 1, 12, tzinfo=timezone(timedelta(hours=2))).utctimetuple()
print(u, u.tm_hour)
print(datetime(2024, 1, 1, tzinfo=timezone.utc).timetuple().tm_isdst, time.strftime("%Y-%m-%d %H:%M", now.timetuple()))
`, "167 5 9 (2024, 6, 15) -1 9\ntime.struct_time(tm_year=2024, tm_mon=6, tm_mday=15, tm_hour=9, tm_min=5, tm_sec=3, tm_wday=5, tm_yday=167, tm_isdst=-1)\ntime.struct_time(tm_year=2024, tm_mon=3, tm_mday=1, tm_hour=0, tm_min=0, tm_sec=0, tm_wday=4, tm_yday=61, tm_isdst=-1) 61\ntime.struct_time(tm_year=2024, tm_mon=1, tm_mday=1, tm_hour=10, tm_min=0, tm_sec=0, tm_wday=0, tm_yday=1, tm_isdst=0) 10\n-1 2024-06-15 09:05\n"},
	{"json raw_decode", `
import json
dec = json.JSONDecoder()
print(dec.raw_decode('{"a": 1} trailing'), dec.raw_decode('[1, 2]'), dec.raw_decode('xx"é"yy', 2), dec.raw_decode('12 34', 3))
text = 'noise {"id": 1} more {"id": 2, "v": [true]} end'
objs, i = [], 0
while True:
    i = text.find("{", i)
    if i < 0:
        break
    obj, i = dec.raw_decode(text, i)
    objs.append(obj)
print(objs)
for bad in [(' 1', 0), ('[1,', 0), ('é', 0)]:
    try:
        dec.raw_decode(*bad)
    except json.JSONDecodeError as e:
        print(e)
`, "({'a': 1}, 8) ([1, 2], 6) ('é', 5) (34, 5)\n[{'id': 1}, {'id': 2, 'v': [True]}]\nExpecting value: line 1 column 1 (char 0)\nExpecting value: line 1 column 4 (char 3)\nExpecting value: line 1 column 1 (char 0)\n"},
	{"argparse", `
import argparse
p = argparse.ArgumentParser(prog="tool", description="Process things.", epilog="Bye.")
p.add_argument("files", nargs="+", help="input files")
p.add_argument("-n", "--count", type=int, default=3, help="how many (default: %(default)s)")
p.add_argument("-v", "--verbose", action="count", default=0)
p.add_argument("--mode", choices=["fast", "slow"], default="fast")
p.add_argument("--tag", action="append", default=[])
p.add_argument("--dry-run", action="store_true", help="do nothing, just print what would happen in a long help line that wraps")
p.add_argument("-o", dest="out", metavar="PATH")
args = p.parse_args(["a.txt", "b.txt", "-n", "5", "--tag", "x", "--tag=y", "-vv", "--dry-run", "-oout.txt"])
print(args)
print(p.format_help())
print(p.parse_args(["z"]))
a2, rest = p.parse_known_args(["f", "--zzz", "1"])
print(a2.files, rest)
g = argparse.ArgumentParser(prog="git")
g.add_argument("--debug", action="store_true")
sp = g.add_subparsers(dest="cmd", help="sub-command")
c = sp.add_parser("commit", help="record changes")
c.add_argument("-m", "--message", required=True)
c.add_argument("--amend", action="store_true")
pu = sp.add_parser("push")
pu.add_argument("remote", nargs="?", default="origin")
print(g.parse_args(["--debug", "commit", "-m", "msg"]), g.parse_args(["push"]), g.parse_args(["push", "up"]))
q = argparse.ArgumentParser(prog="q")
q.add_argument("x", type=float)
q.add_argument("y", nargs="?", default=1.5, type=float)
q.add_argument("--ids", nargs="*", type=int, default=[])
print(q.parse_args(["2", "--ids", "1", "2"]), q.parse_args(["2", "3"]))
ns = argparse.Namespace(a=1)
print(ns, ns.a, "a" in ns, vars(ns))
import io, contextlib
err = io.StringIO()
try:
    with contextlib.redirect_stderr(err):
        q.parse_args(["2", "--ids", "z"])
except SystemExit as e:
    print("exit", e.code, err.getvalue().splitlines())
`, "Namespace(files=['a.txt', 'b.txt'], count=5, verbose=2, mode='fast', tag=['x', 'y'], dry_run=True, out='out.txt')\nusage: tool [-h] [-n COUNT] [-v] [--mode {fast,slow}] [--tag TAG] [--dry-run]\n            [-o PATH]\n            files [files ...]\n\nProcess things.\n\npositional arguments:\n  files                 input files\n\noptions:\n  -h, --help            show this help message and exit\n  -n COUNT, --count COUNT\n                        how many (default: 3)\n  -v, --verbose\n  --mode {fast,slow}\n  --tag TAG\n  --dry-run             do nothing, just print what would happen in a long\n                        help line that wraps\n  -o PATH\n\nBye.\n\nNamespace(files=['z'], count=3, verbose=0, mode='fast', tag=[], dry_run=False, out=None)\n['f'] ['--zzz', '1']\nNamespace(debug=True, cmd='commit', message='msg', amend=False) Namespace(debug=False, cmd='push', remote='origin') Namespace(debug=False, cmd='push', remote='up')\nNamespace(x=2.0, y=1.5, ids=[1, 2]) Namespace(x=2.0, y=3.0, ids=[])\nNamespace(a=1) 1 True {'a': 1}\nexit 2 ['usage: q [-h] [--ids [IDS ...]] x [y]', \"q: error: argument --ids: invalid int value: 'z'\"]\n"},
	{"pathlib pure paths", `
from pathlib import PurePosixPath, Path, PurePath
pp = PurePosixPath("/data/reports/2024/summary.final.csv")
print(pp.name, pp.stem, pp.suffix, pp.suffixes, pp.parent, pp.parts[:3], pp.with_suffix(".json"), pp / "x", pp.parent.parent.name, pp.match("*.csv"), pp.relative_to("/data"))
print(Path("a/b.txt").with_name("c.md"), str(Path("x") / "y" / "z.py"), Path("/a/b").is_absolute(), repr(PurePosixPath("a")), repr(Path("a//b/./c/")), PurePath("x"))
print(list(pp.parents), pp.parents[0], len(pp.parents), pp.anchor, pp.root, PurePosixPath("") , PurePosixPath("/"), PurePosixPath("/").parent, PurePosixPath(".").name)
print(PurePosixPath("a", "/b", "c"), "base" / PurePosixPath("f"), PurePosixPath(".bashrc").suffix, PurePosixPath("a.tar.gz").suffixes, PurePosixPath("a.").suffix, PurePosixPath("x.py").with_stem("y"))
print(sorted([Path("b"), Path("a/z"), Path("a")]), Path("a") == Path("a/"), {Path("a"), Path("a")}, Path("/x/y").is_relative_to("/x"), PurePosixPath("a/b/c.py").match("b/*.py"), PurePosixPath("a/b/c.py").match("/b/*.py"))
try:
    PurePosixPath("/a/b").relative_to("/c")
except ValueError as e:
    print(e)
try:
    PurePosixPath("/a").with_suffix("json")
except ValueError as e:
    print(e)
p = Path("/no/such/file.txt")
print(p.exists(), p.is_file(), p.is_dir(), str(p.resolve()), p.with_suffix("").name, [str(x) for x in [p, p.parent]], f"{p}", p.as_posix())
import os
print(os.path.join(Path("a"), "b"), os.fspath(Path("q")), Path("a").joinpath("b", "c"))
`, "summary.final.csv summary.final .csv ['.final', '.csv'] /data/reports/2024 ('/', 'data', 'reports') /data/reports/2024/summary.final.json /data/reports/2024/summary.final.csv/x reports True reports/2024/summary.final.csv\na/c.md x/y/z.py True PurePosixPath('a') PosixPath('a/b/c') x\n[PurePosixPath('/data/reports/2024'), PurePosixPath('/data/reports'), PurePosixPath('/data'), PurePosixPath('/')] /data/reports/2024 4 / / . / / \n/b/c base/f  ['.tar', '.gz']  y.py\n[PosixPath('a'), PosixPath('a/z'), PosixPath('b')] True {PosixPath('a')} True True False\n'/a/b' is not in the subpath of '/c' OR one path is relative and the other is absolute.\nInvalid suffix 'json'\nFalse False False /no/such/file.txt file ['/no/such/file.txt', '/no/such'] /no/such/file.txt /no/such/file.txt\na/b q a/b/c\n"},
	{"fnmatch", `
import fnmatch
names = ["a.py", "b.txt", "test_x.py", "README.md", "data[1].csv", ".hidden", "x\\y"]
print(fnmatch.filter(names, "*.py"), fnmatch.filter(names, "test_?.py"), fnmatch.filter(names, "[!a-c]*"), fnmatch.filter(names, "*[[]1]*"))
print(fnmatch.fnmatch("FILE.TXT", "*.txt"), fnmatch.fnmatchcase("a.PY", "*.py"), fnmatch.fnmatch("x\\y", "x\\y"), fnmatch.fnmatch("ab", "a[]"), fnmatch.translate("*.py"))
`, "['a.py', 'test_x.py'] ['test_x.py'] ['test_x.py', 'README.md', 'data[1].csv', '.hidden', 'x\\\\y'] ['data[1].csv']\nFalse False True False (?s:.*\\.py)\\Z\n"},
	{"cp1252 codec", `
print("ü€“x”—".encode("cp1252"), b"\xfc\x80\x93\x94".decode("cp1252"), "café".encode("windows-1252"), bytes(range(0x80, 0xa0)).decode("cp1252", "replace"))
for f in (lambda: "\u0100".encode("cp1252"), lambda: "\u0100\u0101".encode("cp1252"), lambda: b"a\x81".decode("cp1252"), lambda: "é".encode("ascii")):
    try:
        f()
    except UnicodeError as e:
        print(type(e).__name__, e)
print("\u0100a".encode("cp1252", "replace"), "\u0100".encode("cp1252", "xmlcharrefreplace"), b"\x81\x8d".decode("cp1252", "ignore"))
`, "b'\\xfc\\x80\\x93x\\x94\\x97' ü€“” b'caf\\xe9' €�‚ƒ„…†‡ˆ‰Š‹Œ�Ž��‘’“”•–—˜™š›œ�žŸ\nUnicodeEncodeError 'charmap' codec can't encode character '\\u0100' in position 0: character maps to <undefined>\nUnicodeEncodeError 'charmap' codec can't encode characters in position 0-1: character maps to <undefined>\nUnicodeDecodeError 'charmap' codec can't decode byte 0x81 in position 1: character maps to <undefined>\nUnicodeEncodeError 'ascii' codec can't encode character '\\xe9' in position 0: ordinal not in range(128)\nb'?a' b'&#256;' \n"},
	{"dataclass __doc__ is its signature", `
from dataclasses import dataclass, field, InitVar
from typing import List, Optional, Dict
import datetime
@dataclass
class P:
    x: int
    tags: list = field(default_factory=list)
@dataclass
class Q:
    name: str
    when: datetime.date
    items: List[str] = field(default_factory=list)
    note: Optional[str] = None
    ratio: float = 0.5
    ref: "Q" = None
    hidden: int = field(default=0, init=False)
    seed: InitVar[int] = 1
    meta: Dict[str, int] = field(default_factory=dict, kw_only=True)
    def __post_init__(self, seed):
        pass
@dataclass
class Documented:
    """My docs."""
    a: int
print(P.__doc__)
print(Q.__doc__)
print(Documented.__doc__)
`, "P(x: int, tags: list = <factory>)\nQ(name: str, when: datetime.date, items: List[str] = <factory>, note: Optional[str] = None, ratio: float = 0.5, ref: 'Q' = None, seed: dataclasses.InitVar[int] = 1, *, meta: Dict[str, int] = <factory>)\nMy docs.\n"},
	{"io.TextIOWrapper over a byte buffer", `
import io, sys, csv
raw = io.BytesIO("name,city\r\nAnn,Zürich\r\nBob,Köln\r\n".encode("utf-8"))
tw = io.TextIOWrapper(raw, encoding="utf-8", newline="")
print(list(csv.DictReader(tw)))
t2 = io.TextIOWrapper(io.BytesIO(b"l1\r\nl2\nl3"))
print(t2.readline(), t2.readlines(), t2.encoding)
out = io.BytesIO()
w = io.TextIOWrapper(out, encoding="utf-16-le")
w.write("hé"); w.flush()
print(out.getvalue(), isinstance(sys.stdout, io.TextIOWrapper), isinstance(w, io.TextIOWrapper), isinstance(io.StringIO(), io.TextIOWrapper), isinstance(w, io.TextIOBase))
b = w.detach(); print(b is out)
with io.TextIOWrapper(io.BytesIO(b"a\nb\n")) as f:
    for line in f:
        print(repr(line))
`, "[{'name': 'Ann', 'city': 'Zürich'}, {'name': 'Bob', 'city': 'Köln'}]\nl1\n ['l2\\n', 'l3'] UTF-8\nb'h\\x00\\xe9\\x00' True True False True\nTrue\n'a\\n'\n'b\\n'\n"},
	{"hmac module", `
import hmac, hashlib
print(hmac.new(b"key", b"msg", hashlib.sha256).hexdigest(), hmac.new(b"k", digestmod="md5").hexdigest())
h = hmac.new(b"x" * 100, digestmod=hashlib.sha1); h.update(b"part1"); c = h.copy(); h.update(b"part2")
print(h.hexdigest(), c.hexdigest(), h.name, h.digest_size, h.block_size, hmac.digest(b"k", b"m", "sha512")[:6])
sig = hmac.new(b"secret", b"payload", hashlib.sha256).hexdigest()
print(hmac.compare_digest(sig, sig), hmac.compare_digest(b"a", b"ab"), hmac.compare_digest(bytearray(b"z"), b"z"))
for bad in (lambda: hmac.new("str", b"m", "sha256"), lambda: hmac.new(b"k", b"m"), lambda: hmac.compare_digest("a", b"a")):
    try:
        bad()
    except TypeError as e:
        print(e)
`, "2d93cbc1be167bcb1637a4a23cbff01a7878f0c50ee833954ea5221bb1b8c628 cd32bedd46aa63cffa3023f050fc78e3\nf16088e726dffc2ab91ce644efa12ebe1d72d64b c2e48f8d83924492dd561894e845c1ca069172b1 hmac-sha1 20 64 b'\\x94\\xec\\x95\\x86X\\xae'\nTrue False True\nkey: expected bytes or bytearray, but got 'str'\nMissing required parameter 'digestmod'.\na bytes-like object is required, not 'str'\n"},
	{"queue module", `
import queue
q = queue.Queue()
for x in "abc":
    q.put(x)
print(q.qsize(), q.get(), q.get_nowait(), q.empty(), q.full())
pq = queue.PriorityQueue()
for p, t in [(3, "low"), (1, "high"), (2, "mid")]:
    pq.put((p, t))
print([pq.get()[1] for _ in range(pq.qsize())])
lq = queue.LifoQueue(maxsize=2); lq.put(1); lq.put(2)
try:
    lq.put_nowait(3)
except queue.Full:
    print("full", lq.full())
print(lq.get(), lq.get())
try:
    lq.get_nowait()
except queue.Empty:
    print("empty")
sq = queue.SimpleQueue(); sq.put("s"); print(sq.get(), sq.empty())
q.put(1); q.task_done(); q.task_done(); q.task_done()
try:
    q.task_done()
except ValueError as e:
    print(e)
`, "3 a b False False\n['high', 'mid', 'low']\nfull True\n2 1\nempty\ns True\n"},
	{"errno module", `
import errno
print(errno.ENOENT, errno.EEXIST, errno.errorcode[2], errno.EWOULDBLOCK == errno.EAGAIN, errno.errorcode[errno.EACCES])
`, "2 17 ENOENT True EACCES\n"},
}

func TestTypesProbe2(t *testing.T) {
	for _, c := range typesProbe2Cases {
		t.Run(c.name, func(t *testing.T) {
			if got := runContainerSnippet(t, c.src); got != c.want {
				t.Errorf("program:\n%s\ngot:\n%s\nwant:\n%s", c.src, got, c.want)
			}
		})
	}
}
