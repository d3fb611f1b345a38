package vm

// errno: Linux error numbers (the common ones) and errorcode.

func init() {

}
