package sdk

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// TestVolumes: a host writes a volume, a session reads and changes it
// with ordinary file APIs, a later session and the host see the change;
// a file over one request's size round-trips; errors are typed. Against
// amber serve over WebSocket and HTTP, and in process.
func TestVolumes(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			p := tr.start(t)(t)
			ctx := testCtx(t)
			vol := p.Volume("inputs")
			if _, err := vol.WriteFile(ctx, "in/a.txt", []byte("hello"), nil); err != nil {
				t.Fatal(err)
			}
			s := checkout(t, p, &CheckoutOptions{Volumes: map[string]string{"/data": "inputs"}})
			got := feed(t, s, `
import os, pathlib
text = pathlib.Path('/data/in/a.txt').read_text()
os.makedirs('/data/out', exist_ok=True)
with open('/data/out/b.txt', 'w') as f:
    f.write(text.upper())
sorted(os.listdir('/data'))`, nil)
			if got.Repr != "['in', 'out']" {
				t.Fatalf("listdir: %s", got.Repr)
			}
			out, version, err := vol.ReadFile(ctx, "out/b.txt")
			if err != nil || string(out) != "HELLO" || version != 2 {
				t.Fatalf("the host reads %q at version %d: %v", out, version, err)
			}
			later := checkout(t, p, &CheckoutOptions{Volumes: map[string]string{"/v": "inputs"}})
			if got := feed(t, later, "open('/v/out/b.txt').read()", nil); got.Repr != "'HELLO'" {
				t.Fatalf("a later session reads %s", got.Repr)
			}

			big := bytes.Repeat([]byte("0123456789abcdef"), 150000) // 2.4 MB: several requests each way
			if _, err := vol.WriteFile(ctx, "big.bin", big, nil); err != nil {
				t.Fatal(err)
			}
			back, _, err := vol.ReadFile(ctx, "big.bin")
			if err != nil || !bytes.Equal(back, big) {
				t.Fatalf("big file: %d bytes back, %v", len(back), err)
			}
			if got := feed(t, later, "len(open('/v/big.bin', 'rb').read())", nil); got.Repr != fmt.Sprint(len(big)) {
				t.Fatalf("the sandbox reads %s bytes", got.Repr)
			}
			files, _, err := vol.Files(ctx)
			if err != nil || len(files) != 3 {
				t.Fatalf("files %+v %v", files, err)
			}
			infos, err := p.Volumes(ctx)
			if err != nil || len(infos) != 1 || infos[0].Name != "inputs" || infos[0].Bytes != int64(5+5+len(big)) {
				t.Fatalf("volumes %+v %v", infos, err)
			}

			stale := int64(1)
			if _, err := vol.WriteFile(ctx, "out/b.txt", []byte("x"), &WriteOptions{IfVersion: &stale}); !errors.Is(err, ErrConflict) {
				t.Errorf("a write over a newer change: %v", err)
			}
			if _, _, err := vol.ReadFile(ctx, "../etc/passwd"); !errors.Is(err, ErrBadRequest) {
				t.Errorf("an escaping path: %v", err)
			}
			if _, _, err := vol.ReadFile(ctx, "missing"); !errors.Is(err, ErrNotFound) {
				t.Errorf("a missing file: %v", err)
			}
			if err := vol.Remove(ctx, "out"); err != nil {
				t.Fatal(err)
			}
			if _, _, err := vol.ReadFile(ctx, "out/b.txt"); !errors.Is(err, ErrNotFound) {
				t.Errorf("a removed file: %v", err)
			}
			if err := vol.Delete(ctx); err != nil {
				t.Fatal(err)
			}
			if _, _, err := p.Volume("inputs").Files(ctx); !errors.Is(err, ErrNotFound) {
				t.Errorf("a deleted volume: %v", err)
			}
		})
	}
}
