// examples/js: compiled with tsc (strict, target ES2022: `await using`
// is lowered to helpers that Node 20 runs) and run against amber serve.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { Pool } from '../dist/index.js';
import { pkgDir, repoRoot, startServer } from './helpers.js';

const run = promisify(execFile);
const out = path.join(pkgDir, '.cache', 'examples');
let srv;
before(async () => {
  const tsc = path.join(pkgDir, 'node_modules', 'typescript', 'bin', 'tsc');
  srv = await startServer();
  await run(process.execPath, [tsc, '-p', path.join(repoRoot, 'examples', 'js', 'tsconfig.json')], { timeout: 120_000 });
});
after(async () => {
  await srv?.close();
});

const example = (name, env = {}) =>
  run(process.execPath, [path.join(out, name)], { env: { ...process.env, AMBER_URL: srv.url, ...env }, timeout: 60_000 });

test('agent: a loop of model-written steps calling a TypeScript tool', async () => {
  const { stdout } = await example('agent.js');
  assert.equal(
    stdout,
    'step 1: 2 hits\nstep 2: 1 more\nstep 3: best: A durable session keeps Python state between calls, saved after every step.\n' +
      'answer: A durable session keeps Python state between calls, saved after every step.\n',
  );
});

test('bestofn: 8 forks of one snapshot with Promise.all, the best kept', async () => {
  const { stdout } = await example('bestofn.js', { BRANCHES: '8' });
  const scores = [...stdout.matchAll(/^branch (\d+): (-?\d+)$/gm)].map((m) => Number(m[2]));
  assert.equal(scores.length, 8, stdout);
  const best = /^best: branch (\d+) with (\d+), items (\[[\d,]*\]), session ([0-9a-f]+)$/m.exec(stdout);
  assert.ok(best, stdout);
  assert.equal(Number(best[2]), Math.max(...scores));
  // The kept branch is a durable session: load it and check its answer.
  const pool = await Pool.connect(srv.url);
  try {
    const s = await pool.checkout();
    await s.loadSession(best[4]);
    assert.equal(await s.feedRun('score(chosen)'), Number(best[2]));
    assert.equal(JSON.stringify(await s.feedRun('sorted(chosen)')), best[3]);
  } finally {
    await pool.close();
  }
});
