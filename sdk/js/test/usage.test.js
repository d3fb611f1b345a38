// pool.usage(): a project's steps and CPU time per UTC day, its daily
// caps refusing with QuotaError, and only its own numbers, over both
// transports.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Pool, QuotaError } from '../dist/index.js';
import { startServer } from './helpers.js';

describe('usage', () => {
  let srv;
  before(async () => {
    srv = await startServer({
      keys: {
        projects: {
          a: { keys: ['key-a'], ceilings: { max_steps_per_day: 3 } },
          b: { keys: ['key-b'] },
        },
      },
    });
  });
  after(async () => {
    await srv.close();
  });

  test('counts each project its own steps; the cap refuses the step past it', async () => {
    const a = await Pool.connect(srv.url, { apiKey: 'key-a' });
    const b = await Pool.connect(srv.httpUrl, { apiKey: 'key-b' });
    try {
      const s = await a.checkout();
      for (let i = 0; i < 3; i++) await s.feedRun(`x = sum(range(${20000 + i}))`);
      await assert.rejects(s.feedRun('x = 0'), (e) => e instanceof QuotaError && /3 steps of today/.test(e.message));
      const ua = await a.usage();
      assert.equal(ua.days.length, 31);
      const today = ua.days.at(-1);
      assert.equal(today.steps, 3);
      assert.equal(ua.totals.steps, 3);
      assert.ok(today.cpu_ms > 0 && today.bytes_written > 0, JSON.stringify(today));
      assert.deepEqual(ua.caps, { max_steps_per_day: 3, max_cpu_seconds_per_day: 0 });
      const ub = await b.usage(1);
      assert.equal(ub.days.length, 1);
      assert.equal(ub.totals.steps, 0);
      const t = await b.checkout();
      await t.feedRun('y = 1');
      assert.equal((await b.usage()).days.at(-1).steps, 1);
      assert.equal((await a.usage()).days.at(-1).steps, 3);
      await assert.rejects(b.usage(32), RangeError);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
