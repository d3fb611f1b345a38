# platform: what the program runs on, as the sandbox can honestly say it.
#
# Sandboxed code runs in Amber, not on the host's operating system, and
# nothing about the host (its name, kernel, machine or C library) reaches
# it. So the system is 'Amber' (sys.platform is 'amber'), the Python is
# the version Amber follows, its implementation 'Amber' (as
# sys.implementation.name is 'amber'), and every answer CPython gives as
# '' when it cannot tell is '' here: node, release, version, machine,
# processor, the compiler and build, the C library and the Mac and
# Windows versions. architecture() is the interpreter's: 64-bit words.

import sys as _sys

__version__ = '1.0.8'

_SYSTEM = 'Amber'


class uname_result(tuple):
    # CPython's: five named fields, and processor as a sixth item.
    __slots__ = ()
    _fields = ('system', 'node', 'release', 'version', 'machine', 'processor')

    def __new__(cls, system, node, release, version, machine):
        return tuple.__new__(cls, (system, node, release, version, machine, ''))

    system = property(lambda self: self[0])
    node = property(lambda self: self[1])
    release = property(lambda self: self[2])
    version = property(lambda self: self[3])
    machine = property(lambda self: self[4])
    processor = property(lambda self: self[5])

    def __repr__(self):
        return 'uname_result(system=%r, node=%r, release=%r, version=%r, machine=%r)' % self[:5]

    def __reduce__(self):
        return uname_result, tuple(self[:5])


_uname = uname_result(_SYSTEM, '', '', '', '')


def uname():
    return _uname


def system():
    return _SYSTEM


def node():
    return ''


def release():
    return ''


def version():
    return ''


def machine():
    return ''


def processor():
    return ''


def architecture(executable=_sys.executable if hasattr(_sys, 'executable') else '', bits='', linkage=''):
    return ('64bit', linkage)


def python_implementation():
    return 'Amber'


def python_version_tuple():
    v = _sys.version_info
    return (str(v[0]), str(v[1]), str(v[2]))


def python_version():
    return '.'.join(python_version_tuple())


def python_build():
    return ('', '')


def python_compiler():
    return ''


def python_branch():
    return ''


def python_revision():
    return ''


def libc_ver(executable=None, lib='', version='', chunksize=16384):
    return (lib, version)


def mac_ver(release='', versioninfo=('', '', ''), machine=''):
    return release, versioninfo, machine


def win32_ver(release='', version='', csd='', ptype=''):
    return release, version, csd, ptype


def win32_edition():
    return None


def win32_is_iot():
    return False


def java_ver(release='', vendor='', vminfo=('', '', ''), osinfo=('', '', '')):
    return release, vendor, vminfo, osinfo


def freedesktop_os_release():
    raise OSError('Unable to read files /etc/os-release, /usr/lib/os-release')


def system_alias(system, release, version):
    return system, release, version


def platform(aliased=False, terse=False):
    # CPython joins system, release and machine with '-', leaving out
    # what is empty.
    return _SYSTEM
