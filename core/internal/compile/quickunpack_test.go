package compile

import "testing"

func TestUnpackTreeEnd(t *testing.T) {
	u := func(n int) Instr { return MakeInstr(UNPACK_SEQUENCE, n) }
	s := func(n int) Instr { return MakeInstr(STORE_FAST, n) }
	other := MakeInstr(POP_TOP, 0)
	tests := []struct {
		name   string
		instrs []Instr
		want   int
	}{
		{"flat", []Instr{u(2), s(0), s(1), other}, 0},
		{"nested", []Instr{u(2), u(2), s(0), s(1), u(2), s(2), s(3), other}, 7},
		{"nested last", []Instr{u(2), s(0), u(3), s(1), s(2), s(3)}, 6},
		{"store elsewhere", []Instr{u(2), u(2), s(0), MakeInstr(STORE_NAME, 1), s(1)}, 0},
		{"cut short", []Instr{u(2), u(2), s(0), s(1)}, 0},
		{"empty nested", []Instr{u(2), u(0), s(0), other}, 0},
	}
	for _, tt := range tests {
		if got := UnpackTreeEnd(tt.instrs, 0); got != tt.want {
			t.Errorf("%s: got %d want %d", tt.name, got, tt.want)
		}
		q := Quicken(tt.instrs)
		if fused := q[0].Op() == UNPACK_SEQUENCE__TREE; fused != (tt.want > 0) {
			t.Errorf("%s: quickened %s", tt.name, q[0].Op())
		}
	}
}
