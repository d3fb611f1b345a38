// The seed documents' scenarios (as sdk/sdk_test.go runs them in Go), each
// over WebSocket and over HTTP, against a real amber serve.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  AlreadyResumedError,
  Complete,
  EphemeralError,
  FunctionSnapshot,
  LimitError,
  NameLookupSnapshot,
  NotFreshError,
  Pool,
  PyException,
  PythonError,
  PythonSyntaxError,
  SessionBusyError,
  TooLargeError,
  Tuple,
  UnknownSessionError,
  WrongLoaderError,
} from '../dist/index.js';
import { startServer, transports } from './helpers.js';

let srv;
before(async () => {
  srv = await startServer();
});
after(async () => {
  await srv?.close();
});

for (const tr of transports) {
  describe(`seed scenarios over ${tr.name}`, () => {
    const pools = [];
    const dial = async () => {
      const p = await Pool.connect(tr.url(srv));
      pools.push(p);
      return p;
    };
    after(async () => {
      for (const p of pools) await p.close();
    });

    test('persist and resume in a later session', async () => {
      const p1 = await dial();
      const s = await p1.checkout({ scriptName: 'agent.py' });
      await s.feedRun('total = 40');
      const saved = await s.dump();
      assert.ok(saved instanceof Uint8Array && saved.length > 0);
      const sessionID = s.id;
      await s.close();
      await p1.close();

      const p2 = await dial();
      for (const from of [saved, sessionID]) {
        const s2 = await p2.checkout();
        await s2.loadSession(from);
        assert.equal(await s2.feedRun('total + 2'), 42);
        await s2[Symbol.asyncDispose]();
      }
    });

    test('checkpoint and roll back', async () => {
      const p = await dial();
      const s = await p.checkout();
      await s.feedRun("items = ['a']");
      const cp = await s.dump();
      await s.feedRun("items.append('oops')");
      assert.deepEqual(await s.feedRun('items'), ['a', 'oops']);
      const back = await p.checkout();
      await back.loadSession(cp);
      assert.deepEqual(await back.feedRun('items'), ['a']);
      await back.feedRun("items.append('b')");
      const again = await p.checkout();
      await again.loadSession(cp);
      assert.equal(await again.feedRun('len(items)'), 1, 'the snapshot changed');
    });

    test('fork into branches concurrently (Promise.all)', async () => {
      const p = await dial();
      const base = await p.checkout();
      await base.feedRun('plan = []\nscore = 10');
      const snap = await base.dump();
      const results = await Promise.all(
        [0, 1, 2, 3].map(async (i) => {
          const s = await p.checkout();
          try {
            await s.loadSession(snap);
            return await s.feedRun(`plan.append(${i})\nscore = score * ${i + 1}\n(len(plan), plan[0], score)`);
          } finally {
            await s.close();
          }
        }),
      );
      results.forEach((r, i) => assert.deepEqual(r, new Tuple(1, i, 10 * (i + 1))));
      assert.equal(await base.feedRun("f'{len(plan)}:{score}'"), '0:10', 'the forked session changed');
    });

    test('ephemeral dump refused', async () => {
      const p = await dial();
      const s = await p.checkout({ ephemeral: true });
      assert.equal(await s.feedRun('x = 1\nx + 1'), 2);
      await assert.rejects(s.dump(), (e) => e instanceof EphemeralError && e.kind === 'ephemeral' && e.message.includes('this session is ephemeral, so it cannot be dumped'));
      const { snapshots } = await p.snapshots();
      assert.ok(!snapshots.some((i) => i.id === s.id), 'the ephemeral session is listed');
    });

    test('unknown session', async () => {
      const p = await dial();
      for (const id of ['no-such-id', '0123456789abcdef0123456789abcdef']) {
        const s = await p.checkout();
        await assert.rejects(s.loadSession(id), (e) => e instanceof UnknownSessionError && e.message.includes('unknown session'));
        await assert.rejects(s.loadSnapshot(id), UnknownSessionError);
      }
    });

    test('feedStart, function call, resume', async () => {
      const p = await dial();
      const s = await p.checkout();
      await s.feedRun('x = 40');
      const call = await s.feedStart("r = fetch('a', mode='fast')\nr.upper() + str(x)", { externalFunctions: { fetch: null } });
      assert.ok(call instanceof FunctionSnapshot);
      assert.equal(call.functionName, 'fetch');
      assert.deepEqual(call.args, ['a']);
      assert.deepEqual(call.kwargs, { mode: 'fast' });
      assert.equal(typeof call.callId, 'number');
      assert.equal(call.isMethodCall, false);
      assert.equal(call.isOsFunction, false);
      const done = await call.resume('payload');
      assert.ok(done instanceof Complete);
      assert.equal(done.output, 'PAYLOAD40');
      assert.equal(done.repr, "'PAYLOAD40'");
      await assert.rejects(call.resume('again'), (e) => e instanceof AlreadyResumedError && e.message === 'this progress was already resumed');
      // An exception raised at the call is caught by the sandbox.
      const c2 = await s.feedStart("try:\n    fetch('b')\nexcept KeyError as e:\n    r = 'caught ' + str(e)\nr", { externalFunctions: { fetch: null } });
      const d2 = await c2.resumeError('KeyError', 'b');
      assert.equal(d2.repr, `"caught 'b'"`);
      const c3 = await s.feedStart("try:\n    fetch('c')\nexcept ValueError as e:\n    r = str(e)\nr", { externalFunctions: { fetch: null } });
      assert.equal((await c3.resumeError(new PyException('ValueError', 'bad c'))).output, 'bad c');
      const c4 = await s.feedStart('fetch(1)', { externalFunctions: { fetch: null } });
      await assert.rejects(c4.resumeNotHandled(), (e) => e instanceof PythonError && e.type === 'NameError');
    });

    test('resumeAuto with an external lookup', async () => {
      const p = await dial();
      const s = await p.checkout();
      const asked = [];
      const opts = {
        externalLookup: (name) => {
          asked.push(name);
          return name === 'budget' ? 41 : undefined;
        },
      };
      const n = await s.feedStart('budget + 1', opts);
      assert.ok(n instanceof NameLookupSnapshot);
      assert.equal(n.name, 'budget');
      assert.equal(n.variableName, 'budget');
      const c = await n.resumeAuto();
      assert.equal(c.output, 42);
      await assert.rejects(s.feedRun('missing', opts), (e) => e instanceof PythonError && e.type === 'NameError');
      assert.deepEqual(asked, ['budget', 'missing']);
    });

    test('snapshot at a host call resumed in a fresh session (twice: a fork)', async () => {
      const p = await dial();
      const s = await p.checkout({ scriptName: 'agent.py' });
      await s.feedRun('x = 40');
      const call = await s.feedStart("r = fetch('a')\nr.upper() + str(x)", { externalFunctions: { fetch: null } });
      const snap = await call.dump();
      const later = await dial();
      for (const answer of ['payload', 'other']) {
        const s2 = await later.checkout();
        const c2 = await s2.loadSnapshot(snap);
        assert.ok(c2 instanceof FunctionSnapshot);
        assert.equal(c2.functionName, 'fetch');
        assert.deepEqual(c2.args, ['a']);
        const done = await c2.resume(answer);
        assert.equal(done.repr, `'${answer.toUpperCase()}40'`);
      }
      const s3 = await later.checkout();
      await assert.rejects(s3.loadSession(snap), WrongLoaderError);
      const idle = await s3.feedRun('1');
      assert.equal(idle, 1);
      const s4 = await later.checkout();
      await assert.rejects(s4.loadSnapshot(await s3.dump()), WrongLoaderError);
    });

    test('session dump loaded in a fresh session and fed again', async () => {
      const p = await dial();
      const s = await p.checkout();
      await s.feedRun("def greet(n):\n    return 'hi ' + n\nseen = {'a'}");
      const dump = await s.dump();
      const s2 = await p.checkout();
      await s2.loadSession(dump);
      await s2.feedRun("seen.add('b')");
      const v = await s2.feedRun("(greet('bo'), sorted(seen))");
      assert.deepEqual(v, new Tuple('hi bo', ['a', 'b']));
      await assert.rejects(s2.loadSession(dump), (e) => e instanceof NotFreshError && e.kind === 'not_fresh');
    });

    test('host functions, print and errors under feedRun', async () => {
      const p = await dial();
      const s = await p.checkout({ scriptName: 'agent.py' });
      let calls = 0;
      const out = [];
      const opts = {
        externalFunctions: {
          fetch: (i) => {
            calls++;
            return `page(${i})`;
          },
          fail: () => {
            throw new PyException('ValueError', 'bad input');
          },
          crash: () => {
            throw new Error('host broke');
          },
        },
        printCallback: (stream, text) => out.push(stream + ':' + text),
      };
      const v = await s.feedRun('pages = [fetch(i) for i in range(3)]\nprint(len(pages))\npages', opts);
      assert.deepEqual(v, ['page(0)', 'page(1)', 'page(2)']);
      assert.equal(calls, 3);
      assert.deepEqual(out, ['stdout:3\n']);
      assert.equal(await s.feedRun('try:\n    fail()\nexcept ValueError as e:\n    r = str(e)\nr', opts), 'bad input');
      assert.equal(await s.feedRun('try:\n    crash()\nexcept RuntimeError as e:\n    r = str(e)\nr', opts), 'host broke');
      await assert.rejects(s.feedRun('def f():\n    return 1 / 0\nf()'), (e) => {
        assert.ok(e instanceof PythonError);
        assert.equal(e.type, 'ZeroDivisionError');
        assert.equal(e.message, 'division by zero');
        assert.match(e.traceback, /File "agent\.py", line 2, in f/);
        assert.equal(e.display('type-msg'), 'ZeroDivisionError: division by zero');
        return true;
      });
      await assert.rejects(s.feedRun('def (:'), (e) => e instanceof PythonSyntaxError && e instanceof PythonError && e.type === 'SyntaxError' && e.kind === 'syntax');
      assert.equal(await s.feedRun('len(pages)'), 3, 'the session goes on after errors');
    });

    test('async host functions run concurrently', async () => {
      const p = await dial();
      const s = await p.checkout();
      // Each call waits until all three run at once: calls answered one
      // after the other would never get there.
      let running = 0;
      let release;
      const all = new Promise((r) => (release = r));
      const slow = async (i) => {
        if (++running === 3) release();
        const t = await Promise.race([all.then(() => 'ok'), new Promise((r) => setTimeout(() => r('timeout'), 5000))]);
        if (t !== 'ok') throw new PyException('TimeoutError', 'the calls did not run concurrently');
        return i * 10;
      };
      const code =
        'import asyncio\nasync def one(i):\n    return await fetch(i)\n' +
        'async def main():\n    return await asyncio.gather(one(1), one(2), one(3))\nasyncio.run(main())';
      assert.deepEqual(await s.feedRun(code, { externalFunctions: { fetch: slow } }), [10, 20, 30]);
      // A coroutine that fails raises at its await.
      const bad = async () => {
        throw new PyException('KeyError', 'gone');
      };
      const code2 = 'import asyncio\nasync def main():\n    try:\n        await fetch()\n    except KeyError as e:\n        return str(e)\nasyncio.run(main())';
      assert.equal(await s.feedRun(code2, { externalFunctions: { fetch: bad } }), "'gone'");
    });

    test('limits and large values', async () => {
      const p = await dial();
      const s = await p.checkout({ limits: { maxDurationSecs: 0.2 } });
      await assert.rejects(s.feedRun('while True:\n    pass'), (e) => e instanceof LimitError && e.kind === 'limit');
      const r = await p.checkout({ limits: { maxRecursionDepth: 50 } });
      await assert.rejects(r.feedRun('def f(n):\n    return f(n + 1)\nf(0)'), (e) => e instanceof PythonError && e.type === 'RecursionError');
      // A reply over 128 KB comes in parts.
      const big = await p.checkout();
      assert.equal((await big.feedRun("'ab' * 150000")).length, 300000);
      // A request between the 32 KB frame and the 128 KB message limit goes
      // through (in 32 KB frames over WebSocket).
      assert.equal(await big.feedRun("len('" + 'z'.repeat(100000) + "')"), 100000);
      // A request over 128 KB is refused (before sending, over WebSocket).
      await assert.rejects(big.feedRun("x = '" + 'y'.repeat(200000) + "'"), TooLargeError);
      assert.equal(await big.feedRun('1 + 1'), 2, 'after a large request');
    });

    test('list and delete snapshots', async () => {
      const p = await dial();
      const s = await p.checkout();
      await s.feedRun('data = list(range(100))');
      const id = new TextDecoder().decode(await s.dump());
      const { snapshots, quota } = await p.snapshots();
      const kinds = Object.fromEntries(snapshots.map((i) => [i.id, i.kind]));
      assert.equal(kinds[id], 'session_dump');
      assert.equal(kinds[s.id], 'session');
      assert.ok(quota && typeof quota.used === 'number');
      await p.deleteSnapshot(id);
      const s2 = await p.checkout();
      await assert.rejects(s2.loadSession(id), UnknownSessionError);
      const steps = await s.history();
      assert.ok(steps.some((st) => st.op === 'feed'));
    });

    test('one session, two calls at once', async () => {
      const p = await dial();
      const s = await p.checkout();
      let release;
      const gate = new Promise((r) => (release = r));
      let started;
      const isStarted = new Promise((r) => (started = r));
      const first = s.feedRun('wait()', {
        externalFunctions: {
          wait: () => {
            started();
            return gate.then(() => null);
          },
        },
      });
      // wait() returns a Promise: the sandbox gets a coroutine; nothing awaits it.
      await isStarted;
      await assert.rejects(s.feedRun('1'), SessionBusyError);
      await assert.rejects(s.dump(), SessionBusyError);
      release();
      await first;
      assert.equal(await s.feedRun('1'), 1);
    });
  });
}
