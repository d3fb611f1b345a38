package syntax

import (
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/internal/testenv"
)

func dumpBody(t *testing.T, src string) string {
	t.Helper()
	m, err := Parse("main.py", []byte(src))
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	var parts []string
	for _, s := range m.Body {
		parts = append(parts, Dump(s))
	}
	return strings.Join(parts, "\n")
}

func TestParseConstructs(t *testing.T) {
	tests := []struct{ src, want string }{
		{"-2**2", `(ExprStmt Value=(UnaryOp Op=- Operand=(BinOp Left=(Constant Value=2) Op=** Right=(Constant Value=2))))`},
		{"a**b**c", `(ExprStmt Value=(BinOp Left=(Name Id="a") Op=** Right=(BinOp Left=(Name Id="b") Op=** Right=(Name Id="c"))))`},
		{"not a == b", `(ExprStmt Value=(UnaryOp Op=not Operand=(Compare Left=(Name Id="a") Ops=[==] Comparators=[(Name Id="b")])))`},
		{"a < b <= c is not d not in e", `(ExprStmt Value=(Compare Left=(Name Id="a") Ops=[< <= is not not in] Comparators=[(Name Id="b") (Name Id="c") (Name Id="d") (Name Id="e")]))`},
		{"x = y = 1", `(Assign Targets=[(Name Id="x" Ctx=Store) (Name Id="y" Ctx=Store)] Value=(Constant Value=1))`},
		{"a, *b = c", `(Assign Targets=[(Tuple Elts=[(Name Id="a" Ctx=Store) (Starred Value=(Name Id="b" Ctx=Store) Ctx=Store)] Ctx=Store)] Value=(Name Id="c"))`},
		{"x += 1", `(AugAssign Target=(Name Id="x" Ctx=Store) Value=(Constant Value=1))`},
		{"x: int = 1", `(AnnAssign Target=(Name Id="x" Ctx=Store) Annotation=(Name Id="int") Value=(Constant Value=1) Simple=true)`},
		{"(x): int", `(AnnAssign Target=(Name Id="x" Ctx=Store) Annotation=(Name Id="int"))`},
		{"a[1:2, ::3]", `(ExprStmt Value=(Subscript Value=(Name Id="a") Slice=(Tuple Elts=[(Slice Lower=(Constant Value=1) Upper=(Constant Value=2)) (Slice Step=(Constant Value=3))])))`},
		{"lambda a, /, b=1, *c, d, **e: 0", `(ExprStmt Value=(Lambda Args=(Arguments PosOnlyArgs=[(Arg Arg="a")] Args=[(Arg Arg="b")] VarArg=(Arg Arg="c") KwOnlyArgs=[(Arg Arg="d")] KwDefaults=[nil] KwArg=(Arg Arg="e") Defaults=[(Constant Value=1)]) Body=(Constant Value=0)))`},
		{"(y := 3)", `(ExprStmt Value=(NamedExpr Target=(Name Id="y" Ctx=Store) Value=(Constant Value=3)))`},
		{"a if b else c", `(ExprStmt Value=(IfExp Test=(Name Id="b") Body=(Name Id="a") Orelse=(Name Id="c")))`},
		{"{**d, 1: 2}", `(ExprStmt Value=(Dict Keys=[nil (Constant Value=1)] Values=[(Name Id="d") (Constant Value=2)]))`},
		{"[x for x in y if x async for z in w]", `(ExprStmt Value=(ListComp Elt=(Name Id="x") Generators=[(Comprehension Target=(Name Id="x" Ctx=Store) Iter=(Name Id="y") Ifs=[(Name Id="x")]) (Comprehension Target=(Name Id="z" Ctx=Store) Iter=(Name Id="w") IsAsync=true)]))`},
		{"{k: v for k, v in d}", `(ExprStmt Value=(DictComp Key=(Name Id="k") Value=(Name Id="v") Generators=[(Comprehension Target=(Tuple Elts=[(Name Id="k" Ctx=Store) (Name Id="v" Ctx=Store)] Ctx=Store) Iter=(Name Id="d"))]))`},
		{"{x for x in y}", `(ExprStmt Value=(SetComp Elt=(Name Id="x") Generators=[(Comprehension Target=(Name Id="x" Ctx=Store) Iter=(Name Id="y"))]))`},
		{"f(x for x in y)", `(ExprStmt Value=(Call Func=(Name Id="f") Args=[(GeneratorExp Elt=(Name Id="x") Generators=[(Comprehension Target=(Name Id="x" Ctx=Store) Iter=(Name Id="y"))])]))`},
		{"0x_ff + 0o17 + 0b1 + 1_000 + 1.5e3 + 3j", `(ExprStmt Value=(BinOp Left=(BinOp Left=(BinOp Left=(BinOp Left=(BinOp Left=(Constant Value=255) Right=(Constant Value=15)) Right=(Constant Value=1)) Right=(Constant Value=1000)) Right=(Constant Value=1500)) Right=(Constant Value=(0+3i))))`},
		{`b'\x41\n' rb'\n'`, `(ExprStmt Value=(Constant Value=b"A\n\\n"))`},
		{`u"a" 'b\u00e9\N{EM DASH}\101'`, `(ExprStmt Value=(Constant Value="abé—A" Kind="u"))`},
		{`f"{x=}"`, `(ExprStmt Value=(JoinedStr Values=[(Constant Value="x=") (FormattedValue Value=(Name Id="x") Conversion=114)]))`},
		{`f"{x=:>3}"`, `(ExprStmt Value=(JoinedStr Values=[(Constant Value="x=") (FormattedValue Value=(Name Id="x") Conversion=-1 FormatSpec=(JoinedStr Values=[(Constant Value=">3")]))]))`},
		{`f"{'a' if x else "b"}{{}}" "c"`, `(ExprStmt Value=(JoinedStr Values=[(FormattedValue Value=(IfExp Test=(Name Id="x") Body=(Constant Value="a") Orelse=(Constant Value="b")) Conversion=-1) (Constant Value="{}c")]))`},
		{"del a, b[0]", `(Delete Targets=[(Name Id="a" Ctx=Del) (Subscript Value=(Name Id="b") Slice=(Constant Value=0) Ctx=Del)])`},
		{"from ..a.b import (c as d, e,)", `(ImportFrom Module="a.b" Names=[(Alias Name="c" Asname="d") (Alias Name="e")] Level=2)`},
		{"import os.path as p", `(Import Names=[(Alias Name="os.path" Asname="p")])`},
		{"try:\n pass\nexcept* E as e:\n pass", `(Try Body=[(Pass)] Handlers=[(ExceptHandler Type=(Name Id="E") Name="e" Body=[(Pass)])] IsStar=true)`},
		{"with (a as b, c):\n pass", `(With Items=[(WithItem ContextExpr=(Name Id="a") OptionalVars=(Name Id="b" Ctx=Store)) (WithItem ContextExpr=(Name Id="c"))] Body=[(Pass)])`},
		{"if a:\n  pass\nelif b:\n  pass\nelse:\n  pass", `(If Test=(Name Id="a") Body=[(Pass)] Orelse=[(If Test=(Name Id="b") Body=[(Pass)] Orelse=[(Pass)])])`},
		{"match(x)", `(ExprStmt Value=(Call Func=(Name Id="match") Args=[(Name Id="x")]))`},
		{"match x:\n case 1 | -2+3j:\n  pass\n case _:\n  pass", `(Match Subject=(Name Id="x") Cases=[(MatchCase Pattern=(MatchOr Patterns=[(MatchValue Value=(Constant Value=1)) (MatchValue Value=(BinOp Left=(UnaryOp Op=- Operand=(Constant Value=2)) Right=(Constant Value=(0+3i))))]) Body=[(Pass)]) (MatchCase Pattern=(MatchAs) Body=[(Pass)])])`},
		{"@a.b(1)\nclass C: pass", `(ClassDef Name="C" Body=[(Pass)] DecoratorList=[(Call Func=(Attribute Value=(Name Id="a") Attr="b") Args=[(Constant Value=1)])])`},
		{"x = yield from y", `(Assign Targets=[(Name Id="x" Ctx=Store)] Value=(YieldFrom Value=(Name Id="y")))`},
		{"x = 1 \\\n  + 2\r\n", `(Assign Targets=[(Name Id="x" Ctx=Store)] Value=(BinOp Left=(Constant Value=1) Right=(Constant Value=2)))`},
		{"global a, b; nonlocal c", `(Global Names=["a" "b"])` + "\n" + `(Nonlocal Names=["c"])`},
		{"assert x, 'm'", `(Assert Test=(Name Id="x") Msg=(Constant Value="m"))`},
		{"raise E from e", `(Raise Exc=(Name Id="E") Cause=(Name Id="e"))`},
	}
	for _, tt := range tests {
		if got := dumpBody(t, tt.src); got != tt.want {
			t.Errorf("Parse(%q):\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestPositions(t *testing.T) {
	m, err := Parse("main.py", []byte("x = foo(1,\n  bar.baz)\nif é: y"))
	if err != nil {
		t.Fatal(err)
	}
	as := m.Body[0].(*Assign)
	call := as.Value.(*Call)
	tests := []struct {
		n    Node
		want Span
	}{
		{as, Span{Pos{1, 0}, Pos{2, 10}}},
		{call, Span{Pos{1, 4}, Pos{2, 10}}},
		{call.Args[1], Span{Pos{2, 2}, Pos{2, 9}}},
		{m.Body[1].(*If).Test, Span{Pos{3, 3}, Pos{3, 5}}},
		{m.Body[1].(*If).Body[0], Span{Pos{3, 7}, Pos{3, 8}}},
	}
	for i, tt := range tests {
		if got := tt.n.GetSpan(); got != tt.want {
			t.Errorf("%d: %s span = %v, want %v", i, Dump(tt.n), got, tt.want)
		}
	}
}

func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		src, kind, msg string
		line, col      int
	}{
		{"x = (1 +\n", "SyntaxError", "'(' was never closed", 1, 5},
		{"x = )", "SyntaxError", "unmatched ')'", 1, 5},
		{"x = (]", "SyntaxError", "closing parenthesis ']' does not match opening parenthesis '('", 1, 6},
		{"if x\n  pass", "SyntaxError", "expected ':'", 1, 5},
		{"x = 'abc", "SyntaxError", "unterminated string literal (detected at line 1)", 1, 5},
		{"x = '''abc\n\n", "SyntaxError", "unterminated triple-quoted string literal (detected at line 2)", 1, 5},
		{"  x = 1", "IndentationError", "unexpected indent", 1, 0},
		{"if x:\npass", "IndentationError", "expected an indented block after 'if' statement on line 1", 2, 1},
		{"class A:\n  x=1\n y=2", "IndentationError", "unindent does not match any outer indentation level", 3, 0},
		{"def f():\n\tif x:\n        pass", "TabError", "inconsistent use of tabs and spaces in indentation", 3, 0},
		{"x = [1, 2 3]", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 9},
		{"f() = 1", "SyntaxError", "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 1},
		{"1 = x", "SyntaxError", "cannot assign to literal here. Maybe you meant '==' instead of '='?", 1, 1},
		{"for 1 in x: pass", "SyntaxError", "cannot assign to literal", 1, 5},
		{"del f()", "SyntaxError", "cannot delete function call", 1, 5},
		{"x = 1abc", "SyntaxError", "invalid decimal literal", 1, 6},
		{"print 'x'", "SyntaxError", "Missing parentheses in call to 'print'. Did you mean print(...)?", 1, 1},
		{"f'{x'", "SyntaxError", "f-string: expecting '}'", 1, 0},
		{"f(a=1, b)", "SyntaxError", "positional argument follows keyword argument", 1, 8},
		{"def f(a=1, b): pass", "SyntaxError", "non-default argument follows default argument", 1, 12},
		{"x = b'a' 'b'", "SyntaxError", "cannot mix bytes and nonbytes literals", 1, 0},
		{"a b", "SyntaxError", "invalid syntax", 1, 3},
		{"x = = 1\ny = 'abc", "SyntaxError", "unterminated string literal (detected at line 2)", 2, 5},
		{"a, *b, *c = d", "SyntaxError", "multiple starred expressions in assignment", 1, 0},
		{"(a, b) += 1", "SyntaxError", "'tuple' is an illegal expression for augmented assignment", 1, 1},
		{"x = 1 if 2", "SyntaxError", "expected 'else' after 'if' expression", 1, 5},
		{"x = 0777", "SyntaxError", "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", 1, 5},
		{"f(x for x in y, 1)", "SyntaxError", "Generator expression must be parenthesized", 1, 3},
		{strings.Repeat("(", 250), "SyntaxError", "too many nested parentheses", 1, 0},
		{"type X = int", "SyntaxError", "type alias statements (PEP 695) are not supported", 1, 0},
	}
	for _, tt := range tests {
		_, err := Parse("main.py", []byte(tt.src))
		se, ok := err.(*SyntaxError)
		if !ok {
			t.Errorf("Parse(%q): got %v, want SyntaxError", tt.src, err)
			continue
		}
		if se.Kind != tt.kind || se.Msg != tt.msg || se.Line != tt.line || tt.col != 0 && se.Col != tt.col {
			t.Errorf("Parse(%q) = %s %q line %d col %d; want %s %q line %d col %d", tt.src, se.Kind, se.Msg, se.Line, se.Col, tt.kind, tt.msg, tt.line, tt.col)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct{ src, want string }{
		{"x = (1 +\n", "  File \"main.py\", line 1\n    x = (1 +\n        ^\nSyntaxError: '(' was never closed\n"},
		{"f() = 1\n", "  File \"main.py\", line 1\n    f() = 1\n    ^^^\nSyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='?\n"},
		{"x = [1, 2 3]\n", "  File \"main.py\", line 1\n    x = [1, 2 3]\n            ^^^\nSyntaxError: invalid syntax. Perhaps you forgot a comma?\n"},
		{"if x:\n    f(a=1, b)\n", "  File \"main.py\", line 2\n    f(a=1, b)\n           ^\nSyntaxError: positional argument follows keyword argument\n"},
		{"    if x:\n  y\n", "  File \"main.py\", line 1\n    if x:\nIndentationError: unexpected indent\n"},
	}
	for _, tt := range tests {
		_, err := Parse("main.py", []byte(tt.src))
		se, ok := err.(*SyntaxError)
		if !ok {
			t.Errorf("Parse(%q): no SyntaxError", tt.src)
			continue
		}
		if got := se.Format(); got != tt.want {
			t.Errorf("Format for %q:\n got %q\nwant %q", tt.src, got, tt.want)
		}
	}
}

func TestConformance(t *testing.T) {
	for _, p := range testenv.SharedPrograms(t, "conformance") {
		if _, err := Parse(p.Name, p.Src); err != nil {
			t.Errorf("%s: %v", p.Name, err.(*SyntaxError).Format())
		}
	}
}
