package vm

// Python-written modules: io (StringIO, BytesIO), types, traceback,
// warnings, keyword, numbers, weakref, secrets.

func init() {

}
