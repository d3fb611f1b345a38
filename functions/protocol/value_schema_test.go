package protocol

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/internal/jsonschema"
)

// valueSchema is docs/values.schema.json, checked by internal/jsonschema.
type valueSchema struct{ set *jsonschema.Set }

func loadValueSchema(t *testing.T) *valueSchema {
	t.Helper()
	set, err := jsonschema.Load(filepath.Join("..", "..", "docs"), "values.schema.json")
	if err != nil {
		t.Fatalf("docs: %v", err)
	}
	return &valueSchema{set: set}
}

func (s *valueSchema) validate(raw []byte) error { return s.set.Validate(raw, "values.schema.json#") }

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
	root, err := s.set.Resolve("values.schema.json", "")
	if err != nil {
		t.Fatal(err)
	}
	defs := root.(map[string]any)["$defs"].(map[string]any)
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
