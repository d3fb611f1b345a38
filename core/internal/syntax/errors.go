package syntax

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// SyntaxError is the error returned by Parse. Its fields follow CPython's
// SyntaxError attributes: Line and EndLine are 1-based; Col and EndCol are
// 1-based character offsets into Text (0 when unknown).
type SyntaxError struct {
	Kind     string // "SyntaxError", "IndentationError" or "TabError"
	Msg      string
	Filename string
	Line     int
	Col      int
	EndLine  int
	EndCol   int
	Text     string // the source line, without the newline
}

// Error returns a one-line description like CPython's str(SyntaxError).
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s (%s, line %d)", e.Msg, e.Filename, e.Line)
}

// Format returns the text CPython prints for an uncaught SyntaxError,
// including the source line and the caret marker, ending in a newline.
func (e *SyntaxError) Format() string {
	var b strings.Builder
	fmt.Fprintf(&b, "  File \"%s\", line %d\n", e.Filename, e.Line)
	if e.Text != "" {
		text := e.Text
		// CPython strips leading whitespace and adjusts the offset.
		trimmed := strings.TrimLeft(text, " \t\f")
		lead := utf8.RuneCountInString(text) - utf8.RuneCountInString(trimmed)
		trimmed = strings.TrimRight(trimmed, " \t\f\r\n")
		b.WriteString("    ")
		b.WriteString(trimmed)
		b.WriteString("\n")
		if e.Col > 0 && e.EndCol >= 0 {
			start := e.Col - lead
			n := utf8.RuneCountInString(trimmed)
			if start < 1 {
				start = 1
			}
			if start > n+1 {
				start = n + 1
			}
			end := start + 1
			if e.EndLine == e.Line && e.EndCol > e.Col {
				end = e.EndCol - lead
			}
			if end > n+1 {
				end = n + 1
			}
			if end <= start {
				end = start + 1
			}
			b.WriteString("    ")
			b.WriteString(strings.Repeat(" ", start-1))
			b.WriteString(strings.Repeat("^", end-start))
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(&b, "%s: %s\n", e.Kind, e.Msg)
	return b.String()
}
