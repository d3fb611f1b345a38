# platform answers for the sandbox, never for the host it runs on.
import platform
import sys

print(platform.system(), platform.node() == '', platform.release(), platform.machine(), platform.processor())
u = platform.uname()
print(u.system, u.node, u.release, u.version, u.machine, u.processor, len(u), u[0])
print(platform.python_version(), platform.python_version_tuple())
print(platform.python_version() == '%d.%d.%d' % sys.version_info[:3])
print(platform.python_implementation(), platform.platform(), platform.architecture())
print(platform.libc_ver(), platform.mac_ver(), platform.win32_ver(), platform.python_compiler())
try:
    platform.freedesktop_os_release()
except OSError as e:
    print('OSError')
# amber-only: the sandbox describes itself (system 'Amber'), not the host
