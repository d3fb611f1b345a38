// Package js holds @amber-sandbox/client, Amber's TypeScript client
// (src/, compiled to the ESM in dist/ by `npm run build`), and embeds the
// compiled modules so that the Workbench (infra/workbench) serves the same
// client code it is built on: the protocol is implemented once in
// JavaScript. See README.md.
package js

import (
	"embed"
	"io/fs"
)

//go:embed dist/*.js
var dist embed.FS

// Dist is the compiled client: index.js and the modules it imports, at
// the root of the file system.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil { // only for an invalid path; "dist" is valid
		panic(err)
	}
	return sub
}
