package stdlib

import (
	"github.com/amber-sandbox/amber/core/internal/stdlib/lib"
	py "github.com/amber-sandbox/amber/core/internal/vm"
)

// natives are the modules written in Go, one file each. The Python
// modules over them (json.py over _json, re.py over _sre, ...) are in lib.
var natives = []struct {
	name string
	init py.ModuleInit
}{
	{"_amber_extra", initAmberExtra},  // amber_extra.go
	{"_base64", initBase64Prim},       // base64.go
	{"_base85", initBase85},           // base85.go
	{"_hashlib", initHashlibPrim},     // hashlib.go
	{"_json", initJSON},               // json.go
	{"_random", initRandom},           // random.go
	{"_sre", initSre},                 // sre.go
	{"_unicodedata", initUnicodedata}, // unicodedata.go
	{"math", initMath},                // math.go
}

// Linking this package makes its modules importable in every VM.
func init() {
	for _, n := range natives {
		py.RegisterModule(n.name, n.init)
	}
	for _, m := range lib.Modules() {
		py.RegisterPythonModule(m.Name, m.File, m.Src)
	}
}
