// Package workbench is Amber's Workbench: a single web page, served by
// amber serve at "/", for looking at durable sessions instead of reading
// JSON. It checks out sessions and feeds them code (a REPL per pane,
// with host calls answered by hand), dumps, loads and forks them side by
// side, lists the project's sessions and snapshots with their storage,
// browses the project's hosted volumes (upload, download, delete; a pane
// can mount them at checkout), and charts a session's committed steps.
//
// The page is plain HTML, CSS and JavaScript with no build step at serve
// time and no third-party code, embedded in the binary. Everything it says
// to the server goes through @amber-sandbox/client (sdk/js), whose
// compiled modules it serves at /client/: the same WebSocket endpoint as
// any other client, with the api_key query parameter when a key is
// entered, so it works against amber serve and API Gateway alike.
package workbench

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"

	jsclient "github.com/amber-sandbox/amber/sdk/js"
)

//go:embed static
var static embed.FS

// Handler serves the Workbench (and the client modules at /client/). Mount it at "/". It answers GET and HEAD
// only, with no-cache headers (the page is tiny and must never run stale
// against a newer server) and a content security policy that allows
// nothing but the page's own files and WebSocket connections.
func Handler() http.Handler {
	sub, err := fs.Sub(static, "static")
	if err != nil { // only for an invalid path; "static" is valid
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			http.Error(w, "workbench: "+err.Error(), http.StatusInternalServerError)
		})
	}
	files := http.FileServerFS(sub)
	client := http.StripPrefix("/client", http.FileServerFS(jsclient.Dist()))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		h := w.Header()
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Content-Security-Policy",
			"default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "+
				"style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'")
		if strings.HasPrefix(r.URL.Path, "/client/") {
			client.ServeHTTP(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}
