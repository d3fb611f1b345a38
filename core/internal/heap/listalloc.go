package heap

// NewListLen returns a list of n zero items (Undef) whose item storage,
// for a small n, shares the list's own Go allocation: a slice copy,
// list display or list copy is then one allocation instead of two. The
// items' capacity is n, as make would give, so Size and growth are as
// for any list; a list grown past it leaves the first items unused in
// its block, at most the bytes it was made with.
func NewListLen(n int) *List {
	switch {
	case n <= 0:
		return &List{}
	case n <= 1:
		p := new(struct {
			l List
			b [1]Value
		})
		p.l.Items = p.b[:n:n]
		return &p.l
	case n <= 2:
		p := new(struct {
			l List
			b [2]Value
		})
		p.l.Items = p.b[:n:n]
		return &p.l
	case n <= 3:
		p := new(struct {
			l List
			b [3]Value
		})
		p.l.Items = p.b[:n:n]
		return &p.l
	case n <= 4:
		p := new(struct {
			l List
			b [4]Value
		})
		p.l.Items = p.b[:n:n]
		return &p.l
	case n <= 6:
		p := new(struct {
			l List
			b [6]Value
		})
		p.l.Items = p.b[:n:n]
		return &p.l
	case n <= 8:
		p := new(struct {
			l List
			b [8]Value
		})
		p.l.Items = p.b[:n:n]
		return &p.l
	case n <= 10:
		p := new(struct {
			l List
			b [10]Value
		})
		p.l.Items = p.b[:n:n]
		return &p.l
	case n <= 12:
		p := new(struct {
			l List
			b [12]Value
		})
		p.l.Items = p.b[:n:n]
		return &p.l
	case n <= 16:
		p := new(struct {
			l List
			b [16]Value
		})
		p.l.Items = p.b[:n:n]
		return &p.l
	}
	return &List{Items: make([]Value, n)}
}
