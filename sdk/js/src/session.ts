// Sessions and their progresses: feeds, host calls, snapshots, loads.

import './polyfill.js';
import {
  AlreadyResumedError,
  AmberError,
  ClosedError,
  ConnectionLostError,
  SessionBusyError,
  ShutdownError,
  fromWire,
} from './errors.js';
import { mountFor, type Mount } from './mounts.js';
import type { Pool } from './pool.js';
import { idText } from './pool.js';
import { PyException, RawJSON, decodeValue, encodeValue } from './values.js';
import type { PrintEvent, Reply, StepStats, WireRequest } from './wire.js';

/**
 * Limits over all of a session's steps (the seeds' names). Absent or zero
 * means unlimited, but for maxRecursionDepth, whose default is the
 * interpreter's depth.
 */
export interface Limits {
  /** Run time, in seconds (or maxDurationMs). */
  maxDurationSecs?: number;
  maxDurationMs?: number;
  /** Heap bytes. */
  maxMemory?: number;
  maxAllocations?: number;
  maxRecursionDepth?: number;
  /** Bytes printed. */
  maxOutput?: number;
  /** Host calls, name lookups and futures waits. */
  maxSuspensions?: number;
}

export function limitsToWire(l: Limits): Record<string, number> | undefined {
  const w: Record<string, number> = {};
  const ms = l.maxDurationMs ?? (l.maxDurationSecs !== undefined ? Math.round(l.maxDurationSecs * 1000) : undefined);
  const set = (k: string, v: number | undefined) => {
    if (v === undefined || v === 0) return;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new TypeError(`limit ${k} must be a number >= 0`);
    w[k] = Math.round(v);
  };
  set('max_duration_ms', ms);
  set('max_memory', l.maxMemory);
  set('max_allocations', l.maxAllocations);
  set('max_recursion', l.maxRecursionDepth);
  set('max_output', l.maxOutput);
  set('max_suspensions', l.maxSuspensions);
  return Object.keys(w).length ? w : undefined;
}

export function limitsFromWire(w: Record<string, number>): Limits {
  const l: Limits = {};
  if (w['max_duration_ms']) {
    l.maxDurationMs = w['max_duration_ms'];
    l.maxDurationSecs = w['max_duration_ms'] / 1000;
  }
  if (w['max_memory']) l.maxMemory = w['max_memory'];
  if (w['max_allocations']) l.maxAllocations = w['max_allocations'];
  if (w['max_recursion']) l.maxRecursionDepth = w['max_recursion'];
  if (w['max_output']) l.maxOutput = w['max_output'];
  if (w['max_suspensions']) l.maxSuspensions = w['max_suspensions'];
  return l;
}

/**
 * A host function the sandbox calls by name: positional arguments first,
 * then, if the call had keyword arguments, an object of them. A returned
 * value answers the call; a returned Promise makes the call a coroutine
 * (sandbox code awaits it) that runs concurrently with the others; a
 * thrown PyException raises that exception in the sandbox, any other
 * throw RuntimeError.
 */
export type HostFunction = (...args: any[]) => unknown;

/** Returned by an `os` hook: the host does not provide this operation. */
export const NotHandled: unique symbol = Symbol('NotHandled');

export interface FeedOptions {
  /** Globals bound before the code runs. */
  inputs?: Record<string, unknown>;
  /**
   * Host functions the sandbox may call. A name mapped to null is declared
   * but answered by hand (feedStart returns its FunctionSnapshot).
   */
  externalFunctions?: Record<string, HostFunction | null | undefined>;
  /**
   * Answers reads of names nobody defined: a value binds the name,
   * undefined raises NameError. May be async.
   */
  externalLookup?: (name: string) => unknown;
  /** Pause at reads of undefined names (name_lookup) even without externalLookup, to answer by hand. */
  lookup?: boolean;
  /** Answers OS calls no mount serves; return NotHandled to decline (the sandbox sees PermissionError). */
  os?: (op: string, args: unknown[], kwargs: Record<string, unknown>) => unknown;
  /** Receives the sandbox's output as it arrives (over HTTP: with each reply). */
  printCallback?: (stream: 'stdout' | 'stderr', text: string) => void;
  /** Mounts served by this client (MountDir on Node, MemoryMount anywhere). */
  mount?: Mount | Mount[];
  /** Told of each slice of a step longer than the server's step budget ("running", then continued). */
  onRunning?: (stats: StepStats | undefined) => void;
}

/** A running host coroutine, answered with a future. */
interface Pending {
  done: boolean;
  result: { value: unknown } | { error: unknown } | undefined;
  settled: Promise<void>;
}

function exceptionOf(err: unknown): { type: string; message: string } {
  if (err instanceof PyException) return { type: err.type, message: err.message };
  if (err && typeof err === 'object' && 'type' in err && typeof (err as { type: unknown }).type === 'string' && !(err instanceof Error)) {
    const e = err as { type: string; message?: unknown };
    return { type: e.type, message: String(e.message ?? '') };
  }
  if (err instanceof Error) return { type: 'RuntimeError', message: err.message };
  return { type: 'RuntimeError', message: String(err) };
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return !!v && (typeof v === 'object' || typeof v === 'function') && typeof (v as { then?: unknown }).then === 'function';
}

/** A progress: where a feed stands. */
export type Progress = FunctionSnapshot | NameLookupSnapshot | FutureSnapshot | Complete;

/**
 * Session is a durable Python namespace on the server: feeds run in it one
 * after another, like a REPL, and its state after every step is saved. It
 * runs one call at a time: a second call while one runs fails with
 * SessionBusyError (fork into more sessions to run branches in parallel).
 */
export class Session implements AsyncDisposable {
  readonly #pool: Pool;
  /** The session's id: loadSession of it forks the session's last committed state. */
  readonly id: string;
  readonly ephemeral: boolean;
  /** The limits in force, as the server answered the checkout (capped at its ceilings). */
  readonly limits: Limits | undefined;
  #busy = false;
  #closed = false;
  /** Counts the session's steps: a progress is live while its gen is the session's. */
  #gen = 0;
  #opts: FeedOptions | undefined;
  #futures = new Map<number, Pending>();

  constructor(pool: Pool, id: string, ephemeral: boolean, limits: Limits | undefined) {
    this.#pool = pool;
    this.id = id;
    this.ephemeral = ephemeral;
    this.limits = limits;
  }

  get pool(): Pool {
    return this.#pool;
  }

  /** @internal */
  get _gen(): number {
    return this.#gen;
  }

  /** @internal runs fn with the session claimed for one call. */
  async _locked<T>(fn: () => Promise<T>, gen?: number): Promise<T> {
    if (this.#busy) throw new SessionBusyError('session_busy', 'the session is in use by another call (a session runs one call at a time)');
    if (this.#closed) throw new ClosedError('closed', 'the session is closed');
    if (gen !== undefined && gen !== this.#gen) throw new AlreadyResumedError('already_resumed', 'this progress was already resumed');
    this.#busy = true;
    try {
      return await fn();
    } finally {
      this.#busy = false;
    }
  }

  #mounts(): Mount[] {
    const m = this.#opts?.mount;
    return m === undefined ? [] : Array.isArray(m) ? m : [m];
  }

  #onEvent(): ((e: PrintEvent) => void) | undefined {
    const cb = this.#opts?.printCallback;
    if (!cb) return undefined;
    return (e) => {
      if (e.event === 'print') cb(e.stream === 'stderr' ? 'stderr' : 'stdout', e.text);
    };
  }

  /**
   * step sends one step request and follows `running` replies with
   * `continue` until the step settles. A step whose reply never came back
   * is a ShutdownError naming the session's last committed state.
   */
  async #step(op: string, fields: Record<string, unknown>): Promise<Reply> {
    this.#gen++;
    const mounts = this.#mounts();
    const withMounts = (f: Record<string, unknown>) => {
      if (mounts.length) f['mounts'] = mounts.map((m) => ({ path: m.virtualPath, mode: m.mode }));
      return f;
    };
    const onEvent = this.#onEvent();
    const send = async (o: string, f: Record<string, unknown>) => {
      try {
        return await this.#pool.call({ ...withMounts(f), op: o, id: newReqID(), session: this.id } as WireRequest, onEvent);
      } catch (e) {
        if (e instanceof ConnectionLostError) throw new ShutdownError(new TextEncoder().encode(this.id), e);
        throw e;
      }
    };
    let r = await send(op, fields);
    for (;;) {
      if (!r.ok) throw fromWire(r.error);
      if (r.progress !== 'running') return r;
      this.#opts?.onRunning?.(r.stats);
      r = await send('continue', {});
    }
  }

  async #simple(op: string, fields: Record<string, unknown> = {}): Promise<Reply> {
    const r = await this.#pool.request(op, { ...fields, session: this.id });
    if (!r.ok) throw fromWire(r.error);
    return r;
  }

  #encodeInputs(inputs: Record<string, unknown> | undefined): Record<string, RawJSON> | undefined {
    if (!inputs) return undefined;
    const out: Record<string, RawJSON> = {};
    for (const [k, v] of Object.entries(inputs)) {
      try {
        out[k] = raw(encodeValue(v));
      } catch (e) {
        throw new TypeError(`input ${JSON.stringify(k)}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return Object.keys(out).length ? out : undefined;
  }

  async #feed(code: string, opts: FeedOptions | undefined, start: boolean): Promise<Progress> {
    if (typeof code !== 'string') throw new TypeError('code must be a string');
    const inputs = this.#encodeInputs(opts?.inputs); // before anything is sent
    const fields: Record<string, unknown> = { code };
    if (inputs) fields['inputs'] = inputs;
    const names = Object.keys(opts?.externalFunctions ?? {}).sort();
    if (names.length) fields['functions'] = names;
    if (opts?.externalLookup || opts?.lookup) fields['lookup'] = true;
    if (start) fields['start'] = true;
    this.#opts = opts;
    this.#futures.clear();
    return this._progress(await this.#step('feed', fields));
  }

  /**
   * feedStart runs code until it completes or pauses for the host, and
   * returns the progress: a FunctionSnapshot (a call of a host function,
   * or of any name the code did not define), a NameLookupSnapshot, a
   * FutureSnapshot or a Complete. A step longer than the server's step
   * budget is continued by itself. An uncaught exception is a PythonError.
   */
  feedStart(code: string, opts?: FeedOptions): Promise<Progress> {
    return this._locked(() => this.#feed(code, opts, true));
  }

  /**
   * feedRun runs code to completion and returns the value of its trailing
   * expression (null for None or no expression), answering host calls,
   * lookups, OS calls and mounts with opts, in this client.
   */
  feedRun(code: string, opts?: FeedOptions): Promise<unknown> {
    return this._locked(async () => {
      const p = await this.#feed(code, opts, false);
      return (await this._auto(p)).output;
    });
  }

  /** dump saves the session's state (idle, or paused at a host call) and returns the snapshot's id. */
  dump(): Promise<Uint8Array> {
    return this._locked(() => this._dump());
  }

  /** @internal */
  async _dump(): Promise<Uint8Array> {
    const r = await this.#simple('dump');
    return new TextEncoder().encode(String(r.snapshot));
  }

  /**
   * loadSession replaces this fresh session's state with a session dump,
   * or with another session's last committed state (its id). Loading one
   * id into many sessions forks it.
   */
  loadSession(id: Uint8Array | string): Promise<void> {
    return this._locked(async () => {
      this.#gen++;
      await this.#simple('load_session', { snapshot: idText(id) });
    });
  }

  /**
   * loadSnapshot replaces this fresh session's state with a snapshot taken
   * at a host call and returns that call's progress, to resume here. opts
   * gives the host functions and hooks for the rest of the run.
   */
  loadSnapshot(id: Uint8Array | string, opts?: FeedOptions): Promise<Progress> {
    return this._locked(async () => {
      this.#opts = opts;
      this.#futures.clear();
      return this._progress(await this.#step('load_snapshot', { snapshot: idText(id) }));
    });
  }

  /** history returns the session's recent committed steps. */
  history(): Promise<StepStats[]> {
    return this._locked(async () => (await this.#simple('history')).steps ?? []);
  }

  /** close ends the session. Its last committed state stays loadable by id until it expires (not an ephemeral one's). */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this._locked(async () => {
      await this.#simple('close');
      this.#closed = true;
    });
  }

  /** `await using session = await pool.checkout()` closes it at the end of the block. */
  async [Symbol.asyncDispose](): Promise<void> {
    if (this.#closed) return;
    try {
      await this.close();
    } catch (e) {
      // A session the server already forgot (an ephemeral one after a
      // reconnect, an expired one), or whose pool was closed first, is
      // closed as far as this client goes.
      if (!(e instanceof AmberError && (e.kind === 'unknown_session' || e.kind === 'closed'))) throw e;
    }
  }

  /** @internal sends a resume (or resume_futures) and returns the next progress. */
  async _resume(op: string, fields: Record<string, unknown>): Promise<Progress> {
    return this._progress(await this.#step(op, fields));
  }

  /** @internal turns a settled step's reply into a progress. */
  _progress(r: Reply): Progress {
    const gen = this.#gen;
    const dec = (w: unknown) => decodeValue(w);
    switch (r.progress) {
      case 'function_call': {
        const kwargs: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(r.kwargs ?? {})) kwargs[k] = dec(v);
        return new FunctionSnapshot(this, gen, r, (r.args ?? []).map(dec), kwargs);
      }
      case 'name_lookup':
        return new NameLookupSnapshot(this, gen, r);
      case 'futures':
        return new FutureSnapshot(this, gen, r);
      case 'complete':
      case undefined:
        return new Complete(this, r, r.value === undefined ? null : dec(r.value));
    }
    throw new AmberError('internal', `unknown progress ${JSON.stringify(r.progress)} from the server`);
  }

  /** @internal answers pauses with the feed's options until the feed completes. */
  async _auto(p: Progress): Promise<Complete> {
    for (;;) {
      if (p instanceof Complete) return p;
      let op = 'resume';
      let fields: Record<string, unknown>;
      if (p instanceof FunctionSnapshot) fields = await this.#answerCall(p);
      else if (p instanceof NameLookupSnapshot) fields = await this.#answerLookup(p);
      else {
        op = 'resume_futures';
        fields = { results: await this.#awaitFutures(p.pendingCallIds) };
      }
      p = await this._resume(op, fields);
    }
  }

  async #answerCall(c: FunctionSnapshot): Promise<Record<string, unknown>> {
    const call = { call_id: c.callId };
    const o = this.#opts ?? {};
    const answer = (v: unknown) => {
      try {
        return { ...call, return_value: raw(encodeValue(v)) };
      } catch (e) {
        return { ...call, exception: { type: 'TypeError', message: `host function ${c.functionName} returned a value with no Python form: ${e instanceof Error ? e.message : String(e)}` } };
      }
    };
    try {
      if (c.osCall) {
        const m = mountFor(this.#mounts(), c.args[0]);
        if (m) return answer(await m.call(c.osCall, c.args));
        if (!o.os) return { ...call, not_handled: true };
        const v = await o.os(c.osCall, c.args, c.kwargs);
        return v === NotHandled ? { ...call, not_handled: true } : answer(v);
      }
      if (c.objectId !== undefined) return { ...call, not_handled: true };
      const f = o.externalFunctions?.[c.functionName];
      if (typeof f !== 'function') return { ...call, not_handled: true };
      const args = Object.keys(c.kwargs).length ? [...c.args, c.kwargs] : [...c.args];
      const v = f(...args);
      if (isThenable(v)) {
        this.#startFuture(c.callId, v);
        return { ...call, future: true };
      }
      return answer(v);
    } catch (e) {
      return { ...call, exception: exceptionOf(e) };
    }
  }

  async #answerLookup(n: NameLookupSnapshot): Promise<Record<string, unknown>> {
    const f = this.#opts?.externalLookup;
    if (!f) return { not_handled: true };
    let v: unknown;
    try {
      v = await f(n.name);
    } catch (e) {
      return { exception: exceptionOf(e) };
    }
    if (v === undefined) return { not_handled: true };
    return { return_value: raw(encodeValue(v)) };
  }

  #startFuture(id: number, p: PromiseLike<unknown>): void {
    const fu: Pending = { done: false, result: undefined, settled: Promise.resolve() };
    fu.settled = Promise.resolve(p).then(
      (value) => {
        fu.done = true;
        fu.result = { value };
      },
      (error: unknown) => {
        fu.done = true;
        fu.result = { error };
      },
    );
    this.#futures.set(id, fu);
  }

  /** Waits until one of ids has settled, then settles every one that has. */
  async #awaitFutures(ids: readonly number[]): Promise<Record<string, unknown>> {
    const mine: Pending[] = [];
    for (const id of ids) {
      const fu = this.#futures.get(id);
      if (!fu) {
        throw new AmberError('bad_request', `cannot settle the future of call ${id} automatically: it was not started by this client's feedRun or resumeAuto (use FutureSnapshot.resume)`);
      }
      mine.push(fu);
    }
    if (!mine.some((f) => f.done)) await Promise.race(mine.map((f) => f.settled));
    const results: Record<string, unknown> = {};
    ids.forEach((id, i) => {
      const fu = mine[i]!;
      if (!fu.done) return;
      this.#futures.delete(id);
      results[String(id)] = futureResult(fu.result!);
    });
    return results;
  }
}

function futureResult(r: { value: unknown } | { error: unknown }): unknown {
  if ('error' in r) return { exception: exceptionOf(r.error) };
  try {
    return { return_value: raw(encodeValue(r.value)) };
  } catch (e) {
    return { exception: { type: 'TypeError', message: `a host coroutine returned a value with no Python form: ${e instanceof Error ? e.message : String(e)}` } };
  }
}

/** raw wraps text the encoder made (so it is JSON) without parsing it again. */
function raw(text: string): RawJSON {
  const r = Object.create(RawJSON.prototype) as { text: string };
  r.text = text;
  return r as RawJSON;
}

function newReqID(): string {
  const b = new Uint8Array(16);
  globalThis.crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** What every resumable progress shares: its session and whether it is live. */
abstract class Paused {
  readonly #session: Session;
  readonly #gen: number;
  /** The reply as the server sent it (values in the wire encoding). */
  readonly reply: Reply;
  constructor(session: Session, gen: number, reply: Reply) {
    this.#session = session;
    this.#gen = gen;
    this.reply = reply;
  }
  get session(): Session {
    return this.#session;
  }
  /** The stats of the step that paused here. */
  get stats(): StepStats | undefined {
    return this.reply.stats;
  }
  protected _resume(op: string, fields: Record<string, unknown>): Promise<Progress> {
    return this.#session._locked(() => this.#session._resume(op, fields), this.#gen);
  }
  /** dump saves the session paused here as a snapshot: loadSnapshot of it gives this pause back, once per load. */
  dump(): Promise<Uint8Array> {
    return this.#session._locked(() => this.#session._dump(), this.#gen);
  }
  /** resumeAuto answers this pause and every later one with the feed's options, until the feed completes. */
  resumeAuto(): Promise<Complete> {
    return this.#session._locked(() => this.#session._auto(this as unknown as Progress), this.#gen);
  }
}

/** An exception to raise: a PyException, an Error (RuntimeError), or {type, message}. */
export type ExceptionLike = PyException | Error | { type: string; message?: string };

/** The sandbox called a host function (or made an OS call) and waits for its result. */
export class FunctionSnapshot extends Paused {
  readonly functionName: string;
  readonly args: unknown[];
  readonly kwargs: Record<string, unknown>;
  readonly callId: number;
  /** Set for a method call on a host object. */
  readonly objectId: number | undefined;
  /** The operation, for an OS call (a file operation: open, stat, listdir, write_file, ...). */
  readonly osCall: string | undefined;
  constructor(session: Session, gen: number, reply: Reply, args: unknown[], kwargs: Record<string, unknown>) {
    super(session, gen, reply);
    this.osCall = reply.os_call || undefined;
    this.functionName = reply.function || reply.os_call || '';
    this.args = args;
    this.kwargs = kwargs;
    this.callId = Number(reply.call_id ?? 0);
    this.objectId = reply.object_id || undefined;
  }
  get isMethodCall(): boolean {
    return this.objectId !== undefined;
  }
  get isOsFunction(): boolean {
    return this.osCall !== undefined;
  }
  /** resume returns value as the call's result and runs on to the next pause. */
  async resume(value: unknown): Promise<Progress> {
    const rv = raw(encodeValue(value)); // a TypeError here sends nothing
    return this._resume('resume', { call_id: this.callId, return_value: rv });
  }
  /** resumeError raises an exception at the call: resumeError(new PyException('ValueError', 'bad')) or resumeError('ValueError', 'bad'). */
  resumeError(err: ExceptionLike | string, message?: string): Promise<Progress> {
    const exception = typeof err === 'string' ? { type: err, message: message ?? '' } : exceptionOf(err);
    return this._resume('resume', { call_id: this.callId, exception });
  }
  /** resumeFuture answers with a future: the sandbox runs on, and a FutureSnapshot settles it by callId. */
  resumeFuture(): Promise<Progress> {
    return this._resume('resume', { call_id: this.callId, future: true });
  }
  /** resumeNotHandled declines the call: NameError for a function, the OS error for an OS call. */
  resumeNotHandled(): Promise<Progress> {
    return this._resume('resume', { call_id: this.callId, not_handled: true });
  }
}

/** The sandbox read a name nobody defined. */
export class NameLookupSnapshot extends Paused {
  readonly name: string;
  constructor(session: Session, gen: number, reply: Reply) {
    super(session, gen, reply);
    this.name = String(reply.name ?? '');
  }
  /** The seeds' name for `name`. */
  get variableName(): string {
    return this.name;
  }
  /** resume binds the name to value and runs on. */
  async resume(value: unknown): Promise<Progress> {
    const rv = raw(encodeValue(value));
    return this._resume('resume', { return_value: rv });
  }
  /** resumeError raises an exception at the read. */
  resumeError(err: ExceptionLike | string, message?: string): Promise<Progress> {
    const exception = typeof err === 'string' ? { type: err, message: message ?? '' } : exceptionOf(err);
    return this._resume('resume', { exception });
  }
  /** resumeNotHandled raises NameError at the read. */
  resumeNotHandled(): Promise<Progress> {
    return this._resume('resume', { not_handled: true });
  }
}

/** Every sandbox task awaits host futures: pendingCallIds are the ones not settled yet. */
export class FutureSnapshot extends Paused {
  readonly pendingCallIds: readonly number[];
  constructor(session: Session, gen: number, reply: Reply) {
    super(session, gen, reply);
    this.pendingCallIds = Object.freeze([...(reply.pending ?? [])]);
  }
  /**
   * resume settles futures by call id: a value, or a PyException (or
   * Error) raised at the await. Ids left out stay pending.
   */
  async resume(results: Map<number, unknown> | Record<number, unknown>): Promise<Progress> {
    const entries = results instanceof Map ? [...results] : Object.entries(results);
    const out: Record<string, unknown> = {};
    for (const [id, v] of entries) {
      out[String(id)] =
        v instanceof PyException || v instanceof Error ? { exception: exceptionOf(v) } : { return_value: raw(encodeValue(v)) };
    }
    return this._resume('resume_futures', { results: out });
  }
}

/** The feed finished: output is its trailing expression's value (null for None). */
export class Complete {
  readonly #session: Session;
  readonly output: unknown;
  /** Python's repr of the output, as the server wrote it. */
  readonly repr: string;
  readonly reply: Reply;
  constructor(session: Session, reply: Reply, output: unknown) {
    this.#session = session;
    this.reply = reply;
    this.output = output;
    this.repr = reply.repr ?? 'None';
  }
  get stats(): StepStats | undefined {
    return this.reply.stats;
  }
  /** dump saves the session as it is now (a session dump, for loadSession). */
  dump(): Promise<Uint8Array> {
    return this.#session.dump();
  }
}
