import errno
print(errno.ENOENT, errno.EEXIST, errno.errorcode[2], errno.EWOULDBLOCK == errno.EAGAIN, errno.errorcode[errno.EACCES])
