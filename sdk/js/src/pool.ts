// The pool: a client of one Amber project, over one connection.

import './polyfill.js';
import { AmberError, ClosedError, ConnectionLostError, fromWire, BadRequestError } from './errors.js';
import { Session, type Limits, limitsToWire, limitsFromWire } from './session.js';
import {
  HttpTransport,
  WebSocketTransport,
  type ConnectionStatus,
  type Transport,
  type WebSocketConstructor,
} from './transport.js';
import { fromBase64, toBase64 } from './values.js';
import { encodeRequest, newID, type PrintEvent, type Reply, type SnapshotInfo, type StepStats, type Usage, type WireRequest } from './wire.js';

export interface PoolOptions {
  /** The project's API key: the x-api-key header (Node), or the api_key query parameter (a browser's WebSocket). */
  apiKey?: string;
  /**
   * How many times a request whose reply was lost (or that failed with a
   * retryable server error) is sent again with the same id, before the call
   * fails (default 8, with exponential backoff from 50 ms to 2 s).
   */
  retries?: number;
  /** Bound on the wait for one reply on a live connection (default 2 minutes). */
  replyTimeoutMs?: number;
  /** First backoff between resends (default 50 ms), doubling up to maxBackoffMs (2 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Told when the connection connects, closes or fails. */
  onStatus?: (status: ConnectionStatus) => void;
  /**
   * A W3C trace context (`00-{trace_id}-{span_id}-{flags}`, e.g. from
   * OpenTelemetry's `propagation.inject`), sent with every request (and on
   * the WebSocket handshake on Node), so the server's spans of each step
   * join the caller's trace. `pool.traceparent` changes it between calls.
   */
  traceparent?: string;
  /**
   * The WebSocket to use: by default the `ws` package on Node (headers,
   * 32 KB fragments), the global WebSocket in browsers (and on Node when
   * `ws` cannot be loaded).
   */
  WebSocket?: WebSocketConstructor;
}

/** Options of a new session. */
export interface CheckoutOptions {
  /** An ephemeral session cannot be dumped and is deleted when the pool's connection closes. */
  ephemeral?: boolean;
  /** The file name in tracebacks (default "main.py"). */
  scriptName?: string;
  /** Limits over all the session's steps; the server caps them at its ceilings. */
  limits?: Limits;
  /** Check each feed statically before it runs. */
  typeCheck?: boolean;
  /** Hosted volumes, by sandbox path: {"/data": "notes"}. */
  volumes?: Record<string, string>;
}

/** A volume of the project (volumeList without a volume). */
export interface VolumeInfo {
  name: string;
  bytes: number;
  files: number;
  version: number;
  updated: string;
}

const VOLUME_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function checkVolumeName(name: string): void {
  if (typeof name !== 'string' || !VOLUME_NAME.test(name)) {
    throw new TypeError(`volume name ${JSON.stringify(name)} must match ${VOLUME_NAME.source}`);
  }
}

/** The bytes of an id (a snapshot id is opaque bytes; on the wire it is text). */
export function idText(id: Uint8Array | string): string {
  return typeof id === 'string' ? id : new TextDecoder().decode(id);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function loadWs(): Promise<WebSocketConstructor | undefined> {
  try {
    const m = (await import('ws')) as unknown as { WebSocket?: WebSocketConstructor; default?: WebSocketConstructor };
    return m.WebSocket ?? m.default;
  } catch {
    return undefined;
  }
}

/** isWsPackage tells the ws package's WebSocket (which can send headers and fragments) from a browser's. */
function isWsPackage(ctor: WebSocketConstructor): boolean {
  const proto = ctor.prototype as Record<string, unknown>;
  return typeof proto['ping'] === 'function' && typeof proto['terminate'] === 'function';
}

/**
 * Pool is a client of one Amber project: it checks out sessions, lists and
 * deletes saved ids, and reads and writes volumes. Over WebSocket it keeps
 * one connection, reconnects when it drops, and sends the requests in
 * flight again with the same ids, so that every step runs once.
 */
export class Pool implements AsyncDisposable {
  #t: Transport;
  #closed = false;
  #requests = 0;
  readonly retries: number;
  /** The W3C trace context sent with every request (undefined: none). */
  traceparent: string | undefined;
  readonly #backoff: number;
  readonly #maxBackoff: number;

  private constructor(t: Transport, opts: PoolOptions) {
    this.#t = t;
    this.retries = opts.retries ?? 8;
    this.traceparent = opts.traceparent;
    this.#backoff = opts.backoffMs ?? 50;
    this.#maxBackoff = opts.maxBackoffMs ?? 2000;
  }

  /**
   * connect opens a pool: ws:// or wss:// over WebSocket (amber serve, an
   * API Gateway WebSocket API), http:// or https:// over the HTTP API
   * (POST /v1/{op}). Over WebSocket it connects once, to check the address
   * and the key (UnauthorizedError for a refused key).
   */
  static async connect(url: string, opts: PoolOptions = {}): Promise<Pool> {
    const cfg = {
      apiKey: opts.apiKey,
      replyTimeoutMs: opts.replyTimeoutMs ?? 120_000,
      onStatus: opts.onStatus,
      traceparent: opts.traceparent,
    };
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw new BadRequestError('bad_request', `bad endpoint ${JSON.stringify(url)}: want ws://, wss://, http:// or https://`);
    }
    if (u.protocol === 'http:' || u.protocol === 'https:') {
      return new Pool(new HttpTransport(url.replace(/\/+$/, ''), cfg), opts);
    }
    if (u.protocol !== 'ws:' && u.protocol !== 'wss:') {
      throw new BadRequestError('bad_request', `bad endpoint ${JSON.stringify(url)}: want ws://, wss://, http:// or https://`);
    }
    let ctor = opts.WebSocket;
    const g = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    const onNode = typeof process !== 'undefined' && !!process.versions?.node;
    if (!ctor && onNode) ctor = await loadWs();
    ctor ??= g;
    if (!ctor) throw new AmberError('unsupported', 'no WebSocket here: install the ws package (npm install ws), or use an http:// URL');
    const t = new WebSocketTransport(url, ctor, isWsPackage(ctor), cfg);
    await t.connect();
    return new Pool(t, opts);
  }

  /** The transport: "websocket" or "http". */
  get transport(): 'websocket' | 'http' {
    return this.#t.kind;
  }

  /** How many requests (distinct ids) this pool sent; resends are not counted. */
  get requestCount(): number {
    return this.#requests;
  }

  /** For tests: the WebSocket transport (to count dials, cut the connection). */
  get _transport(): Transport {
    return this.#t;
  }

  /**
   * call sends req and waits for its final reply, sending it again with the
   * same id when the reply was lost or the server asked for a retry.
   * Printed output reaches onEvent once, even across resends.
   */
  async call(req: WireRequest, onEvent?: (e: PrintEvent) => void): Promise<Reply> {
    if (this.#closed) throw new ClosedError('closed', 'the pool is closed');
    if (this.traceparent && req['traceparent'] === undefined) req = { ...req, traceparent: this.traceparent };
    const text = encodeRequest(req);
    this.#requests++;
    let seen = 0;
    let backoff = this.#backoff;
    for (let attempt = 0; ; attempt++) {
      let n = 0;
      const ev = (e: PrintEvent) => {
        n++;
        if (n <= seen) return;
        seen++;
        onEvent?.(e);
      };
      let r: Reply | undefined;
      let err: unknown;
      try {
        r = await this.#t.roundTrip(req, text, ev);
      } catch (e) {
        err = e;
      }
      let retry = false;
      if (err !== undefined) {
        if (!(err instanceof ConnectionLostError)) throw err;
        retry = true;
      } else if (r && !r.ok && r.error) {
        // Our own earlier try may still run on the server; once it has
        // committed, the same id gets its recorded reply.
        if (r.error.kind === 'internal') retry = true;
        if (r.error.kind === 'conflict') retry = attempt > 0;
      }
      if (!retry || attempt >= this.retries || this.#closed) {
        if (err !== undefined) throw err;
        const reply = r!;
        if (reply.printed && seen < reply.printed.length) {
          for (const e of reply.printed.slice(seen)) onEvent?.(e);
          seen = reply.printed.length;
        }
        return reply;
      }
      await sleep(backoff);
      backoff = Math.min(2 * backoff, this.#maxBackoff);
    }
  }

  /**
   * request sends one request {op, id, ...fields} with a fresh id (retried
   * as call does) and returns the reply as the server sent it, failed or
   * not. Fields holding Python values must be RawJSON. For tools that show
   * the protocol (the Workbench); programs use sessions.
   */
  request(op: string, fields: Record<string, unknown> = {}, opts: { onEvent?: (e: PrintEvent) => void } = {}): Promise<Reply> {
    return this.call({ ...fields, op, id: newID() }, opts.onEvent);
  }

  /** do sends a request that is not a step and throws the typed error of a failed reply. */
  async do(op: string, fields: Record<string, unknown> = {}): Promise<Reply> {
    const r = await this.request(op, fields);
    if (!r.ok) throw fromWire(r.error);
    return r;
  }

  /** checkout creates a new, fresh session. */
  async checkout(opts: CheckoutOptions = {}): Promise<Session> {
    const fields: Record<string, unknown> = {};
    if (opts.ephemeral) fields['ephemeral'] = true;
    if (opts.scriptName) fields['script_name'] = opts.scriptName;
    const limits = opts.limits ? limitsToWire(opts.limits) : undefined;
    if (limits) fields['limits'] = limits;
    if (opts.typeCheck) fields['type_check'] = true;
    if (opts.volumes && Object.keys(opts.volumes).length) {
      for (const [path, name] of Object.entries(opts.volumes)) {
        if (typeof path !== 'string' || !path.startsWith('/')) throw new TypeError(`volume path ${JSON.stringify(path)} must be absolute`);
        checkVolumeName(name);
      }
      fields['volumes'] = { ...opts.volumes };
    }
    const r = await this.do('checkout', fields);
    if (typeof r.session !== 'string' || !r.session) throw new AmberError('internal', 'checkout reply without a session');
    return new Session(this, r.session, !!opts.ephemeral, r.limits ? limitsFromWire(r.limits) : undefined);
  }

  /** snapshots lists the project's saved sessions and snapshots, and its storage quota. */
  async snapshots(): Promise<{ snapshots: SnapshotInfo[]; quota: { used: number; limit: number } | undefined }> {
    const r = await this.do('snapshots');
    return { snapshots: r.snapshots ?? [], quota: r.quota };
  }

  /**
   * usage returns the project's usage over the last `days` UTC days, today
   * included (0 or absent: all 31 the server keeps): steps, interpreter CPU
   * time, bytes written and GB-hours stored per day, the totals and the
   * project's daily caps. A project sees only its own.
   */
  async usage(days = 0): Promise<Usage> {
    if (!Number.isInteger(days) || days < 0 || days > 31) throw new RangeError('days is 0 to 31');
    const r = await this.do('usage', days ? { days } : {});
    if (!r.usage || !Array.isArray(r.usage.days)) throw new AmberError('internal', 'usage reply without usage');
    return r.usage;
  }

  /** deleteSnapshot deletes a snapshot made by dump (or a session's saved state). */
  async deleteSnapshot(id: Uint8Array | string): Promise<void> {
    await this.do('delete_snapshot', { snapshot: idText(id) });
  }

  /** history returns a session's recent committed steps. */
  async history(session: string): Promise<StepStats[]> {
    const r = await this.do('history', { session });
    return r.steps ?? [];
  }

  /** volumeList lists the project's volumes. */
  async volumeList(): Promise<VolumeInfo[]>;
  /** volumeList of a volume lists its files (paths relative to its root) and its version. */
  async volumeList(volume: string): Promise<{ files: { path: string; size: number }[]; version: number }>;
  async volumeList(volume?: string): Promise<unknown> {
    if (volume === undefined) {
      const r = await this.do('volume_list');
      return (r['volumes'] as VolumeInfo[] | undefined) ?? [];
    }
    checkVolumeName(volume);
    const r = await this.do('volume_list', { volume });
    return { files: (r['files'] as { path: string; size: number }[] | undefined) ?? [], version: Number(r['version'] ?? 0) };
  }

  /**
   * volumeRead returns a file of a volume (NotFoundError if there is none).
   * A file larger than one reply is read in pieces, all of one version (a
   * ConflictError if that version is gone). `offset` and `length` read a
   * range; `version` a recent version.
   */
  async volumeRead(
    volume: string,
    path: string,
    opts: { offset?: number; length?: number; version?: number } = {},
  ): Promise<{ data: Uint8Array; size: number; version: number }> {
    checkVolumeName(volume);
    const offset = opts.offset ?? 0;
    const read = async (off: number, length: number | undefined, version: number | undefined) => {
      const f: Record<string, unknown> = { volume, path };
      if (off) f['offset'] = off;
      if (length) f['length'] = length;
      if (version) f['version'] = version;
      const r = await this.do('volume_read', f);
      return { data: fromBase64(String(r['data'] ?? '')), size: Number(r['size'] ?? 0), version: Number(r['version'] ?? 0) };
    };
    const first = await read(offset, opts.length, opts.version);
    const want = opts.length ? Math.min(opts.length, Math.max(0, first.size - offset)) : Math.max(0, first.size - offset);
    if (first.data.length >= want || first.data.length === 0) return first;
    const pieces = [first.data];
    let got = first.data.length;
    while (got < want) {
      const next = await read(offset + got, want - got, first.version);
      if (next.data.length === 0) break;
      pieces.push(next.data);
      got += next.data.length;
    }
    const data = new Uint8Array(got);
    let at = 0;
    for (const p of pieces) {
      data.set(p, at);
      at += p.length;
    }
    return { data, size: first.size, version: first.version };
  }

  /**
   * volumeWrite creates or replaces a file of a volume (the volume is
   * created on first use) and returns the new version. Data larger than one
   * request goes in pieces, each appended on the version the one before
   * made (a ConflictError if another writer came between). `append` adds to
   * the file; `version` refuses the write (ConflictError) if the file
   * changed since that volume version.
   */
  async volumeWrite(volume: string, path: string, data: Uint8Array | string, opts: { append?: boolean; version?: number } = {}): Promise<number> {
    checkVolumeName(volume);
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    // A request must fit one message (one 32 KB frame from a browser); base64 adds a third.
    const t = this.#t;
    const piece = t instanceof WebSocketTransport && !t.nodeStyle ? 16 * 1024 : 64 * 1024;
    let version = opts.version;
    let append = !!opts.append;
    let off = 0;
    do {
      const chunk = bytes.subarray(off, off + piece);
      const f: Record<string, unknown> = { volume, path, data: toBase64(chunk) };
      if (append) f['append'] = true;
      if (version) f['version'] = version;
      const r = await this.do('volume_write', f);
      version = Number(r['version'] ?? 0);
      append = true;
      off += chunk.length;
    } while (off < bytes.length);
    return version ?? 0;
  }

  /** volumeDelete deletes a file of a volume, or without a path the whole volume. */
  async volumeDelete(volume: string, path?: string): Promise<void> {
    checkVolumeName(volume);
    await this.do('volume_delete', path === undefined ? { volume } : { volume, path });
  }

  /** close closes the pool's connection. Its ephemeral sessions are deleted by the server; durable ones stay. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#t.close();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
