import './polyfill.js';
import { type Mount } from './mounts.js';
import type { Pool } from './pool.js';
import { PyException } from './values.js';
import type { Reply, StepStats } from './wire.js';
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
export declare function limitsToWire(l: Limits): Record<string, number> | undefined;
export declare function limitsFromWire(w: Record<string, number>): Limits;
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
export declare const NotHandled: unique symbol;
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
/** A progress: where a feed stands. */
export type Progress = FunctionSnapshot | NameLookupSnapshot | FutureSnapshot | Complete;
/**
 * Session is a durable Python namespace on the server: feeds run in it one
 * after another, like a REPL, and its state after every step is saved. It
 * runs one call at a time: a second call while one runs fails with
 * SessionBusyError (fork into more sessions to run branches in parallel).
 */
export declare class Session implements AsyncDisposable {
    #private;
    /** The session's id: loadSession of it forks the session's last committed state. */
    readonly id: string;
    readonly ephemeral: boolean;
    /** The limits in force, as the server answered the checkout (capped at its ceilings). */
    readonly limits: Limits | undefined;
    constructor(pool: Pool, id: string, ephemeral: boolean, limits: Limits | undefined);
    get pool(): Pool;
    /** @internal */
    get _gen(): number;
    /** @internal runs fn with the session claimed for one call. */
    _locked<T>(fn: () => Promise<T>, gen?: number): Promise<T>;
    /**
     * feedStart runs code until it completes or pauses for the host, and
     * returns the progress: a FunctionSnapshot (a call of a host function,
     * or of any name the code did not define), a NameLookupSnapshot, a
     * FutureSnapshot or a Complete. A step longer than the server's step
     * budget is continued by itself. An uncaught exception is a PythonError.
     */
    feedStart(code: string, opts?: FeedOptions): Promise<Progress>;
    /**
     * feedRun runs code to completion and returns the value of its trailing
     * expression (null for None or no expression), answering host calls,
     * lookups, OS calls and mounts with opts, in this client.
     */
    feedRun(code: string, opts?: FeedOptions): Promise<unknown>;
    /** dump saves the session's state (idle, or paused at a host call) and returns the snapshot's id. */
    dump(): Promise<Uint8Array>;
    /** @internal */
    _dump(): Promise<Uint8Array>;
    /**
     * loadSession replaces this fresh session's state with a session dump,
     * or with another session's last committed state (its id). Loading one
     * id into many sessions forks it.
     */
    loadSession(id: Uint8Array | string): Promise<void>;
    /**
     * loadSnapshot replaces this fresh session's state with a snapshot taken
     * at a host call and returns that call's progress, to resume here. opts
     * gives the host functions and hooks for the rest of the run.
     */
    loadSnapshot(id: Uint8Array | string, opts?: FeedOptions): Promise<Progress>;
    /** history returns the session's recent committed steps. */
    history(): Promise<StepStats[]>;
    /** close ends the session. Its last committed state stays loadable by id until it expires (not an ephemeral one's). */
    close(): Promise<void>;
    /** `await using session = await pool.checkout()` closes it at the end of the block. */
    [Symbol.asyncDispose](): Promise<void>;
    /** @internal sends a resume (or resume_futures) and returns the next progress. */
    _resume(op: string, fields: Record<string, unknown>): Promise<Progress>;
    /** @internal turns a settled step's reply into a progress. */
    _progress(r: Reply): Progress;
    /** @internal answers pauses with the feed's options until the feed completes. */
    _auto(p: Progress): Promise<Complete>;
}
/** What every resumable progress shares: its session and whether it is live. */
declare abstract class Paused {
    #private;
    /** The reply as the server sent it (values in the wire encoding). */
    readonly reply: Reply;
    constructor(session: Session, gen: number, reply: Reply);
    get session(): Session;
    /** The stats of the step that paused here. */
    get stats(): StepStats | undefined;
    protected _resume(op: string, fields: Record<string, unknown>): Promise<Progress>;
    /** dump saves the session paused here as a snapshot: loadSnapshot of it gives this pause back, once per load. */
    dump(): Promise<Uint8Array>;
    /** resumeAuto answers this pause and every later one with the feed's options, until the feed completes. */
    resumeAuto(): Promise<Complete>;
}
/** An exception to raise: a PyException, an Error (RuntimeError), or {type, message}. */
export type ExceptionLike = PyException | Error | {
    type: string;
    message?: string;
};
/** The sandbox called a host function (or made an OS call) and waits for its result. */
export declare class FunctionSnapshot extends Paused {
    readonly functionName: string;
    readonly args: unknown[];
    readonly kwargs: Record<string, unknown>;
    readonly callId: number;
    /** Set for a method call on a host object. */
    readonly objectId: number | undefined;
    /** The operation, for an OS call (a file operation: open, stat, listdir, write_file, ...). */
    readonly osCall: string | undefined;
    constructor(session: Session, gen: number, reply: Reply, args: unknown[], kwargs: Record<string, unknown>);
    get isMethodCall(): boolean;
    get isOsFunction(): boolean;
    /** resume returns value as the call's result and runs on to the next pause. */
    resume(value: unknown): Promise<Progress>;
    /** resumeError raises an exception at the call: resumeError(new PyException('ValueError', 'bad')) or resumeError('ValueError', 'bad'). */
    resumeError(err: ExceptionLike | string, message?: string): Promise<Progress>;
    /** resumeFuture answers with a future: the sandbox runs on, and a FutureSnapshot settles it by callId. */
    resumeFuture(): Promise<Progress>;
    /** resumeNotHandled declines the call: NameError for a function, the OS error for an OS call. */
    resumeNotHandled(): Promise<Progress>;
}
/** The sandbox read a name nobody defined. */
export declare class NameLookupSnapshot extends Paused {
    readonly name: string;
    constructor(session: Session, gen: number, reply: Reply);
    /** The seeds' name for `name`. */
    get variableName(): string;
    /** resume binds the name to value and runs on. */
    resume(value: unknown): Promise<Progress>;
    /** resumeError raises an exception at the read. */
    resumeError(err: ExceptionLike | string, message?: string): Promise<Progress>;
    /** resumeNotHandled raises NameError at the read. */
    resumeNotHandled(): Promise<Progress>;
}
/** Every sandbox task awaits host futures: pendingCallIds are the ones not settled yet. */
export declare class FutureSnapshot extends Paused {
    readonly pendingCallIds: readonly number[];
    constructor(session: Session, gen: number, reply: Reply);
    /**
     * resume settles futures by call id: a value, or a PyException (or
     * Error) raised at the await. Ids left out stay pending.
     */
    resume(results: Map<number, unknown> | Record<number, unknown>): Promise<Progress>;
}
/** The feed finished: output is its trailing expression's value (null for None). */
export declare class Complete {
    #private;
    readonly output: unknown;
    /** Python's repr of the output, as the server wrote it. */
    readonly repr: string;
    readonly reply: Reply;
    constructor(session: Session, reply: Reply, output: unknown);
    get stats(): StepStats | undefined;
    /** dump saves the session as it is now (a session dump, for loadSession). */
    dump(): Promise<Uint8Array>;
}
export {};
