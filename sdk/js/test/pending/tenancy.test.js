// Pending until the server's ceilings (branch tenancy, CONTRACTS §4) are
// merged: not run by default (`node --test test/pending/` runs it).
// A checkout asking for more than a ceiling gets the ceiling, and the
// checkout's reply says so: Session.limits.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { LimitError, Pool } from '../../dist/index.js';
import { startServer, transports } from '../helpers.js';

let srv;
before(async () => {
  srv = await startServer({ args: ['--max-memory', '2000000'] });
});
after(async () => {
  await srv?.close();
});

for (const tr of transports) {
  test(`effective limits are the ceilings (${tr.name})`, async () => {
    const pool = await Pool.connect(tr.url(srv));
    try {
      const s = await pool.checkout({ limits: { maxMemory: 1e9 } });
      assert.equal(s.limits?.maxMemory, 2000000);
      await assert.rejects(s.feedRun('x = [0] * 10**7'), (e) => e instanceof LimitError && e.type === 'memory');
      const small = await pool.checkout({ limits: { maxMemory: 1000000 } });
      assert.equal(small.limits?.maxMemory, 1000000);
    } finally {
      await pool.close();
    }
  });
}
