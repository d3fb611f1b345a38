package vm

// pathlib: POSIX pure paths in full; Path's file-system methods go through
// open() and os, which the sandbox answers (with no file system: exists()
// is False and reads raise PermissionError).

func init() {

}
