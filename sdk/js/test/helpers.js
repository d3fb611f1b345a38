// Test helpers: a real `amber serve`, built from this repository, on a free
// loopback port with its data in a temporary folder.

import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
export const pkgDir = path.resolve(here, '..');
export const repoRoot = path.resolve(pkgDir, '..', '..');
const binary = path.join(pkgDir, '.cache', 'amber');

let built;
/**
 * buildAmber builds cmd/amber into sdk/js/.cache/amber (once per test
 * process; go build skips the link when the binary is current).
 * AMBER_BIN names another binary instead (a server built from another
 * tree, for test/pending).
 */
export function buildAmber() {
  if (process.env.AMBER_BIN) return Promise.resolve(process.env.AMBER_BIN);
  built ??= promisify(execFile)('go', ['build', '-o', binary, './cmd/amber'], { cwd: repoRoot, timeout: 300_000 }).then(() => binary);
  return built;
}

/** freePort finds a free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * startServer runs amber serve with extra flags; stop() ends it, restart()
 * starts it again on the same port and data folder. `keys` (API key ->
 * project) writes a --keys file.
 */
export async function startServer({ args = [], keys, port } = {}) {
  const bin = await buildAmber();
  const data = mkdtempSync(path.join(tmpdir(), 'amber-js-'));
  port ??= await freePort();
  const flags = ['serve', '--addr', `127.0.0.1:${port}`, '--data', data, '-q', ...args];
  if (keys) {
    const f = path.join(data, 'keys.json');
    writeFileSync(f, JSON.stringify(keys));
    flags.push('--keys', f);
  }
  let proc;
  let log = '';
  const start = async () => {
    proc = spawn(bin, flags, { stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout.on('data', (d) => (log += d));
    proc.stderr.on('data', (d) => (log += d));
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.exited = exited;
    for (let i = 0; i < 200; i++) {
      if (await canConnect(port)) return;
      if (proc.exitCode !== null) throw new Error('amber serve exited: ' + log);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('amber serve did not start: ' + log);
  };
  await start();
  const srv = {
    port,
    url: `ws://127.0.0.1:${port}/`,
    httpUrl: `http://127.0.0.1:${port}`,
    get log() {
      return log;
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
        await proc.exited;
        clearTimeout(t);
      }
    },
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGKILL');
        await proc.exited;
      }
    },
    async restart() {
      await srv.stop();
      await start();
    },
    async close() {
      await srv.stop();
      rmSync(data, { recursive: true, force: true });
    },
  };
  return srv;
}

function canConnect(port) {
  return new Promise((resolve) => {
    const c = net.connect(port, '127.0.0.1');
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

/**
 * startProxy forwards a loopback port to the server. cutReplies(n): the
 * next n connections are cut after the server's first bytes of a reply
 * reach the proxy (a server that closes mid-reply); cutAlways() cuts every
 * reply.
 */
export async function startProxy(targetPort) {
  let cuts = 0;
  let always = false;
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    let handshakeDone = false;
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => {
      // The first chunk is the handshake's 101; later chunks are messages.
      if (handshakeDone && (always || cuts > 0)) {
        if (!always) cuts--;
        client.write(d.subarray(0, Math.max(1, Math.floor(d.length / 2))));
        client.destroy();
        upstream.destroy();
        return;
      }
      if (d.includes('\r\n\r\n')) handshakeDone = true;
      client.write(d);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const port = server.address().port;
  return {
    url: `ws://127.0.0.1:${port}/`,
    cutReplies(n) {
      cuts = n;
    },
    cutAlways(on = true) {
      always = on;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

/** The two transports every scenario runs over. */
export const transports = [
  { name: 'websocket', url: (srv) => srv.url },
  { name: 'http', url: (srv) => srv.httpUrl },
];
