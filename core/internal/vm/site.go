package vm

// lazyModule names the runtime module that makes the lazy builtin name:
// exit and quit (CPython's site builtins) come from _amber_site, the rest
// from _amber_lazy.
func lazyModule(name string) string {
	switch name {
	case "exit", "quit":
		return "_amber_site"
	}
	return "_amber_lazy"
}
