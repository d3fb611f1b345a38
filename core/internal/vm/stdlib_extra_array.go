package vm

// array, written in Python: a list of checked numbers with the common
// typecodes; tobytes/frombytes use struct.

func init() {

}
