// Every error kind as a typed error: from a real amber serve where it can
// make one (both transports), and the mapping of every kind of the
// protocol (docs/protocol.md, CONTRACTS §4).

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  AlreadyResumedError,
  AmberError,
  BadRequestError,
  ClosedError,
  ConflictError,
  EphemeralError,
  InternalError,
  LimitError,
  NotFoundError,
  NotFreshError,
  Pool,
  PythonError,
  PythonSyntaxError,
  QuotaError,
  RawJSON,
  TooLargeError,
  UnauthorizedError,
  UnknownSessionError,
  WrongLoaderError,
  fromWire,
} from '../dist/index.js';
import { startServer, transports } from './helpers.js';

test('every kind maps to its class', () => {
  const table = {
    python: PythonError,
    syntax: PythonSyntaxError,
    limit: LimitError,
    unknown_session: UnknownSessionError,
    ephemeral: EphemeralError,
    conflict: ConflictError,
    wrong_loader: WrongLoaderError,
    not_fresh: NotFreshError,
    already_resumed: AlreadyResumedError,
    quota: QuotaError,
    too_large: TooLargeError,
    bad_request: BadRequestError,
    unauthorized: UnauthorizedError,
    not_found: NotFoundError,
    internal: InternalError,
  };
  for (const [kind, C] of Object.entries(table)) {
    const e = fromWire({ kind, type: 'T', message: 'm ' + kind, traceback: 'tb' });
    assert.ok(e instanceof C && e instanceof AmberError, kind);
    assert.equal(e.kind, kind);
    assert.equal(e.message, 'm ' + kind);
    assert.equal(e.name, C.name);
  }
  const internal = fromWire({ kind: 'internal', message: 'boom', correlation_id: 'c-123' });
  assert.equal(internal.correlationId, 'c-123');
  const other = fromWire({ kind: 'brand_new', message: 'something new' });
  assert.ok(other instanceof AmberError && other.constructor === AmberError);
  assert.equal(other.kind, 'brand_new');
  assert.ok(fromWire(undefined) instanceof InternalError);
});

let srv;
let quotaSrv;
before(async () => {
  [srv, quotaSrv] = await Promise.all([startServer(), startServer({ args: ['--quota', '20000'] })]);
});
after(async () => {
  await srv?.close();
  await quotaSrv?.close();
});

for (const tr of transports) {
  describe(`errors from amber serve over ${tr.name}`, () => {
    let pool;
    before(async () => {
      pool = await Pool.connect(tr.url(srv));
    });
    after(async () => {
      await pool?.close();
    });

    test('python: type, message, traceback; the session goes on', async () => {
      const s = await pool.checkout({ scriptName: 'tool.py' });
      await s.feedRun('x = 1');
      await assert.rejects(s.feedRun("x = 2\nraise KeyError('k')"), (e) => {
        assert.ok(e instanceof PythonError);
        assert.equal(e.kind, 'python');
        assert.equal(e.type, 'KeyError');
        assert.equal(e.message, "'k'");
        assert.equal(e.traceback, 'Traceback (most recent call last):\n  File "tool.py", line 2, in <module>\n    raise KeyError(\'k\')\nKeyError: \'k\'\n');
        return true;
      });
      assert.equal(await s.feedRun('x'), 2, 'the globals as the failed code left them');
    });

    test('syntax', async () => {
      const s = await pool.checkout();
      await assert.rejects(s.feedRun('def f(:\n  pass'), (e) => e instanceof PythonSyntaxError && e.kind === 'syntax' && e.type === 'SyntaxError' && e.message.length > 0);
    });

    test('limit', async () => {
      for (const [limits, code, type] of [
        [{ maxDurationSecs: 0.1 }, 'while True:\n    pass', 'duration'],
        [{ maxMemory: 100_000 }, 'x = [0] * 10**6', 'memory'],
        [{ maxOutput: 10 }, "print('x' * 100)", 'output'],
      ]) {
        const s = await pool.checkout({ limits });
        await assert.rejects(s.feedRun(code), (e) => e instanceof LimitError && e.kind === 'limit' && e.type === type, type);
      }
    });

    test('unknown_session, ephemeral, wrong_loader, not_fresh', async () => {
      const s = await pool.checkout();
      await assert.rejects(s.loadSession('nope'), UnknownSessionError);
      await s.feedRun('a = 1');
      const dump = await s.dump();
      await assert.rejects(s.loadSession(dump), NotFreshError);
      const fresh = await pool.checkout();
      await assert.rejects(fresh.loadSnapshot(dump), WrongLoaderError);
      const eph = await pool.checkout({ ephemeral: true });
      await assert.rejects(eph.dump(), EphemeralError);
    });

    test('already_resumed, from the server and in the client', async () => {
      const s = await pool.checkout();
      const call = await s.feedStart('a = ask(1)\nb = ask(2)\na + b', { externalFunctions: { ask: null } });
      const next = await call.resume(1);
      await assert.rejects(call.resume(1), AlreadyResumedError);
      // The server refuses a resume of a call that is not pending.
      const r = await pool.request('resume', { session: s.id, call_id: call.callId, return_value: new RawJSON('1') });
      assert.ok(fromWire(r.error) instanceof AlreadyResumedError);
      assert.equal((await next.resume(2)).output, 3);
      await assert.rejects(next.dump(), AlreadyResumedError);
    });

    test('bad_request', async () => {
      await assert.rejects(pool.do('feed', { code: 'x' }), (e) => e instanceof BadRequestError && /session/.test(e.message));
      await assert.rejects(pool.do('frob'), (e) => e instanceof BadRequestError && /unknown op/.test(e.message));
    });

    test('too_large', async () => {
      const s = await pool.checkout();
      await assert.rejects(s.feedRun('#' + 'x'.repeat(140_000)), TooLargeError);
      assert.equal(await s.feedRun('1'), 1);
    });

    test('quota', async () => {
      const q = await Pool.connect(tr.url(quotaSrv));
      try {
        const s = await q.checkout();
        await assert.rejects(s.feedRun("x = 'a' * 200000"), (e) => e instanceof QuotaError && e.kind === 'quota');
      } finally {
        await q.close();
      }
    });

    test('closed', async () => {
      const p = await Pool.connect(tr.url(srv));
      const s = await p.checkout();
      await s.close();
      await assert.rejects(s.feedRun('1'), ClosedError);
      await s.close(); // twice is fine
      await p.close();
      await assert.rejects(p.checkout(), ClosedError);
    });
  });
}
