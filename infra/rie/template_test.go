package rie_test

import (
	"context"
	"debug/buildinfo"
	"debug/elf"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// root is the repository root, relative to this package.
const root = "../.."

// tmpl is template.yaml, kept as YAML nodes so CloudFormation's short
// tags (!Ref, !Sub) need no special handling.
type tmpl struct{ doc *yaml.Node }

func loadTemplate(t *testing.T) tmpl {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return tmpl{doc: doc.Content[0]}
}

// get walks mapping keys from n; nil when a key is missing.
func get(n *yaml.Node, path ...string) *yaml.Node {
	for _, key := range path {
		if n == nil || n.Kind != yaml.MappingNode {
			return nil
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == key {
				next = n.Content[i+1]
			}
		}
		n = next
	}
	return n
}

func mapKeysOf(n *yaml.Node) []string {
	var ks []string
	if n != nil && n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			ks = append(ks, n.Content[i].Value)
		}
	}
	return ks
}

func scalar(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	return n.Value
}

// resources returns the template's resources of a type, by logical id.
func (m tmpl) resources(typ string) map[string]*yaml.Node {
	out := map[string]*yaml.Node{}
	res := get(m.doc, "Resources")
	for _, id := range mapKeysOf(res) {
		if r := get(res, id); scalar(get(r, "Type")) == typ {
			out[id] = r
		}
	}
	return out
}

// prop is a function property, falling back to Globals.Function.
func (m tmpl) prop(fn *yaml.Node, name string) *yaml.Node {
	if v := get(fn, "Properties", name); v != nil {
		return v
	}
	return get(m.doc, "Globals", "Function", name)
}

// TestTemplateFunctionsBuild: every function of template.yaml builds with
// SAM's makefile method (make build-<LogicalId> in its CodeUri) into a
// bootstrap for provided.al2023 on arm64 with -tags lambda.norpc.
func TestTemplateFunctionsBuild(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Fatal("make is needed for SAM's makefile build method: " + err.Error())
	}
	m := loadTemplate(t)
	fns := m.resources("AWS::Serverless::Function")
	if len(fns) != 3 {
		t.Fatalf("functions %v, want the WebSocket, HTTP and GC functions", slices.Sorted(mapKeys(fns)))
	}
	for _, id := range slices.Sorted(mapKeys(fns)) {
		fn := fns[id]
		t.Run(id, func(t *testing.T) {
			if got := scalar(m.prop(fn, "Runtime")); got != "provided.al2023" {
				t.Errorf("Runtime %q", got)
			}
			if got := scalar(m.prop(fn, "Handler")); got != "bootstrap" {
				t.Errorf("Handler %q", got)
			}
			if a := m.prop(fn, "Architectures"); a == nil || len(a.Content) != 1 || a.Content[0].Value != "arm64" {
				t.Errorf("Architectures is not [arm64]")
			}
			if got := scalar(get(fn, "Metadata", "BuildMethod")); got != "makefile" {
				t.Fatalf("BuildMethod %q: SAM's go1.x method passes no build tags", got)
			}
			codeURI := scalar(m.prop(fn, "CodeUri"))
			if codeURI == "" {
				t.Fatal("no CodeUri")
			}
			out := t.TempDir()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, "make", "-s", "-C", filepath.Join(root, codeURI), "build-"+id, "ARTIFACTS_DIR="+out)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("make build-%s: %v\n%s", id, err, b)
			}
			bin := filepath.Join(out, "bootstrap")
			f, err := elf.Open(bin)
			if err != nil {
				t.Fatalf("bootstrap: %v", err)
			}
			machine := f.Machine
			f.Close()
			if machine != elf.EM_AARCH64 {
				t.Errorf("bootstrap is for %v, not arm64", machine)
			}
			info, err := buildinfo.ReadFile(bin)
			if err != nil {
				t.Fatal(err)
			}
			settings := map[string]string{}
			for _, s := range info.Settings {
				settings[s.Key] = s.Value
			}
			want := map[string]string{"-tags": "lambda.norpc", "GOOS": "linux", "GOARCH": "arm64", "CGO_ENABLED": "0"}
			for k, v := range want {
				if settings[k] != v {
					t.Errorf("built with %s=%q, want %q", k, settings[k], v)
				}
			}
			if !strings.HasPrefix(info.Path, "github.com/amber-sandbox/amber/functions/") {
				t.Errorf("bootstrap is %s, not one of functions/", info.Path)
			}
		})
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// runtimeEnv are set by Lambda itself (a template may not set them).
var runtimeEnv = []string{"AWS_REGION", "AWS_LAMBDA_FUNCTION_MEMORY_SIZE"}

// localEnv point the functions at local stand-ins; empty on AWS.
var localEnv = []string{"AMBER_DYNAMODB_ENDPOINT", "AMBER_S3_ENDPOINT", "AMBER_DATA_DIR"}

// TestTemplateSetsEveryEnv: every environment variable the handlers and
// the Lambda mains read is set for every function by template.yaml (or
// by Lambda, or is for local stand-ins only and empty there), and the
// template sets no AMBER_ variable that nothing reads.
func TestTemplateSetsEveryEnv(t *testing.T) {
	var read []string
	for _, dir := range []string{"functions/handler", "functions/ws", "functions/http", "functions/gc"} {
		read = append(read, envReads(t, filepath.Join(root, dir))...)
	}
	sort.Strings(read)
	read = slices.Compact(read)
	if !slices.Contains(read, "AMBER_TABLE") {
		t.Fatalf("found only %v: the scan misses the handlers' reads", read)
	}

	m := loadTemplate(t)
	global := mapKeysOf(get(m.doc, "Globals", "Function", "Environment", "Variables"))
	setAnywhere := map[string]bool{}
	for id, fn := range m.resources("AWS::Serverless::Function") {
		set := append(slices.Clone(global), mapKeysOf(get(fn, "Properties", "Environment", "Variables"))...)
		for _, name := range set {
			setAnywhere[name] = true
		}
		for _, name := range read {
			if slices.Contains(runtimeEnv, name) || slices.Contains(localEnv, name) {
				continue
			}
			// The management endpoint is needed only where replies are
			// posted: the WebSocket function.
			if name == "AMBER_CONNECTIONS_ENDPOINT" && id != "WsFunction" {
				continue
			}
			if !slices.Contains(set, name) {
				t.Errorf("%s reads %s but template.yaml does not set it", id, name)
			}
		}
	}
	for name := range setAnywhere {
		if strings.HasPrefix(name, "AMBER_") && !slices.Contains(read, name) {
			t.Errorf("template.yaml sets %s, which no handler reads", name)
		}
	}
	// Local-only variables may be declared (sam local --env-vars sets
	// only declared ones) but must be empty on AWS.
	for _, name := range localEnv {
		if v := get(m.doc, "Globals", "Function", "Environment", "Variables", name); v != nil && v.Value != "" {
			t.Errorf("template.yaml sets %s=%q; it is for local stand-ins and must be empty on AWS", name, v.Value)
		}
		for id, fn := range m.resources("AWS::Serverless::Function") {
			if v := get(fn, "Properties", "Environment", "Variables", name); v != nil && v.Value != "" {
				t.Errorf("%s sets %s=%q; it is for local stand-ins and must be empty on AWS", id, name, v.Value)
			}
		}
	}
}

// envReads lists the variables a package reads with os.Getenv or
// os.LookupEnv; the name must be a string constant of the package or a
// literal, so that this check can see it.
func envReads(t *testing.T, dir string) []string {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]string{}
	var files []*ast.File
	for _, p := range pkgs {
		for _, f := range p.Files {
			files = append(files, f)
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.CONST {
					continue
				}
				for _, s := range g.Specs {
					vs := s.(*ast.ValueSpec)
					for i, name := range vs.Names {
						if i < len(vs.Values) {
							if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
								consts[name.Name], _ = strconv.Unquote(lit.Value)
							}
						}
					}
				}
			}
		}
	}
	var names []string
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "Getenv" && sel.Sel.Name != "LookupEnv") {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "os" || len(call.Args) != 1 {
				return true
			}
			switch a := call.Args[0].(type) {
			case *ast.BasicLit:
				v, _ := strconv.Unquote(a.Value)
				names = append(names, v)
			case *ast.Ident:
				v, ok := consts[a.Name]
				if !ok {
					t.Errorf("%s: os.%s(%s): not a string constant", fset.Position(call.Pos()), sel.Sel.Name, a.Name)
				}
				names = append(names, v)
			default:
				t.Errorf("%s: os.%s with a computed name", fset.Position(call.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
	return names
}

// TestTemplateWiring: the WebSocket API routes $connect, $disconnect and
// $default to the WebSocket function, which may manage connections; the
// HTTP API takes POST /v1/{op}; GC runs on a schedule; cfn-lint passes.
func TestTemplateWiring(t *testing.T) {
	m := loadTemplate(t)
	var routes []string
	for _, r := range m.resources("AWS::ApiGatewayV2::Route") {
		routes = append(routes, scalar(get(r, "Properties", "RouteKey")))
	}
	sort.Strings(routes)
	if want := []string{"$connect", "$default", "$disconnect"}; !slices.Equal(routes, want) {
		t.Errorf("WebSocket routes %v, want %v", routes, want)
	}
	if len(m.resources("AWS::ApiGatewayV2::Stage")) != 1 || len(m.resources("AWS::ApiGatewayV2::Deployment")) != 1 {
		t.Error("the WebSocket API needs one deployment and one stage")
	}
	perm := m.resources("AWS::Lambda::Permission")
	if len(perm) == 0 {
		t.Error("no permission lets API Gateway invoke the WebSocket function")
	}
	fns := m.resources("AWS::Serverless::Function")
	ws, _ := yaml.Marshal(get(fns["WsFunction"], "Properties", "Policies"))
	if !strings.Contains(string(ws), "execute-api:ManageConnections") {
		t.Error("WsFunction may not post to connections (execute-api:ManageConnections)")
	}
	op := get(fns["HttpFunction"], "Properties", "Events", "Op", "Properties")
	if scalar(get(op, "Method")) != "POST" || scalar(get(op, "Path")) != "/v1/{op}" {
		t.Errorf("HttpFunction is not on POST /v1/{op}")
	}
	if typ := scalar(get(fns["GcFunction"], "Properties", "Events", "Schedule", "Type")); !strings.HasPrefix(typ, "Schedule") {
		t.Errorf("GcFunction event type %q, want a schedule", typ)
	}
	for _, out := range []string{"WebSocketURL", "HttpURL"} {
		if get(m.doc, "Outputs", out) == nil {
			t.Errorf("no output %s", out)
		}
	}
	for _, p := range []string{"StepMarginMs", "RetentionHours", "QuotaBytes"} {
		if get(m.doc, "Parameters", p) == nil {
			t.Errorf("no parameter %s", p)
		}
	}

	lint, err := exec.LookPath("cfn-lint")
	if err != nil {
		need(t, false, "cfn-lint not installed (pip install cfn-lint)")
	}
	if b, err := exec.Command(lint, filepath.Join(root, "template.yaml")).CombinedOutput(); err != nil {
		t.Fatalf("cfn-lint template.yaml: %v\n%s", err, b)
	}
}
