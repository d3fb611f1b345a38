// Package jsonschema validates JSON documents against the project's JSON
// Schemas — docs/protocol.schema.json and the values.schema.json it refers
// to — for the tests that check the wire against its documentation
// (functions/protocol, infra/serve). It implements the part of JSON Schema
// 2020-12 those files use, and fails loudly on a keyword it does not know
// rather than ignoring it.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// Set is a set of schema documents that refer to each other by file name.
type Set struct {
	docs map[string]any // file name -> parsed schema
}

// annotations are keywords that do not constrain.
var annotations = map[string]bool{
	"$schema": true, "$id": true, "$comment": true, "title": true, "description": true,
	"examples": true, "default": true, "format": true, "$defs": true, "deprecated": true,
	"readOnly": true, "writeOnly": true, "$anchor": true,
}

// Load reads the schema documents names (file names) from dir.
func Load(dir string, names ...string) (*Set, error) {
	s := &Set{docs: map[string]any{}}
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		var doc any
		if err := json.Unmarshal(b, &doc); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		s.docs[name] = doc
	}
	return s, nil
}

// Validate checks doc (JSON text) against the definition at ref, e.g.
// "protocol.schema.json#/$defs/reply", or "values.schema.json#" for a
// whole document.
func (s *Set) Validate(doc []byte, ref string) error {
	d := json.NewDecoder(bytes.NewReader(doc))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return err
	}
	file, frag, _ := strings.Cut(ref, "#")
	sch, err := s.Resolve(file, frag)
	if err != nil {
		return err
	}
	return s.check(v, sch, file, "")
}

// Resolve returns the part of document file at the JSON pointer frag
// (such as "/$defs/reply"; "" for the whole document).
func (s *Set) Resolve(file, frag string) (any, error) {
	doc, ok := s.docs[file]
	if !ok {
		return nil, fmt.Errorf("schema: unknown document %q", file)
	}
	cur := doc
	for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if tok == "" {
			continue
		}
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("schema: %s#%s: not an object at %q", file, frag, tok)
		}
		if cur, ok = m[tok]; !ok {
			return nil, fmt.Errorf("schema: %s#%s: no %q", file, frag, tok)
		}
	}
	return cur, nil
}

func (s *Set) check(v, sch any, file, path string) error {
	switch sch := sch.(type) {
	case bool:
		if !sch {
			return fmt.Errorf("%s: not allowed", orRoot(path))
		}
		return nil
	case map[string]any:
		keys := make([]string, 0, len(sch))
		for k := range sch {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if err := s.keyword(v, k, sch[k], sch, file, path); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("schema: bad schema %T", sch)
}

func orRoot(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}

func (s *Set) keyword(v any, k string, arg any, sch map[string]any, file, path string) error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", orRoot(path), fmt.Sprintf(format, args...))
	}
	obj, isObj := v.(map[string]any)
	arr, isArr := v.([]any)
	str, isStr := v.(string)
	num, isNum := v.(json.Number)
	switch k {
	case "$ref":
		ref := arg.(string)
		f, frag, _ := strings.Cut(ref, "#")
		if f == "" {
			f = file
		}
		target, err := s.Resolve(f, frag)
		if err != nil {
			return err
		}
		return s.check(v, target, f, path)
	case "type":
		var types []string
		switch a := arg.(type) {
		case string:
			types = []string{a}
		case []any:
			for _, t := range a {
				types = append(types, t.(string))
			}
		}
		for _, t := range types {
			if hasType(v, t) {
				return nil
			}
		}
		return fail("%s is not of type %v", short(v), types)
	case "enum":
		for _, e := range arg.([]any) {
			if jsonEqual(v, e) {
				return nil
			}
		}
		return fail("%s is not one of %v", short(v), arg)
	case "const":
		if !jsonEqual(v, arg) {
			return fail("%s is not %v", short(v), arg)
		}
	case "properties":
		if !isObj {
			return nil
		}
		for name, sub := range arg.(map[string]any) {
			if pv, ok := obj[name]; ok {
				if err := s.check(pv, sub, file, path+"/"+name); err != nil {
					return err
				}
			}
		}
	case "additionalProperties":
		if !isObj {
			return nil
		}
		props, _ := sch["properties"].(map[string]any)
		for name, pv := range obj {
			if _, ok := props[name]; ok {
				continue
			}
			if err := s.check(pv, arg, file, path+"/"+name); err != nil {
				return err
			}
		}
	case "patternProperties":
		if !isObj {
			return nil
		}
		for pat, sub := range arg.(map[string]any) {
			re := regexp.MustCompile(pat)
			for name, pv := range obj {
				if re.MatchString(name) {
					if err := s.check(pv, sub, file, path+"/"+name); err != nil {
						return err
					}
				}
			}
		}
	case "propertyNames":
		for name := range obj {
			if err := s.check(name, arg, file, path+"/"+name); err != nil {
				return err
			}
		}
	case "required":
		if !isObj {
			return nil
		}
		for _, r := range arg.([]any) {
			if _, ok := obj[r.(string)]; !ok {
				return fail("missing %q", r)
			}
		}
	case "minProperties", "maxProperties":
		if isObj && outOfBound(k, len(obj), arg) {
			return fail("%d properties, %s %d", len(obj), k, int(toFloat(arg)))
		}
	case "items":
		if !isArr {
			return nil
		}
		start := 0
		if p, ok := sch["prefixItems"].([]any); ok {
			start = len(p)
		}
		for i := start; i < len(arr); i++ {
			if err := s.check(arr[i], arg, file, fmt.Sprintf("%s/%d", path, i)); err != nil {
				return err
			}
		}
	case "prefixItems":
		for i, sub := range arg.([]any) {
			if i < len(arr) {
				if err := s.check(arr[i], sub, file, fmt.Sprintf("%s/%d", path, i)); err != nil {
					return err
				}
			}
		}
	case "minItems", "maxItems":
		if isArr && outOfBound(k, len(arr), arg) {
			return fail("%d items, %s %d", len(arr), k, int(toFloat(arg)))
		}
	case "uniqueItems":
	case "minLength", "maxLength":
		if l := utf8.RuneCountInString(str); isStr && outOfBound(k, l, arg) {
			return fail("length %d, %s %d", l, k, int(toFloat(arg)))
		}
	case "pattern":
		if isStr && !regexp.MustCompile(arg.(string)).MatchString(str) {
			return fail("%q does not match %s", str, arg)
		}
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
		if !isNum {
			return nil
		}
		f, _ := num.Float64()
		lim := toFloat(arg)
		bad := (k == "minimum" && f < lim) || (k == "maximum" && f > lim) ||
			(k == "exclusiveMinimum" && f <= lim) || (k == "exclusiveMaximum" && f >= lim)
		if bad {
			return fail("%v breaks %s %v", num, k, lim)
		}
	case "multipleOf":
		if isNum {
			f, _ := num.Float64()
			if m := toFloat(arg); math.Mod(f, m) != 0 {
				return fail("%v is not a multiple of %v", num, m)
			}
		}
	case "allOf":
		for _, sub := range arg.([]any) {
			if err := s.check(v, sub, file, path); err != nil {
				return err
			}
		}
	case "anyOf":
		var errs []string
		for _, sub := range arg.([]any) {
			err := s.check(v, sub, file, path)
			if err == nil {
				return nil
			}
			errs = append(errs, err.Error())
		}
		return fail("matches none of anyOf: %s", strings.Join(errs, "; "))
	case "oneOf":
		n := 0
		var errs []string
		for _, sub := range arg.([]any) {
			if err := s.check(v, sub, file, path); err == nil {
				n++
			} else {
				errs = append(errs, err.Error())
			}
		}
		if n != 1 {
			return fail("matches %d of oneOf (want 1): %s", n, strings.Join(errs, "; "))
		}
	case "not":
		if s.check(v, arg, file, path) == nil {
			return fail("matches a schema it must not")
		}
	case "if":
		if s.check(v, arg, file, path) == nil {
			if then, ok := sch["then"]; ok {
				return s.check(v, then, file, path)
			}
		} else if els, ok := sch["else"]; ok {
			return s.check(v, els, file, path)
		}
	case "then", "else":
	case "dependentRequired":
		for name, req := range arg.(map[string]any) {
			if _, ok := obj[name]; !ok {
				continue
			}
			for _, r := range req.([]any) {
				if _, ok := obj[r.(string)]; !ok {
					return fail("%q requires %q", name, r)
				}
			}
		}
	default:
		if !annotations[k] {
			return fmt.Errorf("schema: keyword %q is not supported by this validator", k)
		}
	}
	return nil
}

func hasType(v any, t string) bool {
	switch t {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "null":
		return v == nil
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "integer":
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		if _, err := n.Int64(); err == nil {
			return true
		}
		f, err := n.Float64()
		return err == nil && f == math.Trunc(f)
	}
	return false
}

func toFloat(v any) float64 {
	switch v := v.(type) {
	case float64:
		return v
	case json.Number:
		f, _ := v.Float64()
		return f
	}
	return math.NaN()
}

// jsonEqual compares a document value (numbers as json.Number) with a
// schema value (numbers as float64).
func jsonEqual(a, b any) bool {
	if n, ok := a.(json.Number); ok {
		f, _ := n.Float64()
		return f == toFloat(b)
	}
	if am, ok := a.(map[string]any); ok {
		bm, ok := b.(map[string]any)
		if !ok || len(am) != len(bm) {
			return false
		}
		for k, av := range am {
			if !jsonEqual(av, bm[k]) {
				return false
			}
		}
		return true
	}
	if aa, ok := a.([]any); ok {
		ba, ok := b.([]any)
		if !ok || len(aa) != len(ba) {
			return false
		}
		for i := range aa {
			if !jsonEqual(aa[i], ba[i]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

func short(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 80 {
		return string(b[:80]) + "..."
	}
	return string(b)
}

// outOfBound reports whether count breaks the bound arg of the keyword k,
// one of the min* and max* keywords on a count.
func outOfBound(k string, count int, arg any) bool {
	n := int(toFloat(arg))
	if strings.HasPrefix(k, "min") {
		return count < n
	}
	return count > n
}
