package pyre

import (
	"fmt"
	"strconv"
	"strings"
)

// TemplateItem is one piece of a parsed replacement template: a literal
// (Group < 0) or a group reference.
type TemplateItem struct {
	Lit   string
	Group int
}

// IndexError reports an unknown group name in a template, which Python
// raises as IndexError.
type IndexError struct{ Msg string }

func (e *IndexError) Error() string { return e.Msg }

// ParseTemplate parses a replacement template for re.sub and
// Match.expand, like CPython's re._parser.parse_template.
func (re *Regexp) ParseTemplate(tmpl string) (items []TemplateItem, err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	t := &tokenizer{pat: tmpl, src: []rune(tmpl)}
	t.advance()
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			items = append(items, TemplateItem{Lit: lit.String(), Group: -1})
			lit.Reset()
		}
	}
	addGroup := func(index, off int) {
		if index > re.ngroups {
			panic(t.errorf(off, "invalid group reference %d", index))
		}
		flush()
		items = append(items, TemplateItem{Group: index})
	}
	for {
		this, ok := t.get()
		if !ok {
			break
		}
		tr := []rune(this)
		if tr[0] != '\\' || len(tr) == 1 {
			lit.WriteString(this)
			continue
		}
		c := tr[1]
		switch {
		case c == 'g':
			if !t.match("<") {
				panic(t.errorf(0, "missing <"))
			}
			name := t.getuntil('>', "group name")
			n := len([]rune(name))
			var index int
			if isIdentifier(name) {
				g, ok := re.names[name]
				if !ok {
					return nil, &IndexError{fmt.Sprintf("unknown group name %s", pyRepr(name))}
				}
				index = g
			} else {
				v, err := strconv.Atoi(name)
				if err != nil || v < 0 || strings.ContainsAny(name, "+- _") {
					panic(t.errorf(n+1, "bad character in group name %s", pyRepr(name)))
				}
				if v >= maxGroups {
					panic(t.errorf(n+1, "invalid group reference %d", v))
				}
				index = v
			}
			addGroup(index, n+1)
		case c == '0':
			s := this
			if t.nextIn(octDigits) {
				d, _ := t.get()
				s += d
				if t.nextIn(octDigits) {
					d, _ := t.get()
					s += d
				}
			}
			v, _ := strconv.ParseInt(s[1:], 8, 32)
			lit.WriteRune(rune(v & 0xff))
		case c >= '1' && c <= '9':
			s := this
			octal := false
			if t.nextIn(digits) {
				d, _ := t.get()
				s += d
				if c <= '7' && s[2] <= '7' && t.nextIn(octDigits) {
					d, _ := t.get()
					s += d
					octal = true
					v, _ := strconv.ParseInt(s[1:], 8, 32)
					if v > 0o377 {
						panic(t.errorf(len(s), "octal escape value %s outside of range 0-0o377", s))
					}
					lit.WriteRune(rune(v))
				}
			}
			if !octal {
				g, _ := strconv.Atoi(s[1:])
				addGroup(g, len(s)-1)
			}
		default:
			if r, ok := escapes[c]; ok {
				lit.WriteRune(r)
			} else if isASCIILetter(c) {
				panic(t.errorf(len(tr), "bad escape %s", this))
			} else {
				lit.WriteString(this)
			}
		}
	}
	flush()
	return items, nil
}
