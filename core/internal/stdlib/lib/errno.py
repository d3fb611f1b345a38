# errno: Linux error numbers (the common ones) and errorcode.
_CODES = (('EPERM', 1), ('ENOENT', 2), ('ESRCH', 3), ('EINTR', 4), ('EIO', 5), ('ENXIO', 6),
          ('E2BIG', 7), ('ENOEXEC', 8), ('EBADF', 9), ('ECHILD', 10), ('EAGAIN', 11),
          ('ENOMEM', 12), ('EACCES', 13), ('EFAULT', 14), ('EBUSY', 16), ('EEXIST', 17),
          ('EXDEV', 18), ('ENODEV', 19), ('ENOTDIR', 20), ('EISDIR', 21), ('EINVAL', 22),
          ('ENFILE', 23), ('EMFILE', 24), ('ENOTTY', 25), ('EFBIG', 27), ('ENOSPC', 28),
          ('ESPIPE', 29), ('EROFS', 30), ('EMLINK', 31), ('EPIPE', 32), ('EDOM', 33),
          ('ERANGE', 34), ('EDEADLK', 35), ('ENAMETOOLONG', 36), ('ENOSYS', 38),
          ('ENOTEMPTY', 39), ('ELOOP', 40), ('ENOTSUP', 95), ('EADDRINUSE', 98),
          ('ECONNRESET', 104), ('ECONNREFUSED', 111), ('ETIMEDOUT', 110), ('EHOSTUNREACH', 113),
          ('EALREADY', 114), ('EINPROGRESS', 115), ('ECONNABORTED', 103), ('ENOTCONN', 107),
          ('ENETUNREACH', 101))

errorcode = {}
for _name, _code in _CODES:
    globals()[_name] = _code
    errorcode.setdefault(_code, _name)
EWOULDBLOCK = EAGAIN
EOPNOTSUPP = ENOTSUP
del _name, _code
