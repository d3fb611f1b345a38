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
