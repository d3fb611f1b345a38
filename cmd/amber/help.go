package main

import (
	"context"
	"fmt"
	"io"
)

// commands lists every subcommand, for amber help.
var commands = []struct{ name, args, what string }{
	{"run", "FILE | -c CODE [--mount HOST:SANDBOX[:ro|rw|overlay]]... [--type-check] [limit flags]", "run a program once"},
	{"feed", "--state FILE [--function NAME]... [--mount HOST:SANDBOX[:MODE]]... -c CODE | FILE.py [limit flags]", "run one feed of a durable session kept in FILE"},
	{"resume", "--state FILE --value JSON | --error TYPE:MSG | --not-handled", "answer the host function call a paused session waits for"},
	{"inspect", "FILE", "describe a session or snapshot file: what it is paused at, its pages"},
	{"serve", "[flags]", "run the step engine behind a local WebSocket gateway"},
	{"gc", "[flags]", "collect unreferenced chunks of a store"},
	{"cas", "stats|gc ...", "operate a content-addressed store"},
	{"help", "[COMMAND]", "list the commands, or show one command's flags"},
}

func helpCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stdout, "usage: amber COMMAND [arguments]")
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, "commands:")
		for _, c := range commands {
			fmt.Fprintf(stdout, "  %-8s %s\n", c.name, c.what)
		}
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, "amber help COMMAND shows a command's arguments and flags.")
		return 0
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		fmt.Fprintf(stdout, "usage: amber %s %s\n\n%s.\n", c.name, c.args, c.what)
		if c.name == "help" || c.name == "inspect" || c.name == "cas" {
			return 0
		}
		fmt.Fprintln(stdout, "\nflags:")
		// Each command prints its flags for -h.
		switch c.name {
		case "run":
			runCmd([]string{"-h"}, io.Discard, stdout)
		case "feed":
			feedCmd([]string{"-h"}, io.Discard, stdout)
		case "resume":
			resumeCmd([]string{"-h"}, io.Discard, stdout)
		case "serve":
			serveCmd(context.Background(), []string{"-h"}, io.Discard, stdout)
		case "gc":
			gcCmd(context.Background(), []string{"-h"}, io.Discard, stdout)
		}
		return 0
	}
	fmt.Fprintf(stderr, "amber: unknown command %q; amber help lists the commands\n", args[0])
	return 2
}
