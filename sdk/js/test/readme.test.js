// The README's TypeScript examples: type-checked (strict) and run against
// amber serve; their output is what the comments say.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { pkgDir, startServer } from './helpers.js';

const run = promisify(execFile);
const dir = path.join(pkgDir, '.cache', 'readme');
const blocks = [...readFileSync(path.join(pkgDir, 'README.md'), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);

const top = readFileSync(path.join(pkgDir, '..', '..', 'README.md'), 'utf8').split('## SDK (TypeScript)')[1] ?? '';
const topBlock = (/```ts\n([\s\S]*?)```/.exec(top) ?? [])[1] ?? '';

let srv;
before(async () => {
  mkdirSync(dir, { recursive: true });
  // The third block is a fragment: it runs in the second's session.
  const files = {
    'seed1.ts': blocks[0],
    'top.ts': topBlock.replace("'ws://127.0.0.1:8765'", "process.env.AMBER_URL ?? ''") + '\nconsole.log(v, saved.length > 0);\n',
    'seed2.ts': blocks[1].replace('await pool.close();', blocks[2] + '\nconsole.log(v);\nawait pool.close();'),
  };
  for (const [f, src] of Object.entries(files)) writeFileSync(path.join(dir, f), src);
  const tsc = path.join(pkgDir, 'node_modules', 'typescript', 'bin', 'tsc');
  const flags = ['--ignoreConfig', '--strict', '--target', 'ES2022', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--lib', 'ES2022,esnext.disposable', '--types', 'node', '--skipLibCheck'];
  srv = await startServer();
  await run(process.execPath, [tsc, ...flags, ...Object.keys(files).map((f) => path.join(dir, f))], { timeout: 120_000 });
});
after(async () => {
  await srv?.close();
});

test('README has the seeds examples', () => {
  assert.ok(blocks.length >= 3, 'README lost its TypeScript examples');
});

test('persist and resume in a later session', async () => {
  const { stdout } = await run(process.execPath, [path.join(dir, 'seed1.js')], { env: { ...process.env, AMBER_URL: srv.url } });
  assert.equal(stdout, '42\n');
});

test('host functions, feedStart, dump, loadSnapshot; async host functions', async () => {
  const { stdout } = await run(process.execPath, [path.join(dir, 'seed2.js')], { env: { ...process.env, AMBER_URL: srv.url } });
  assert.equal(stdout, "1 hit\namber: SANDBOXES\nfetch [ 'a' ]\nPAYLOAD 'PAYLOAD'\n[ 10, 20 ]\n");
});

test("the top README's SDK (TypeScript) example", async () => {
  assert.ok(topBlock.includes('Pool.connect'), 'README.md lost its SDK (TypeScript) example');
  const { stdout } = await run(process.execPath, [path.join(dir, 'top.js')], { env: { ...process.env, AMBER_URL: srv.url } });
  assert.equal(stdout, 'hit for x40 true\n');
});
