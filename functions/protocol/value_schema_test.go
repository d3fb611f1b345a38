package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

// valueSchema is docs/values.schema.json with a checker for the part of
// JSON Schema 2020-12 it uses; a keyword the checker does not know fails
// the test rather than passing unchecked.
type valueSchema struct{ root map[string]any }

func loadValueSchema(t *testing.T) *valueSchema {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "values.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var root map[string]any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&root); err != nil {
		t.Fatalf("docs/values.schema.json: %v", err)
	}
	return &valueSchema{root: root}
}

func (s *valueSchema) validate(raw []byte) error {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return err
	}
	return s.check(v, s.root, "$")
}

var schemaNotes = map[string]bool{"$schema": true, "$id": true, "$defs": true, "title": true, "description": true}

func (s *valueSchema) check(v any, sch any, path string) error {
	m, ok := sch.(map[string]any)
	if !ok {
		if b, ok := sch.(bool); ok {
			if b {
				return nil
			}
			return fmt.Errorf("%s: not allowed", path)
		}
		return fmt.Errorf("schema: bad schema %T at %s", sch, path)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if schemaNotes[k] {
			continue
		}
		if err := s.keyword(v, k, m[k], m, path); err != nil {
			return err
		}
	}
	return nil
}

func (s *valueSchema) keyword(v any, k string, arg any, sch map[string]any, path string) error {
	obj, isObj := v.(map[string]any)
	arr, isArr := v.([]any)
	str, isStr := v.(string)
	num, isNum := v.(json.Number)
	switch k {
	case "$ref":
		ref, _ := arg.(string)
		if !strings.HasPrefix(ref, "#/") {
			return fmt.Errorf("schema: non-local $ref %q", ref)
		}
		var cur any = s.root
		for _, tok := range strings.Split(ref[2:], "/") {
			cur = cur.(map[string]any)[tok]
		}
		if cur == nil {
			return fmt.Errorf("schema: dangling $ref %q", ref)
		}
		return s.check(v, cur, path)
	case "type":
		t := arg.(string)
		ok := false
		switch t {
		case "null":
			ok = v == nil
		case "boolean":
			_, ok = v.(bool)
		case "string":
			ok = isStr
		case "array":
			ok = isArr
		case "object":
			ok = isObj
		case "number":
			ok = isNum
		case "integer":
			if isNum {
				r, good := new(big.Rat).SetString(string(num))
				ok = good && r.IsInt()
			}
		default:
			return fmt.Errorf("schema: unknown type %q", t)
		}
		if !ok {
			return fmt.Errorf("%s: not a %s", path, t)
		}
	case "anyOf":
		for _, sub := range arg.([]any) {
			if s.check(v, sub, path) == nil {
				return nil
			}
		}
		return fmt.Errorf("%s: matches none of anyOf", path)
	case "not":
		if s.check(v, arg, path) == nil {
			return fmt.Errorf("%s: matches a not", path)
		}
	case "enum":
		for _, e := range arg.([]any) {
			if fmt.Sprint(e) == fmt.Sprint(v) {
				return nil
			}
		}
		return fmt.Errorf("%s: %v not in enum", path, v)
	case "pattern":
		if isStr {
			re, err := regexp.Compile(arg.(string))
			if err != nil {
				return fmt.Errorf("schema: %v", err)
			}
			if !re.MatchString(str) {
				return fmt.Errorf("%s: %q does not match %s", path, str, arg)
			}
		}
	case "maxLength":
		if isStr {
			n, _ := arg.(json.Number).Int64()
			if int64(utf8.RuneCountInString(str)) > n {
				return fmt.Errorf("%s: longer than %d", path, n)
			}
		}
	case "minimum", "maximum":
		if isNum {
			x, _ := new(big.Rat).SetString(string(num))
			lim, _ := new(big.Rat).SetString(string(arg.(json.Number)))
			if c := x.Cmp(lim); k == "minimum" && c < 0 || k == "maximum" && c > 0 {
				return fmt.Errorf("%s: %s past %s %s", path, num, k, lim)
			}
		}
	case "properties":
		if isObj {
			for name, sub := range arg.(map[string]any) {
				if x, ok := obj[name]; ok {
					if err := s.check(x, sub, path+"."+name); err != nil {
						return err
					}
				}
			}
		}
	case "required":
		if isObj {
			for _, name := range arg.([]any) {
				if _, ok := obj[name.(string)]; !ok {
					return fmt.Errorf("%s: no %s", path, name)
				}
			}
		}
	case "additionalProperties":
		if isObj {
			props, _ := sch["properties"].(map[string]any)
			for name, x := range obj {
				if _, ok := props[name]; ok {
					continue
				}
				if err := s.check(x, arg, path+"."+name); err != nil {
					return err
				}
			}
		}
	case "propertyNames":
		if isObj {
			for name := range obj {
				if err := s.check(name, arg, path+" key "+name); err != nil {
					return err
				}
			}
		}
	case "prefixItems":
		if isArr {
			for i, sub := range arg.([]any) {
				if i < len(arr) {
					if err := s.check(arr[i], sub, fmt.Sprintf("%s[%d]", path, i)); err != nil {
						return err
					}
				}
			}
		}
	case "items":
		if isArr {
			start := 0
			if p, ok := sch["prefixItems"].([]any); ok {
				start = len(p)
			}
			for i := start; i < len(arr); i++ {
				if err := s.check(arr[i], arg, fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
		}
	case "minItems", "maxItems":
		if isArr {
			n, _ := arg.(json.Number).Int64()
			if k == "minItems" && int64(len(arr)) < n || k == "maxItems" && int64(len(arr)) > n {
				return fmt.Errorf("%s: %d items, %s %d", path, len(arr), k, n)
			}
		}
	default:
		return fmt.Errorf("schema: keyword %q is not supported by this checker", k)
	}
	return nil
}

// Everything the encoder writes for the round-trip table is valid under
// the schema.
func TestValueSchemaAcceptsEncodings(t *testing.T) {
	s := loadValueSchema(t)
	for _, c := range roundTrips {
		raw, err := EncodeValue(c.in)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.validate(raw); err != nil {
			t.Errorf("%s: %s: %v", c.name, raw, err)
		}
	}
}

// The schema refuses what the decoder refuses, where a schema can say so.
func TestValueSchemaRejects(t *testing.T) {
	s := loadValueSchema(t)
	for _, doc := range []string{
		`{"$nope":1}`, `{"$int":1}`, `{"$int":"+1"}`, `{"$int":"01"}`, `{"$int":"1","x":2}`, `{"a":1,"$b":2}`,
		`{"$float":"1.5"}`, `{"$bytes":"eA"}`, `{"$bytes":"!!!!"}`, `{"$tuple":1}`, `{"$dict":[1]}`, `{"$dict":[[1]]}`,
		`{"$dict":[[1,2,3]]}`, `{"$exception":{"message":"m"}}`, `{"$exception":{"type":"a b"}}`,
		`{"$exception":{"type":"E","x":1}}`, `{"$host":1.5}`, `{"$repr":"x"}`, `{"$repr":1,"$type":"t"}`,
		`[{"$set":[{"$float":"NaN"}]}]`,
	} {
		if err := s.validate([]byte(doc)); err == nil {
			t.Errorf("schema accepts %s", doc)
		}
		if _, err := DecodeValue(json.RawMessage(doc)); err == nil {
			t.Errorf("decoder accepts %s", doc)
		}
	}
}

// The schema describes every tag the encoding has.
func TestValueSchemaNamesEveryTag(t *testing.T) {
	s := loadValueSchema(t)
	defs := s.root["$defs"].(map[string]any)
	var named []string
	for _, d := range defs {
		if props, ok := d.(map[string]any)["properties"].(map[string]any); ok {
			for name := range props {
				if strings.HasPrefix(name, "$") {
					named = append(named, name)
				}
			}
		}
	}
	for _, tag := range Tags {
		if !slices.Contains(named, tag) {
			t.Errorf("docs/values.schema.json does not describe %s", tag)
		}
	}
	for _, name := range named {
		if !slices.Contains(Tags, name) {
			t.Errorf("docs/values.schema.json describes %s, which the encoding does not have", name)
		}
	}
}
