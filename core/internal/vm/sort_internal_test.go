package vm

import (
	"math/rand"
	"slices"
	"sort"
	"testing"
)

// TestCtSortStable checks ctSort against the standard library's stable
// sort on data with runs, duplicates and noise, and that an inconsistent
// comparison leaves a permutation.
func TestCtSortStable(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	shapes := []func(i, n int) int{
		func(i, n int) int { return r.Intn(n + 1) },
		func(i, n int) int { return r.Intn(5) },
		func(i, n int) int { return i },
		func(i, n int) int { return n - i },
		func(i, n int) int { return i % 17 * (i % 13) },
		func(i, n int) int { return (i / 50) * ((i % 50) ^ 3) },
	}
	for _, n := range []int{0, 1, 2, 3, 10, 63, 64, 65, 100, 257, 1000, 5000} {
		for si, shape := range shapes {
			keys := make([]int, n)
			for i := range keys {
				keys[i] = shape(i, n)
			}
			idx := make([]int, n)
			for i := range idx {
				idx[i] = i
			}
			want := slices.Clone(idx)
			sort.SliceStable(want, func(a, b int) bool { return keys[want[a]] < keys[want[b]] })
			ctSort(idx, func(a, b int) bool { return keys[a] < keys[b] })
			if !slices.Equal(idx, want) {
				t.Fatalf("n=%d shape=%d: not the stable order", n, si)
			}
			// Random answers: still a permutation.
			ctSort(idx, func(a, b int) bool { return r.Intn(2) == 0 })
			seen := make([]bool, n)
			for _, i := range idx {
				if seen[i] {
					t.Fatalf("n=%d shape=%d: duplicate index after an inconsistent sort", n, si)
				}
				seen[i] = true
			}
		}
	}
}

// TestCtSortComparisons keeps the comparison count of patterned data near
// CPython's (its timsort does 203006 for these 20000 keys).
func TestCtSortComparisons(t *testing.T) {
	n := 20000
	keys := make([]int, n)
	for i := range keys {
		switch i % 3 {
		case 0:
			keys[i] = (i%17 + 1) * (i%13 + 1)
		case 1:
			keys[i] = (i%19 + 1) * (i%19 + 1)
		default:
			keys[i] = 3 * (i%11 + 1) * (i%11 + 1)
		}
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	count := 0
	ctSort(idx, func(a, b int) bool { count++; return keys[a] < keys[b] })
	t.Logf("%d comparisons", count)
	if count > 240000 {
		t.Fatalf("%d comparisons, want at most 240000", count)
	}
}
