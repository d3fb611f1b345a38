package vm

// hmac: RFC 2104 over the hashlib objects, in Python.

func init() {

}
