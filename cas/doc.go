// Package cas is Amber's content-addressed chunk store.
//
// Everything Amber saves (heap pages, the page tables that list them and the
// manifests that describe a snapshot) is a chunk: an immutable byte string
// named by its address, the keyed BLAKE3 hash of its uncompressed bytes. The
// key is per project, so identical content deduplicates inside a project and
// never across projects. Chunks are stored zstd-compressed behind a small
// versioned header, and every read recomputes the address: a mismatch is
// ErrCorrupt, never data.
//
// # Layers
//
// A Store keeps encoded chunks by address and knows nothing about hashing.
// Implementations stack as decorators, in the style of restic's backends:
//
//	NewMemory()               tests
//	NewDir(path)              the embedded default: sharded folders, atomic writes
//	NewS3(client, bucket, ..) S3 or any S3-compatible server, put-if-absent
//	NewDynamo(client, table)  small chunks in DynamoDB, batched reads
//	NewTiered(small, large, n) chunks up to n bytes to small, the rest to large
//	NewLRU(maxBytes)          a byte-bounded in-memory store, for use as a cache
//	NewCache(front, back, ..) read-through/write-through cache (LRU or /tmp dir)
//
// A Repo pairs a Store with a Codec (the project key). It is what callers use:
//
//	repo, _ := cas.NewRepo(store, key)
//	addr, _ := repo.Put(ctx, data)          // encode, hash, put-if-absent
//	data, _ := repo.Get(ctx, addr)          // get, verify, decode
//	addrs, _ := repo.PutMany(ctx, pages)    // concurrently, bounded
//	pages, _ := repo.GetMany(ctx, addrs)    // batched where the store can
//
// # Snapshots
//
// A snapshot is opaque metadata plus an ordered page table. Callers upload
// only dirty pages and name clean pages by the reference they got last time:
//
//	snap, _ := repo.PutSnapshot(ctx, meta, []cas.Page{
//		{Data: dirtyPage},          // stored, its reference returned
//		{Ref: previous.Pages[1]},   // unchanged: not uploaded again
//	})
//	// snap.Root names the snapshot; snap.Pages are the references to keep.
//	got, _ := repo.GetSnapshot(ctx, snap.Root) // meta and page references
//	data, _ := repo.GetPages(ctx, got.Pages)  // the pages, fetched concurrently
//
// A page table longer than a manifest can inline is split into fixed-fanout
// nodes, a tree whose shape depends only on the page count, so changing one
// page of a million-page heap rewrites one leaf, one interior node and the
// manifest, and forks share every untouched node.
//
// # Garbage collection
//
// Nothing is overwritten; a Put of a chunk that exists refreshes its
// modification time instead. Repo.GC marks everything reachable from the
// roots the caller supplies and deletes only unmarked chunks older than a
// grace period, so a writer in the middle of a commit never loses a chunk it
// has written or deduplicated against. Sweeping is idempotent: an interrupted
// GC is resumed by running it again. Repo.Stats reports logical versus stored
// bytes and the dedup ratio for a set of roots.
package cas
