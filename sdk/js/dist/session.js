// Sessions and their progresses: feeds, host calls, snapshots, loads.
import './polyfill.js';
import { AlreadyResumedError, AmberError, ClosedError, ConnectionLostError, SessionBusyError, ShutdownError, fromWire, } from './errors.js';
import { mountFor } from './mounts.js';
import { idText } from './pool.js';
import { PyException, RawJSON, decodeValue, encodeValue } from './values.js';
export function limitsToWire(l) {
    const w = {};
    const ms = l.maxDurationMs ?? (l.maxDurationSecs !== undefined ? Math.round(l.maxDurationSecs * 1000) : undefined);
    const set = (k, v) => {
        if (v === undefined || v === 0)
            return;
        if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
            throw new TypeError(`limit ${k} must be a number >= 0`);
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
export function limitsFromWire(w) {
    const l = {};
    if (w['max_duration_ms']) {
        l.maxDurationMs = w['max_duration_ms'];
        l.maxDurationSecs = w['max_duration_ms'] / 1000;
    }
    if (w['max_memory'])
        l.maxMemory = w['max_memory'];
    if (w['max_allocations'])
        l.maxAllocations = w['max_allocations'];
    if (w['max_recursion'])
        l.maxRecursionDepth = w['max_recursion'];
    if (w['max_output'])
        l.maxOutput = w['max_output'];
    if (w['max_suspensions'])
        l.maxSuspensions = w['max_suspensions'];
    return l;
}
/** Returned by an `os` hook: the host does not provide this operation. */
export const NotHandled = Symbol('NotHandled');
function exceptionOf(err) {
    if (err instanceof PyException)
        return { type: err.type, message: err.message };
    if (err && typeof err === 'object' && 'type' in err && typeof err.type === 'string' && !(err instanceof Error)) {
        const e = err;
        return { type: e.type, message: String(e.message ?? '') };
    }
    if (err instanceof Error)
        return { type: 'RuntimeError', message: err.message };
    return { type: 'RuntimeError', message: String(err) };
}
function isThenable(v) {
    return !!v && (typeof v === 'object' || typeof v === 'function') && typeof v.then === 'function';
}
/**
 * Session is a durable Python namespace on the server: feeds run in it one
 * after another, like a REPL, and its state after every step is saved. It
 * runs one call at a time: a second call while one runs fails with
 * SessionBusyError (fork into more sessions to run branches in parallel).
 */
export class Session {
    #pool;
    /** The session's id: loadSession of it forks the session's last committed state. */
    id;
    ephemeral;
    /** The limits in force, as the server answered the checkout (capped at its ceilings). */
    limits;
    #busy = false;
    #closed = false;
    /** Counts the session's steps: a progress is live while its gen is the session's. */
    #gen = 0;
    #opts;
    #futures = new Map();
    constructor(pool, id, ephemeral, limits) {
        this.#pool = pool;
        this.id = id;
        this.ephemeral = ephemeral;
        this.limits = limits;
    }
    get pool() {
        return this.#pool;
    }
    /** @internal */
    get _gen() {
        return this.#gen;
    }
    /** @internal runs fn with the session claimed for one call. */
    async _locked(fn, gen) {
        if (this.#busy)
            throw new SessionBusyError('session_busy', 'the session is in use by another call (a session runs one call at a time)');
        if (this.#closed)
            throw new ClosedError('closed', 'the session is closed');
        if (gen !== undefined && gen !== this.#gen)
            throw new AlreadyResumedError('already_resumed', 'this progress was already resumed');
        this.#busy = true;
        try {
            return await fn();
        }
        finally {
            this.#busy = false;
        }
    }
    #mounts() {
        const m = this.#opts?.mount;
        return m === undefined ? [] : Array.isArray(m) ? m : [m];
    }
    #onEvent() {
        const cb = this.#opts?.printCallback;
        if (!cb)
            return undefined;
        return (e) => {
            if (e.event === 'print')
                cb(e.stream === 'stderr' ? 'stderr' : 'stdout', e.text);
        };
    }
    /**
     * step sends one step request and follows `running` replies with
     * `continue` until the step settles. A step whose reply never came back
     * is a ShutdownError naming the session's last committed state.
     */
    async #step(op, fields) {
        this.#gen++;
        const mounts = this.#mounts();
        const withMounts = (f) => {
            if (mounts.length)
                f['mounts'] = mounts.map((m) => ({ path: m.virtualPath, mode: m.mode }));
            return f;
        };
        const onEvent = this.#onEvent();
        const send = async (o, f) => {
            try {
                return await this.#pool.call({ ...withMounts(f), op: o, id: newReqID(), session: this.id }, onEvent);
            }
            catch (e) {
                if (e instanceof ConnectionLostError)
                    throw new ShutdownError(new TextEncoder().encode(this.id), e);
                throw e;
            }
        };
        let r = await send(op, fields);
        for (;;) {
            if (!r.ok)
                throw fromWire(r.error);
            if (r.progress !== 'running')
                return r;
            this.#opts?.onRunning?.(r.stats);
            r = await send('continue', {});
        }
    }
    async #simple(op, fields = {}) {
        const r = await this.#pool.request(op, { ...fields, session: this.id });
        if (!r.ok)
            throw fromWire(r.error);
        return r;
    }
    #encodeInputs(inputs) {
        if (!inputs)
            return undefined;
        const out = {};
        for (const [k, v] of Object.entries(inputs)) {
            try {
                out[k] = raw(encodeValue(v));
            }
            catch (e) {
                throw new TypeError(`input ${JSON.stringify(k)}: ${e instanceof Error ? e.message : String(e)}`);
            }
        }
        return Object.keys(out).length ? out : undefined;
    }
    async #feed(code, opts, start) {
        if (typeof code !== 'string')
            throw new TypeError('code must be a string');
        const inputs = this.#encodeInputs(opts?.inputs); // before anything is sent
        const fields = { code };
        if (inputs)
            fields['inputs'] = inputs;
        const names = Object.keys(opts?.externalFunctions ?? {}).sort();
        if (names.length)
            fields['functions'] = names;
        if (opts?.externalLookup || opts?.lookup)
            fields['lookup'] = true;
        if (start)
            fields['start'] = true;
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
    feedStart(code, opts) {
        return this._locked(() => this.#feed(code, opts, true));
    }
    /**
     * feedRun runs code to completion and returns the value of its trailing
     * expression (null for None or no expression), answering host calls,
     * lookups, OS calls and mounts with opts, in this client.
     */
    feedRun(code, opts) {
        return this._locked(async () => {
            const p = await this.#feed(code, opts, false);
            return (await this._auto(p)).output;
        });
    }
    /** dump saves the session's state (idle, or paused at a host call) and returns the snapshot's id. */
    dump() {
        return this._locked(() => this._dump());
    }
    /** @internal */
    async _dump() {
        const r = await this.#simple('dump');
        return new TextEncoder().encode(String(r.snapshot));
    }
    /**
     * loadSession replaces this fresh session's state with a session dump,
     * or with another session's last committed state (its id). Loading one
     * id into many sessions forks it.
     */
    loadSession(id) {
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
    loadSnapshot(id, opts) {
        return this._locked(async () => {
            this.#opts = opts;
            this.#futures.clear();
            return this._progress(await this.#step('load_snapshot', { snapshot: idText(id) }));
        });
    }
    /** history returns the session's recent committed steps. */
    history() {
        return this._locked(async () => (await this.#simple('history')).steps ?? []);
    }
    /** close ends the session. Its last committed state stays loadable by id until it expires (not an ephemeral one's). */
    async close() {
        if (this.#closed)
            return;
        await this._locked(async () => {
            await this.#simple('close');
            this.#closed = true;
        });
    }
    /** `await using session = await pool.checkout()` closes it at the end of the block. */
    async [Symbol.asyncDispose]() {
        if (this.#closed)
            return;
        try {
            await this.close();
        }
        catch (e) {
            // A session the server already forgot (an ephemeral one after a
            // reconnect, an expired one), or whose pool was closed first, is
            // closed as far as this client goes.
            if (!(e instanceof AmberError && (e.kind === 'unknown_session' || e.kind === 'closed')))
                throw e;
        }
    }
    /** @internal sends a resume (or resume_futures) and returns the next progress. */
    async _resume(op, fields) {
        return this._progress(await this.#step(op, fields));
    }
    /** @internal turns a settled step's reply into a progress. */
    _progress(r) {
        const gen = this.#gen;
        const dec = (w) => decodeValue(w);
        switch (r.progress) {
            case 'function_call': {
                const kwargs = {};
                for (const [k, v] of Object.entries(r.kwargs ?? {}))
                    kwargs[k] = dec(v);
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
    async _auto(p) {
        for (;;) {
            if (p instanceof Complete)
                return p;
            let op = 'resume';
            let fields;
            if (p instanceof FunctionSnapshot)
                fields = await this.#answerCall(p);
            else if (p instanceof NameLookupSnapshot)
                fields = await this.#answerLookup(p);
            else {
                op = 'resume_futures';
                fields = { results: await this.#awaitFutures(p.pendingCallIds) };
            }
            p = await this._resume(op, fields);
        }
    }
    async #answerCall(c) {
        const call = { call_id: c.callId };
        const o = this.#opts ?? {};
        const answer = (v) => {
            try {
                return { ...call, return_value: raw(encodeValue(v)) };
            }
            catch (e) {
                return { ...call, exception: { type: 'TypeError', message: `host function ${c.functionName} returned a value with no Python form: ${e instanceof Error ? e.message : String(e)}` } };
            }
        };
        try {
            if (c.osCall) {
                const m = mountFor(this.#mounts(), c.args[0]);
                if (m)
                    return answer(await m.call(c.osCall, c.args));
                if (!o.os)
                    return { ...call, not_handled: true };
                const v = await o.os(c.osCall, c.args, c.kwargs);
                return v === NotHandled ? { ...call, not_handled: true } : answer(v);
            }
            if (c.objectId !== undefined)
                return { ...call, not_handled: true };
            const f = o.externalFunctions?.[c.functionName];
            if (typeof f !== 'function')
                return { ...call, not_handled: true };
            const args = Object.keys(c.kwargs).length ? [...c.args, c.kwargs] : [...c.args];
            const v = f(...args);
            if (isThenable(v)) {
                this.#startFuture(c.callId, v);
                return { ...call, future: true };
            }
            return answer(v);
        }
        catch (e) {
            return { ...call, exception: exceptionOf(e) };
        }
    }
    async #answerLookup(n) {
        const f = this.#opts?.externalLookup;
        if (!f)
            return { not_handled: true };
        let v;
        try {
            v = await f(n.name);
        }
        catch (e) {
            return { exception: exceptionOf(e) };
        }
        if (v === undefined)
            return { not_handled: true };
        return { return_value: raw(encodeValue(v)) };
    }
    #startFuture(id, p) {
        const fu = { done: false, result: undefined, settled: Promise.resolve() };
        fu.settled = Promise.resolve(p).then((value) => {
            fu.done = true;
            fu.result = { value };
        }, (error) => {
            fu.done = true;
            fu.result = { error };
        });
        this.#futures.set(id, fu);
    }
    /** Waits until one of ids has settled, then settles every one that has. */
    async #awaitFutures(ids) {
        const mine = [];
        for (const id of ids) {
            const fu = this.#futures.get(id);
            if (!fu) {
                throw new AmberError('bad_request', `cannot settle the future of call ${id} automatically: it was not started by this client's feedRun or resumeAuto (use FutureSnapshot.resume)`);
            }
            mine.push(fu);
        }
        if (!mine.some((f) => f.done))
            await Promise.race(mine.map((f) => f.settled));
        const results = {};
        ids.forEach((id, i) => {
            const fu = mine[i];
            if (!fu.done)
                return;
            this.#futures.delete(id);
            results[String(id)] = futureResult(fu.result);
        });
        return results;
    }
}
function futureResult(r) {
    if ('error' in r)
        return { exception: exceptionOf(r.error) };
    try {
        return { return_value: raw(encodeValue(r.value)) };
    }
    catch (e) {
        return { exception: { type: 'TypeError', message: `a host coroutine returned a value with no Python form: ${e instanceof Error ? e.message : String(e)}` } };
    }
}
/** raw wraps text the encoder made (so it is JSON) without parsing it again. */
function raw(text) {
    const r = Object.create(RawJSON.prototype);
    r.text = text;
    return r;
}
function newReqID() {
    const b = new Uint8Array(16);
    globalThis.crypto.getRandomValues(b);
    return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
/** What every resumable progress shares: its session and whether it is live. */
class Paused {
    #session;
    #gen;
    /** The reply as the server sent it (values in the wire encoding). */
    reply;
    constructor(session, gen, reply) {
        this.#session = session;
        this.#gen = gen;
        this.reply = reply;
    }
    get session() {
        return this.#session;
    }
    /** The stats of the step that paused here. */
    get stats() {
        return this.reply.stats;
    }
    _resume(op, fields) {
        return this.#session._locked(() => this.#session._resume(op, fields), this.#gen);
    }
    /** dump saves the session paused here as a snapshot: loadSnapshot of it gives this pause back, once per load. */
    dump() {
        return this.#session._locked(() => this.#session._dump(), this.#gen);
    }
    /** resumeAuto answers this pause and every later one with the feed's options, until the feed completes. */
    resumeAuto() {
        return this.#session._locked(() => this.#session._auto(this), this.#gen);
    }
}
/** The sandbox called a host function (or made an OS call) and waits for its result. */
export class FunctionSnapshot extends Paused {
    functionName;
    args;
    kwargs;
    callId;
    /** Set for a method call on a host object. */
    objectId;
    /** The operation, for an OS call (a file operation: open, stat, listdir, write_file, ...). */
    osCall;
    constructor(session, gen, reply, args, kwargs) {
        super(session, gen, reply);
        this.osCall = reply.os_call || undefined;
        this.functionName = reply.function || reply.os_call || '';
        this.args = args;
        this.kwargs = kwargs;
        this.callId = Number(reply.call_id ?? 0);
        this.objectId = reply.object_id || undefined;
    }
    get isMethodCall() {
        return this.objectId !== undefined;
    }
    get isOsFunction() {
        return this.osCall !== undefined;
    }
    /** resume returns value as the call's result and runs on to the next pause. */
    async resume(value) {
        const rv = raw(encodeValue(value)); // a TypeError here sends nothing
        return this._resume('resume', { call_id: this.callId, return_value: rv });
    }
    /** resumeError raises an exception at the call: resumeError(new PyException('ValueError', 'bad')) or resumeError('ValueError', 'bad'). */
    resumeError(err, message) {
        const exception = typeof err === 'string' ? { type: err, message: message ?? '' } : exceptionOf(err);
        return this._resume('resume', { call_id: this.callId, exception });
    }
    /** resumeFuture answers with a future: the sandbox runs on, and a FutureSnapshot settles it by callId. */
    resumeFuture() {
        return this._resume('resume', { call_id: this.callId, future: true });
    }
    /** resumeNotHandled declines the call: NameError for a function, the OS error for an OS call. */
    resumeNotHandled() {
        return this._resume('resume', { call_id: this.callId, not_handled: true });
    }
}
/** The sandbox read a name nobody defined. */
export class NameLookupSnapshot extends Paused {
    name;
    constructor(session, gen, reply) {
        super(session, gen, reply);
        this.name = String(reply.name ?? '');
    }
    /** The seeds' name for `name`. */
    get variableName() {
        return this.name;
    }
    /** resume binds the name to value and runs on. */
    async resume(value) {
        const rv = raw(encodeValue(value));
        return this._resume('resume', { return_value: rv });
    }
    /** resumeError raises an exception at the read. */
    resumeError(err, message) {
        const exception = typeof err === 'string' ? { type: err, message: message ?? '' } : exceptionOf(err);
        return this._resume('resume', { exception });
    }
    /** resumeNotHandled raises NameError at the read. */
    resumeNotHandled() {
        return this._resume('resume', { not_handled: true });
    }
}
/** Every sandbox task awaits host futures: pendingCallIds are the ones not settled yet. */
export class FutureSnapshot extends Paused {
    pendingCallIds;
    constructor(session, gen, reply) {
        super(session, gen, reply);
        this.pendingCallIds = Object.freeze([...(reply.pending ?? [])]);
    }
    /**
     * resume settles futures by call id: a value, or a PyException (or
     * Error) raised at the await. Ids left out stay pending.
     */
    async resume(results) {
        const entries = results instanceof Map ? [...results] : Object.entries(results);
        const out = {};
        for (const [id, v] of entries) {
            out[String(id)] =
                v instanceof PyException || v instanceof Error ? { exception: exceptionOf(v) } : { return_value: raw(encodeValue(v)) };
        }
        return this._resume('resume_futures', { results: out });
    }
}
/** The feed finished: output is its trailing expression's value (null for None). */
export class Complete {
    #session;
    output;
    /** Python's repr of the output, as the server wrote it. */
    repr;
    reply;
    constructor(session, reply, output) {
        this.#session = session;
        this.reply = reply;
        this.output = output;
        this.repr = reply.repr ?? 'None';
    }
    get stats() {
        return this.reply.stats;
    }
    /** dump saves the session as it is now (a session dump, for loadSession). */
    dump() {
        return this.#session.dump();
    }
}
