package syntax

import "fmt"

// Pos is a source position. Line is 1-based; Col is the 0-based UTF-8 byte
// offset within the line, like CPython's col_offset.
type Pos struct {
	Line, Col int
}

// String formats the position as "line:col".
func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Span is the extent of a node: Pos is the start, End the end (exclusive),
// like CPython's (lineno, col_offset, end_lineno, end_col_offset).
type Span struct {
	Pos, End Pos
}

// GetSpan returns the span itself; every node embeds Span and so gets this
// method.
func (s Span) GetSpan() Span { return s }

func (s *Span) setSpan(pos, end Pos) { s.Pos, s.End = pos, end }

// at gives the node n the span from pos to end and returns it: how the
// parser places each node it builds.
func at[N interface{ setSpan(pos, end Pos) }](n N, pos, end Pos) N {
	n.setSpan(pos, end)
	return n
}

// Node is any AST node.
type Node interface {
	GetSpan() Span
}

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node.
type Stmt interface {
	Node
	stmtNode()
}

// Pattern is a match-statement pattern node.
type Pattern interface {
	Node
	patternNode()
}

// ExprContext says how a name-like expression is used.
type ExprContext int

// Expression contexts.
const (
	Load ExprContext = iota
	Store
	Del
)

var contextStrings = [...]string{"Load", "Store", "Del"}

func (c ExprContext) String() string { return enumString(c, contextStrings[:], "ExprContext") }

// enumString is the name of v in names, or typ(v) for a value out of
// range.
func enumString[T ~int](v T, names []string, typ string) string {
	if v >= 0 && int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, int(v))
}

// Operator is a binary (or augmented assignment) operator.
type Operator int

// Binary operators.
const (
	Add Operator = iota
	Sub
	Mult
	MatMult
	Div
	Mod
	Pow
	LShift
	RShift
	BitOr
	BitXor
	BitAnd
	FloorDiv
)

var operatorStrings = [...]string{"+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"}

// String returns the Python symbol of the operator.
func (o Operator) String() string { return enumString(o, operatorStrings[:], "Operator") }

// UnaryOperator is a unary operator.
type UnaryOperator int

// Unary operators.
const (
	Invert UnaryOperator = iota
	Not
	UAdd
	USub
)

var unaryStrings = [...]string{"~", "not", "+", "-"}

// String returns the Python symbol of the operator.
func (o UnaryOperator) String() string { return enumString(o, unaryStrings[:], "UnaryOperator") }

// BoolOperator is "and" or "or".
type BoolOperator int

// Boolean operators.
const (
	And BoolOperator = iota
	Or
)

var boolStrings = [...]string{"and", "or"}

// String returns "and" or "or".
func (o BoolOperator) String() string { return enumString(o, boolStrings[:], "BoolOperator") }

// CmpOp is a comparison operator.
type CmpOp int

// Comparison operators.
const (
	Eq CmpOp = iota
	NotEq
	Lt
	LtE
	Gt
	GtE
	Is
	IsNot
	In
	NotIn
)

var cmpStrings = [...]string{"==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"}

// String returns the Python spelling of the operator.
func (o CmpOp) String() string { return enumString(o, cmpStrings[:], "CmpOp") }

// Ellipsis is the value of the constant "...".
type Ellipsis struct{}

// ---------------------------------------------------------------------------
// Module

// Module is the root of a parsed file. It is a Node but not a Stmt.
type Module struct {
	Span
	Body []Stmt
}

// ---------------------------------------------------------------------------
// Statements

type (
	// FunctionDef is "def" or "async def".
	FunctionDef struct {
		Span
		Name          string
		Args          *Arguments
		Body          []Stmt
		DecoratorList []Expr
		Returns       Expr
		IsAsync       bool
	}

	// ClassDef is a class statement.
	ClassDef struct {
		Span
		Name          string
		Bases         []Expr
		Keywords      []*Keyword
		Body          []Stmt
		DecoratorList []Expr
	}

	// Return is "return [value]".
	Return struct {
		Span
		Value Expr
	}

	// Delete is "del targets".
	Delete struct {
		Span
		Targets []Expr
	}

	// Assign is "t1 = t2 = ... = value".
	Assign struct {
		Span
		Targets []Expr
		Value   Expr
	}

	// AugAssign is "target op= value".
	AugAssign struct {
		Span
		Target Expr
		Op     Operator
		Value  Expr
	}

	// AnnAssign is "target: annotation [= value]".
	AnnAssign struct {
		Span
		Target     Expr
		Annotation Expr
		Value      Expr
		Simple     bool
	}

	// For is "[async] for target in iter: body else: orelse".
	For struct {
		Span
		Target  Expr
		Iter    Expr
		Body    []Stmt
		Orelse  []Stmt
		IsAsync bool
	}

	// While is a while loop.
	While struct {
		Span
		Test   Expr
		Body   []Stmt
		Orelse []Stmt
	}

	// If is an if statement; elif is a nested If in Orelse.
	If struct {
		Span
		Test   Expr
		Body   []Stmt
		Orelse []Stmt
	}

	// With is "[async] with items: body".
	With struct {
		Span
		Items   []*WithItem
		Body    []Stmt
		IsAsync bool
	}

	// Match is a match statement.
	Match struct {
		Span
		Subject Expr
		Cases   []*MatchCase
	}

	// Raise is "raise [exc [from cause]]".
	Raise struct {
		Span
		Exc   Expr
		Cause Expr
	}

	// Try is try/except/else/finally; IsStar for except*.
	Try struct {
		Span
		Body      []Stmt
		Handlers  []*ExceptHandler
		Orelse    []Stmt
		Finalbody []Stmt
		IsStar    bool
	}

	// Assert is "assert test [, msg]".
	Assert struct {
		Span
		Test Expr
		Msg  Expr
	}

	// Import is "import a.b as c, ...".
	Import struct {
		Span
		Names []*Alias
	}

	// ImportFrom is "from [.]*module import names". Module is "" for
	// "from . import x".
	ImportFrom struct {
		Span
		Module string
		Names  []*Alias
		Level  int
	}

	// Global is "global names".
	Global struct {
		Span
		Names []string
	}

	// Nonlocal is "nonlocal names".
	Nonlocal struct {
		Span
		Names []string
	}

	// ExprStmt is an expression statement (CPython's ast.Expr).
	ExprStmt struct {
		Span
		Value Expr
	}

	// Pass is "pass".
	Pass struct{ Span }

	// Break is "break".
	Break struct{ Span }

	// Continue is "continue".
	Continue struct{ Span }
)

func (*FunctionDef) stmtNode() {}
func (*ClassDef) stmtNode()    {}
func (*Return) stmtNode()      {}
func (*Delete) stmtNode()      {}
func (*Assign) stmtNode()      {}
func (*AugAssign) stmtNode()   {}
func (*AnnAssign) stmtNode()   {}
func (*For) stmtNode()         {}
func (*While) stmtNode()       {}
func (*If) stmtNode()          {}
func (*With) stmtNode()        {}
func (*Match) stmtNode()       {}
func (*Raise) stmtNode()       {}
func (*Try) stmtNode()         {}
func (*Assert) stmtNode()      {}
func (*Import) stmtNode()      {}
func (*ImportFrom) stmtNode()  {}
func (*Global) stmtNode()      {}
func (*Nonlocal) stmtNode()    {}
func (*ExprStmt) stmtNode()    {}
func (*Pass) stmtNode()        {}
func (*Break) stmtNode()       {}
func (*Continue) stmtNode()    {}

// ---------------------------------------------------------------------------
// Expressions

type (
	// BoolOp is "a and b and c" or "a or b".
	BoolOp struct {
		Span
		Op     BoolOperator
		Values []Expr
	}

	// NamedExpr is "target := value".
	NamedExpr struct {
		Span
		Target Expr
		Value  Expr
	}

	// BinOp is "left op right".
	BinOp struct {
		Span
		Left  Expr
		Op    Operator
		Right Expr
	}

	// UnaryOp is "op operand".
	UnaryOp struct {
		Span
		Op      UnaryOperator
		Operand Expr
	}

	// Lambda is "lambda args: body".
	Lambda struct {
		Span
		Args *Arguments
		Body Expr
	}

	// IfExp is "body if test else orelse".
	IfExp struct {
		Span
		Test   Expr
		Body   Expr
		Orelse Expr
	}

	// Dict is a dict display; a nil key means "**value".
	Dict struct {
		Span
		Keys   []Expr
		Values []Expr
	}

	// Set is a set display.
	Set struct {
		Span
		Elts []Expr
	}

	// ListComp is a list comprehension.
	ListComp struct {
		Span
		Elt        Expr
		Generators []*Comprehension
	}

	// SetComp is a set comprehension.
	SetComp struct {
		Span
		Elt        Expr
		Generators []*Comprehension
	}

	// DictComp is a dict comprehension.
	DictComp struct {
		Span
		Key        Expr
		Value      Expr
		Generators []*Comprehension
	}

	// GeneratorExp is a generator expression.
	GeneratorExp struct {
		Span
		Elt        Expr
		Generators []*Comprehension
	}

	// Await is "await value".
	Await struct {
		Span
		Value Expr
	}

	// Yield is "yield [value]".
	Yield struct {
		Span
		Value Expr
	}

	// YieldFrom is "yield from value".
	YieldFrom struct {
		Span
		Value Expr
	}

	// Compare is "left op1 c1 op2 c2 ...".
	Compare struct {
		Span
		Left        Expr
		Ops         []CmpOp
		Comparators []Expr
	}

	// Call is "func(args, keywords)".
	Call struct {
		Span
		Func     Expr
		Args     []Expr
		Keywords []*Keyword
	}

	// FormattedValue is a replacement field of an f-string. Conversion is
	// -1 for none, or 's', 'r', 'a'. FormatSpec is a *JoinedStr or nil.
	FormattedValue struct {
		Span
		Value      Expr
		Conversion int
		FormatSpec Expr
	}

	// JoinedStr is an f-string: Constant str pieces and FormattedValues.
	JoinedStr struct {
		Span
		Values []Expr
	}

	// Constant is a literal. Value is one of nil, bool, *big.Int, float64,
	// complex128, string, []byte or Ellipsis{}. Kind is "u" for u-prefixed
	// strings, else "".
	Constant struct {
		Span
		Value any
		Kind  string
	}

	// Attribute is "value.attr".
	Attribute struct {
		Span
		Value Expr
		Attr  string
		Ctx   ExprContext
	}

	// Subscript is "value[slice]".
	Subscript struct {
		Span
		Value Expr
		Slice Expr
		Ctx   ExprContext
	}

	// Starred is "*value".
	Starred struct {
		Span
		Value Expr
		Ctx   ExprContext
	}

	// Name is an identifier.
	Name struct {
		Span
		Id  string
		Ctx ExprContext
	}

	// List is a list display.
	List struct {
		Span
		Elts []Expr
		Ctx  ExprContext
	}

	// Tuple is a tuple.
	Tuple struct {
		Span
		Elts []Expr
		Ctx  ExprContext
	}

	// Slice is "lower:upper:step" inside a subscript.
	Slice struct {
		Span
		Lower Expr
		Upper Expr
		Step  Expr
	}
)

func (*BoolOp) exprNode()         {}
func (*NamedExpr) exprNode()      {}
func (*BinOp) exprNode()          {}
func (*UnaryOp) exprNode()        {}
func (*Lambda) exprNode()         {}
func (*IfExp) exprNode()          {}
func (*Dict) exprNode()           {}
func (*Set) exprNode()            {}
func (*ListComp) exprNode()       {}
func (*SetComp) exprNode()        {}
func (*DictComp) exprNode()       {}
func (*GeneratorExp) exprNode()   {}
func (*Await) exprNode()          {}
func (*Yield) exprNode()          {}
func (*YieldFrom) exprNode()      {}
func (*Compare) exprNode()        {}
func (*Call) exprNode()           {}
func (*FormattedValue) exprNode() {}
func (*JoinedStr) exprNode()      {}
func (*Constant) exprNode()       {}
func (*Attribute) exprNode()      {}
func (*Subscript) exprNode()      {}
func (*Starred) exprNode()        {}
func (*Name) exprNode()           {}
func (*List) exprNode()           {}
func (*Tuple) exprNode()          {}
func (*Slice) exprNode()          {}

// ---------------------------------------------------------------------------
// Helper nodes

type (
	// Arguments is a parameter list of a def or lambda. Defaults are for
	// the last len(Defaults) of PosOnlyArgs+Args. KwDefaults has the same
	// length as KwOnlyArgs, with nil where there is no default.
	Arguments struct {
		Span
		PosOnlyArgs []*Arg
		Args        []*Arg
		VarArg      *Arg
		KwOnlyArgs  []*Arg
		KwDefaults  []Expr
		KwArg       *Arg
		Defaults    []Expr
	}

	// Arg is one parameter.
	Arg struct {
		Span
		Arg        string
		Annotation Expr
	}

	// Keyword is "arg=value" in a call or class bases; Arg is "" for
	// "**value".
	Keyword struct {
		Span
		Arg   string
		Value Expr
	}

	// Comprehension is one "[async] for target in iter if ..." clause.
	Comprehension struct {
		Span
		Target  Expr
		Iter    Expr
		Ifs     []Expr
		IsAsync bool
	}

	// ExceptHandler is "except [type [as name]]: body".
	ExceptHandler struct {
		Span
		Type Expr
		Name string
		Body []Stmt
	}

	// Alias is "name [as asname]" in an import; Name may be dotted.
	Alias struct {
		Span
		Name   string
		Asname string
	}

	// WithItem is "context_expr [as optional_vars]".
	WithItem struct {
		Span
		ContextExpr  Expr
		OptionalVars Expr
	}

	// MatchCase is "case pattern [if guard]: body".
	MatchCase struct {
		Span
		Pattern Pattern
		Guard   Expr
		Body    []Stmt
	}
)

// ---------------------------------------------------------------------------
// Patterns

type (
	// MatchValue matches by equality with Value.
	MatchValue struct {
		Span
		Value Expr
	}

	// MatchSingleton matches None, True or False (nil, true, false).
	MatchSingleton struct {
		Span
		Value any
	}

	// MatchSequence is "[p1, p2, *rest]" or "(p1, p2)".
	MatchSequence struct {
		Span
		Patterns []Pattern
	}

	// MatchMapping is "{k1: p1, **rest}"; Rest is "" if absent.
	MatchMapping struct {
		Span
		Keys     []Expr
		Patterns []Pattern
		Rest     string
	}

	// MatchClass is "Cls(p1, kw=p2)".
	MatchClass struct {
		Span
		Cls         Expr
		Patterns    []Pattern
		KwdAttrs    []string
		KwdPatterns []Pattern
	}

	// MatchStar is "*name" in a sequence pattern; Name is "" for "*_".
	MatchStar struct {
		Span
		Name string
	}

	// MatchAs is "pattern as name", a capture "name", or the wildcard
	// "_" (Pattern nil and Name "").
	MatchAs struct {
		Span
		Pattern Pattern
		Name    string
	}

	// MatchOr is "p1 | p2 | ...".
	MatchOr struct {
		Span
		Patterns []Pattern
	}
)

func (*MatchValue) patternNode()     {}
func (*MatchSingleton) patternNode() {}
func (*MatchSequence) patternNode()  {}
func (*MatchMapping) patternNode()   {}
func (*MatchClass) patternNode()     {}
func (*MatchStar) patternNode()      {}
func (*MatchAs) patternNode()        {}
func (*MatchOr) patternNode()        {}
