import sys
import types

impl = sys.implementation
print(type(impl) is types.SimpleNamespace, type(impl).__name__)
print(impl.name in ("cpython", "amber"), isinstance(impl.name, str))
print(impl.version == sys.version_info, impl.version.major, impl.version.minor)
print(impl.hexversion == sys.hexversion, hex(sys.hexversion)[:5])
print(str(impl).startswith("namespace(name="), "version=" in repr(impl))
print(hasattr(impl, "cache_tag"))

print(sys.intern("abc") == "abc")
for bad in (0, b"abc", None):
    try:
        sys.intern(bad)
    except TypeError as e:
        print("TypeError", e)
try:
    sys.intern()
except TypeError as e:
    print("TypeError", e)
