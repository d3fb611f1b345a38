// Package exampleflag declares the flags every example takes to reach
// amber serve, so that they read the same environment variables.
package exampleflag

import (
	"flag"
	"os"
)

// DefaultURL is where `amber serve` listens by default.
const DefaultURL = "ws://127.0.0.1:8765"

// Server declares -url (default $AMBER_URL, else DefaultURL) and -key
// (default $AMBER_API_KEY) on the command line's flag set.
func Server() (url, key *string) {
	def := os.Getenv("AMBER_URL")
	if def == "" {
		def = DefaultURL
	}
	url = flag.String("url", def, "amber serve's WebSocket URL")
	key = flag.String("key", os.Getenv("AMBER_API_KEY"), "API key (amber serve --keys)")
	return url, key
}
