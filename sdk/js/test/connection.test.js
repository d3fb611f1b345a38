// Connections that survive: a restarted server, a connection cut
// mid-reply, an idle timeout, steps longer than the step budget, and the
// two kinds of WebSocket (ws on Node, the browser's).

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { Pool, ShutdownError, TooLargeError, UnauthorizedError, UnknownSessionError } from '../dist/index.js';
import { pkgDir, startProxy, startServer, transports } from './helpers.js';

const servers = [];
const serve = async (opts) => {
  const s = await startServer(opts);
  servers.push(s);
  return s;
};
after(async () => {
  for (const s of servers) await s.close();
});

describe('a server restart between calls', () => {
  for (const tr of transports) {
    test(tr.name, async () => {
      const srv = await serve();
      const pool = await Pool.connect(tr.url(srv));
      try {
        const s = await pool.checkout({ scriptName: 'agent.py' });
        await s.feedRun('total = 40');
        const saved = await s.dump();
        await srv.restart();
        // The same pool reconnects; the session and the dump are durable.
        assert.equal(await s.feedRun('total + 1'), 41);
        const s2 = await pool.checkout();
        await s2.loadSession(saved);
        assert.equal(await s2.feedRun('total + 2'), 42);
        if (tr.name === 'websocket') assert.ok(pool._transport.dials >= 2, 'the pool did not reconnect');
      } finally {
        await pool.close();
      }
    });
  }
});

describe('a connection cut mid-reply', () => {
  let srv;
  let proxy;
  before(async () => {
    srv = await serve();
    proxy = await startProxy(srv.port);
  });
  after(async () => {
    await proxy?.close();
  });

  test('the step is resent with its id and runs once', async () => {
    const pool = await Pool.connect(proxy.url);
    try {
      const s = await pool.checkout();
      await s.feedRun('n = []');
      proxy.cutReplies(2); // this reply, and the first resend's
      const printed = [];
      const v = await s.feedRun("n.append(1)\nprint('once')\n'x' * 1000", { printCallback: (_st, t) => printed.push(t) });
      assert.equal(v, 'x'.repeat(1000));
      assert.equal(await s.feedRun('len(n)'), 1, 'the step ran twice');
      assert.ok(pool._transport.dials >= 3);
      // The recorded reply's output arrives once.
      assert.deepEqual(printed, ['once\n']);
    } finally {
      await pool.close();
    }
  });

  test('a reply that never comes is a ShutdownError; the session stays usable and loadable', async () => {
    const pool = await Pool.connect(proxy.url, { retries: 2, backoffMs: 10 });
    const direct = await Pool.connect(srv.url);
    try {
      const s = await pool.checkout();
      await s.feedRun('n = [1]');
      proxy.cutAlways();
      let shutdown;
      await assert.rejects(s.feedRun('n.append(2)\nlen(n)'), (e) => {
        shutdown = e;
        return e instanceof ShutdownError && e.kind === 'shutdown' && e.cause !== undefined;
      });
      proxy.cutAlways(false);
      assert.equal(new TextDecoder().decode(shutdown.dump), s.id);
      // The dump names the last committed state (the step did commit).
      const fresh = await direct.checkout();
      await fresh.loadSession(shutdown.dump);
      assert.deepEqual(await fresh.feedRun('n'), [1, 2]);
      // And the session itself goes on, through the same pool.
      assert.deepEqual(await s.feedRun('n'), [1, 2]);
    } finally {
      proxy.cutAlways(false);
      await pool.close();
      await direct.close();
    }
  });
});

describe('a cut while a step runs', () => {
  test('the pool reconnects and resends; the step runs once', async () => {
    const srv = await serve();
    const pool = await Pool.connect(srv.url);
    try {
      const s = await pool.checkout();
      await s.feedRun('runs = 0');
      // Cut as soon as the step's first print arrives, so the step is
      // running when the connection goes (a timer raced a fast machine:
      // the step could end first). The loop keeps it running for a few
      // hundred milliseconds more.
      let cut = false;
      const n = 3_000_000;
      const r = await s.feedRun(`print('started')\nruns += 1\nt = 0\nfor i in range(${n}):\n    t += i\n(runs, t)`, {
        printCallback: () => {
          if (!cut) {
            cut = true;
            pool._transport.cut();
          }
        },
      });
      assert.ok(cut, 'the step printed nothing');
      assert.equal(r.items[0], 1);
      assert.equal(r.items[1], (n * (n - 1)) / 2);
      assert.ok(pool._transport.dials >= 2, 'no reconnect');
    } finally {
      await pool.close();
    }
  });
});

describe('steps past the step budget', () => {
  // A step gets 1 s minus a 0.85 s margin: longer feeds answer "running"
  // and the client continues them (as the Go tests shorten it).
  let srv;
  before(async () => {
    srv = await serve({ args: ['--integration-timeout', '1s', '--step-margin', '850ms'] });
  });
  for (const tr of transports) {
    test(tr.name, async () => {
      const pool = await Pool.connect(tr.url(srv));
      try {
        const s = await pool.checkout();
        let slices = 0;
        const out = [];
        const n = 15_000_000; // about a second of work: many 150 ms budgets even on an idle machine
        const v = await s.feedRun(`print('start')\nn = 0\nfor i in range(${n}):\n    n += i\nprint('end')\nn`, {
          onRunning: () => slices++,
          printCallback: (_st, t) => out.push(t),
        });
        assert.equal(v, (n * (n - 1)) / 2);
        assert.ok(slices >= 1, `the step never ran past its budget (${slices} slices)`);
        assert.deepEqual(out.join(''), 'start\nend\n');
      } finally {
        await pool.close();
      }
    });
  }
});

describe('idle timeout', () => {
  test('the pool reconnects; ephemeral sessions are gone, durable ones stay', async () => {
    const srv = await serve({ args: ['--idle-timeout', '1200ms'] });
    const states = [];
    const pool = await Pool.connect(srv.url, { onStatus: (s) => states.push(s.state) });
    try {
      const durable = await pool.checkout();
      await durable.feedRun('x = 1'); // (the server's first step warms it up)
      const eph = await pool.checkout({ ephemeral: true });
      await eph.feedRun('y = 1');
      await new Promise((r) => setTimeout(r, 2000));
      assert.ok(states.includes('disconnected'), 'the idle connection did not close: ' + states);
      assert.equal(await durable.feedRun('x + 1'), 2);
      await assert.rejects(eph.feedRun('y'), UnknownSessionError);
      assert.deepEqual(states.slice(0, 2), ['connecting', 'connected']);
      assert.equal(states.at(-1), 'connected');
    } finally {
      await pool.close();
    }
  });
});

describe('API keys', () => {
  let srv;
  before(async () => {
    srv = await serve({ keys: { 'key-alpha': 'alpha' } });
  });
  test('a wrong or missing key is UnauthorizedError', async () => {
    await assert.rejects(Pool.connect(srv.url), UnauthorizedError);
    await assert.rejects(Pool.connect(srv.url, { apiKey: 'nope' }), (e) => e instanceof UnauthorizedError && e.kind === 'unauthorized');
    const h = await Pool.connect(srv.httpUrl, { apiKey: 'nope' });
    await assert.rejects(h.checkout(), UnauthorizedError);
  });
  test('the right key works over both transports', async () => {
    for (const url of [srv.url, srv.httpUrl]) {
      const p = await Pool.connect(url, { apiKey: 'key-alpha' });
      const s = await p.checkout();
      assert.equal(await s.feedRun('6 * 7'), 42);
      await p.close();
    }
  });

  test("a browser's WebSocket: the key in api_key, one frame per message, so over 32 KB is refused", async () => {
    // Node 20's global WebSocket (behind a flag) is the browser's: no
    // headers, no fragments.
    const script = `
      import { Pool, TooLargeError } from ${JSON.stringify(path.join(pkgDir, 'dist', 'index.js'))};
      const pool = await Pool.connect(${JSON.stringify(srv.url)}, { apiKey: 'key-alpha', WebSocket: globalThis.WebSocket });
      const s = await pool.checkout();
      const out = { small: await s.feedRun("len('" + 'a'.repeat(20000) + "')") };
      try { await s.feedRun("len('" + 'a'.repeat(40000) + "')"); out.big = 'sent'; }
      catch (e) { out.big = e instanceof TooLargeError ? e.message : 'other: ' + e.message; }
      out.after = await s.feedRun('1 + 1');
      out.large = (await s.feedRun("'ab' * 100000")).length;
      try { await Pool.connect(${JSON.stringify(srv.url)}, { WebSocket: globalThis.WebSocket }); out.nokey = 'connected'; }
      catch (e) { out.nokey = e.kind; }
      await pool.close();
      console.log(JSON.stringify(out));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--experimental-websocket', '--no-warnings', '--input-type=module', '-e', script], { timeout: 30_000 });
    const out = JSON.parse(stdout.trim().split('\n').at(-1));
    assert.equal(out.small, 20000);
    assert.match(out.big, /a browser can send at most 32 KB per message/);
    assert.equal(out.after, 2);
    assert.equal(out.large, 200000);
    assert.equal(out.nokey, 'connection_lost', 'a browser cannot tell a refused key from a refused connection');
  });
});

test('ws sends a request over 32 KB as 32 KB frames (amber serve closes on larger frames)', async () => {
  const srv = await serve();
  const pool = await Pool.connect(srv.url);
  try {
    const s = await pool.checkout();
    // Multi-byte characters across frame boundaries, too.
    const text = 'é'.repeat(50_000);
    assert.equal(await s.feedRun('len(t)', { inputs: { t: text } }), 50_000);
    assert.equal(pool._transport.dials, 1, 'the connection was closed and redialed');
    await assert.rejects(s.feedRun('len(t)', { inputs: { t: 'x'.repeat(140_000) } }), TooLargeError);
  } finally {
    await pool.close();
  }
});
