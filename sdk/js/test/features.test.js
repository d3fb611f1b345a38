// feedStart of undeclared names (CONTRACTS §1), mounts served by this
// client (§2) and hosted volumes (§3), against a real amber serve, over
// both transports; and the mounts' refusals on their own.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  BadRequestError,
  ConflictError,
  FunctionSnapshot,
  MemoryMount,
  MountDir,
  NameLookupSnapshot,
  NotFoundError,
  NotHandled,
  Pool,
  PyException,
  PythonError,
} from '../dist/index.js';
import { startServer, transports } from './helpers.js';

let dir;
let outside;
before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'amber-js-mount-'));
  outside = mkdtempSync(path.join(tmpdir(), 'amber-js-outside-'));
  writeFileSync(path.join(outside, 'secret.txt'), 'host secret');
  writeFileSync(path.join(dir, 'a.txt'), 'alpha');
  mkdirSync(path.join(dir, 'sub'));
  writeFileSync(path.join(dir, 'sub', 'b.txt'), 'beta');
  symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'leak.txt'));
  symlinkSync(outside, path.join(dir, 'leakdir'));
  symlinkSync(path.join(outside, 'new.txt'), path.join(dir, 'dangling.txt'));
  symlinkSync('sub/b.txt', path.join(dir, 'inside.txt'));
  symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'leak2.txt'));
});
after(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('MountDir on its own', () => {
  const denied = (e) => e instanceof PyException && e.type === 'PermissionError';
  test('reads inside; paths and symlinks that lead outside are PermissionError', async () => {
    const m = new MountDir('/data', dir, { mode: 'read-write' });
    assert.equal(new TextDecoder().decode(await m.call('open', ['/data/a.txt', 'rb'])), 'alpha');
    assert.equal(new TextDecoder().decode(await m.call('open', ['/data/inside.txt', 'rb'])), 'beta');
    assert.deepEqual(await m.call('listdir', ['/data/sub']), ['b.txt']);
    for (const p of ['/data/../etc/passwd', '/data/sub/../../x', '/etc/passwd', '/datax/a.txt', '/data/leak.txt', '/data/leakdir/secret.txt']) {
      await assert.rejects(m.call('open', [p, 'rb']), denied, p);
    }
    await assert.rejects(m.call('write_file', ['/data/dangling.txt', new Uint8Array([1])]), denied);
    await assert.rejects(m.call('write_file', ['/data/leakdir/x.txt', new Uint8Array([1])]), denied);
    await assert.rejects(m.call('rename', ['/data/a.txt', '/data/leakdir/a.txt']), denied);
    await assert.rejects(m.call('open', ['/data/none.txt', 'rb']), (e) => e.type === 'FileNotFoundError');
    // Removing a link that leads out removes the link, not what it names.
    await m.call('remove', ['/data/leak2.txt']);
    await assert.rejects(m.call('open', ['/data/leak2.txt', 'rb']), (e) => e.type === 'FileNotFoundError' && e.message === "[Errno 2] No such file or directory: '/data/leak2.txt'");
    await m.call('write_file', ['/data/sub/new.txt', new TextEncoder().encode('n')]);
    await m.call('rename', ['/data/sub/new.txt', '/data/renamed.txt']);
    assert.equal(readFileSync(path.join(dir, 'renamed.txt'), 'utf8'), 'n');
    assert.deepEqual(readFileSync(path.join(outside, 'secret.txt'), 'utf8'), 'host secret');
  });
  test('a read-only mount writes nothing', async () => {
    const m = new MountDir('/data', dir);
    assert.equal(m.mode, 'read-only');
    await assert.rejects(m.call('write_file', ['/data/a.txt', new Uint8Array([1])]), denied);
    await assert.rejects(m.call('remove', ['/data/a.txt']), denied);
    assert.equal(readFileSync(path.join(dir, 'a.txt'), 'utf8'), 'alpha');
  });
  test('bad mount paths are refused', () => {
    assert.throws(() => new MountDir('data', dir), TypeError);
    assert.throws(() => new MountDir('/a/../b', dir), TypeError);
    assert.throws(() => new MemoryMount('/x', {}, { mode: 'rw' }), TypeError);
  });
});

let srv;
before(async () => {
  srv = await startServer();
});
after(async () => {
  await srv?.close();
});

for (const tr of transports) {
  describe(`over ${tr.name}`, () => {
    let pool;
    before(async () => {
      pool = await Pool.connect(tr.url(srv));
    });
    after(async () => {
      await pool?.close();
    });

    test('feedStart pauses at undeclared calls and reads; not handled is NameError', async () => {
      const s = await pool.checkout();
      const c = await s.feedStart('x = lookup_user(7, full=True)\ny = limit\nx + y');
      assert.ok(c instanceof FunctionSnapshot);
      assert.equal(c.functionName, 'lookup_user');
      assert.deepEqual(c.args, [7]);
      assert.deepEqual(c.kwargs, { full: true });
      assert.equal(c.isMethodCall, false);
      assert.equal(c.isOsFunction, false);
      const n = await c.resume(40);
      assert.ok(n instanceof NameLookupSnapshot);
      assert.equal(n.name, 'limit');
      assert.equal((await n.resume(2)).output, 42);
      const d = await s.feedStart('nope(1)');
      await assert.rejects(d.resumeNotHandled(), (e) => e instanceof PythonError && e.type === 'NameError' && e.message === "name 'nope' is not defined");
      const r = await s.feedStart('zzz + 1');
      await assert.rejects(r.resumeNotHandled(), (e) => e instanceof PythonError && e.type === 'NameError');
      // feedRun keeps today's NameError for names it was not given.
      await assert.rejects(s.feedRun('undefined_fn()'), (e) => e instanceof PythonError && e.type === 'NameError');
    });

    test('mounts: read-only, read-write and overlay', async () => {
      const s = await pool.checkout();
      const ro = new MountDir('/data', dir);
      assert.equal(await s.feedRun("open('/data/a.txt').read() + ' ' + ' '.join(sorted(__import__('os').listdir('/data/sub')))", { mount: ro }), 'alpha b.txt');
      await assert.rejects(s.feedRun("open('/data/w.txt', 'w').write('x')", { mount: ro }), (e) => e.type === 'OSError' || e.type === 'PermissionError');
      await assert.rejects(s.feedRun("open('/data/leak.txt').read()", { mount: ro }), (e) => e instanceof PythonError && e.type === 'PermissionError');
      await assert.rejects(s.feedRun("open('/data/none.txt').read()", { mount: ro }), (e) => e.type === 'FileNotFoundError');

      const mem = new MemoryMount('/m', { 'in.txt': 'memory' }, { mode: 'read-write' });
      assert.equal(await s.feedRun("open('/m/out.txt', 'w').write('written')\nopen('/m/in.txt').read()", { mount: mem }), 'memory');
      assert.equal(new TextDecoder().decode(mem.files.get('out.txt')), 'written');

      const ov = new MemoryMount('/o', { 'base.txt': 'base' }, { mode: 'overlay' });
      const v = await s.feedRun("open('/o/base.txt', 'w').write('changed')\nopen('/o/base.txt').read()", { mount: ov });
      assert.equal(v, 'changed');
      assert.equal(new TextDecoder().decode(ov.files.get('base.txt')), 'base', 'an overlay wrote through to the client');
    });

    test('os: file operations outside every mount come to the os hook', async () => {
      const s = await pool.checkout();
      const seen = [];
      const os = (op, args) => {
        seen.push(op + ' ' + args[0]);
        return op === 'open' && args[0] === '/host/x.txt' ? new TextEncoder().encode('from host') : NotHandled;
      };
      assert.equal(await s.feedRun("open('/host/x.txt').read()", { os }), 'from host');
      await assert.rejects(s.feedRun("open('/host/y.txt').read()", { os }), (e) => e instanceof PythonError && e.type === 'FileNotFoundError');
      assert.deepEqual(seen, ['open /host/x.txt', 'open /host/y.txt']);
      const c = await s.feedStart("open('/host/z.txt').read()");
      assert.ok(c instanceof FunctionSnapshot && c.isOsFunction && c.osCall === 'open');
      assert.deepEqual(c.args, ['/host/z.txt', 'rb']);
      assert.equal((await c.resume(new TextEncoder().encode('by hand'))).output, 'by hand');
    });

    test('volumes: checkout, sandbox files, host operations, errors', async () => {
      const name = 'notes-' + tr.name;
      const s = await pool.checkout({ volumes: { '/vol': name } });
      assert.equal(await s.feedRun("open('/vol/n.txt', 'w').write('from python')\nopen('/vol/n.txt').read()"), 'from python');
      const vols = await pool.volumeList();
      assert.ok(vols.some((v) => v.name === name && v.files === 1));
      const { files, version } = await pool.volumeList(name);
      assert.deepEqual(files, [{ path: 'n.txt', size: 11 }]);
      assert.ok(version >= 1);
      const r = await pool.volumeRead(name, 'n.txt');
      assert.equal(new TextDecoder().decode(r.data), 'from python');
      await pool.volumeWrite(name, 'dir/h.bin', new Uint8Array([0, 1, 255]));
      assert.deepEqual(await s.feedRun("open('/vol/dir/h.bin', 'rb').read()"), new Uint8Array([0, 1, 255]));
      await assert.rejects(pool.volumeRead(name, 'missing.txt'), NotFoundError);
      await assert.rejects(pool.volumeRead('no-such-volume', 'x'), NotFoundError);
      await assert.rejects(pool.volumeRead(name, '../escape'), BadRequestError);
      await assert.rejects(pool.volumeRead('bad name!', 'x'), TypeError);
      await assert.rejects(pool.checkout({ volumes: { '/v': '../x' } }), TypeError);
      // Larger than one request: sent as appends; read back whole, and in ranges.
      const big = new Uint8Array(300_000).map((_, i) => (i * 7) % 251);
      const v1 = await pool.volumeWrite(name, 'big.bin', big);
      const back = await pool.volumeRead(name, 'big.bin');
      assert.equal(back.size, big.length);
      assert.deepEqual(back.data, big);
      assert.equal(back.version, v1);
      assert.deepEqual((await pool.volumeRead(name, 'big.bin', { offset: 1000, length: 10 })).data, big.subarray(1000, 1010));
      assert.equal(await s.feedRun("len(open('/vol/big.bin', 'rb').read())"), big.length);
      await pool.volumeWrite(name, 'log.txt', 'a\n');
      const v2 = await pool.volumeWrite(name, 'log.txt', 'b\n', { append: true });
      assert.equal(new TextDecoder().decode((await pool.volumeRead(name, 'log.txt')).data), 'a\nb\n');
      await pool.volumeWrite(name, 'log.txt', 'c\n', { append: true, version: v2 });
      await assert.rejects(pool.volumeWrite(name, 'log.txt', 'd\n', { version: v2 }), ConflictError);
      await pool.volumeDelete(name, 'dir/h.bin');
      await pool.volumeDelete(name);
      await assert.rejects(pool.volumeList(name), NotFoundError);
    });
  });
}
