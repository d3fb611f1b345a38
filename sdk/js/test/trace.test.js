// The traceparent option reaches the server over both transports: each
// committed step's history entry records its trace id.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Pool } from '../dist/index.js';
import { startServer, transports } from './helpers.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const OTHER = '0af7651916cd43dd8448eb211c80319c';
const tp = (trace) => `00-${trace}-00f067aa0ba902b7-01`;

let srv;
before(async () => {
  srv = await startServer();
});
after(async () => {
  await srv?.close();
});

for (const tr of transports) {
  describe(`traceparent over ${tr.name}`, () => {
    test('every request carries the pool traceparent', async () => {
      const p = await Pool.connect(tr.url(srv), { traceparent: tp(TRACE) });
      try {
        const s = await p.checkout();
        await s.feedRun('x = 1');
        p.traceparent = tp(OTHER);
        await s.feedRun('x + 1');
        p.traceparent = undefined;
        await s.feedRun('x + 2');
        const feeds = (await s.history()).filter((st) => st.op === 'feed').map((st) => st.trace_id);
        // Without its own, a WebSocket request has the handshake's (the
        // pool's when it connected, sent as a header on Node); HTTP none.
        const last = p.transport === 'websocket' ? TRACE : undefined;
        assert.deepEqual(feeds, [TRACE, OTHER, last]);
      } finally {
        await p.close();
      }
    });
  });
}
