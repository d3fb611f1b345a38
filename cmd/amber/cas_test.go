package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/cas"
)

func TestCasStats(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	var key cas.Key
	key[0] = 7
	d, _ := cas.NewDir(dir)
	c, _ := cas.NewCodec(key)
	r := cas.NewRepo(d, c)
	pages := make([]cas.Page, 50)
	for i := range pages {
		pages[i] = cas.Page{Data: bytes.Repeat([]byte{byte(i)}, 4096)}
	}
	a, err := r.PutSnapshot(ctx, []byte("meta"), pages, nil)
	if err != nil {
		t.Fatal(err)
	}
	pages[3] = cas.Page{Data: []byte("changed")}
	b, _ := r.PutSnapshot(ctx, []byte("meta"), pages, a)
	keyHex := "07" + strings.Repeat("00", 31)

	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"stats", []string{"stats", "--dir", dir, "--key", keyHex, a.Root.String(), b.Root.String()}, 0, "dedup ratio     1.9"},
		{"store only", []string{"stats", "--dir", dir}, 0, "store chunks    53"},
		{"no dir", []string{"stats"}, 2, "--dir is required"},
		{"bad root", []string{"stats", "--dir", dir, "--key", keyHex, "xyz"}, 2, "parse address"},
		{"no key", []string{"stats", "--dir", dir, a.Root.String()}, 2, "--key"},
		{"unknown", []string{"frob", "--dir", dir}, 2, "unknown command"},
		{"gc dry run", []string{"gc", "--dir", dir, "--key", keyHex, "--dry-run", a.Root.String()}, 0, "young=2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := runCas(ctx, tc.args, strings.NewReader(""), &out, &errb)
			if code != tc.code || !strings.Contains(out.String()+errb.String(), tc.want) {
				t.Fatalf("code %d, out:\n%s\nerr:\n%s", code, out.String(), errb.String())
			}
		})
	}
}
