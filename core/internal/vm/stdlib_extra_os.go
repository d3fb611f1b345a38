package vm

// Python-written modules: os and os.path (pure functions only: the sandbox
// has no file system, no environment and no processes), struct, zlib,
// unicodedata (category only).

func init() {

}
