package vm

// Python-written text modules: shlex, html, urllib.parse, csv.

func init() {

}
