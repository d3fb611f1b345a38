import './polyfill.js';
import { Session, type Limits } from './session.js';
import { type ConnectionStatus, type Transport, type WebSocketConstructor } from './transport.js';
import { type PrintEvent, type Reply, type SnapshotInfo, type StepStats, type Usage, type WireRequest } from './wire.js';
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
/** The bytes of an id (a snapshot id is opaque bytes; on the wire it is text). */
export declare function idText(id: Uint8Array | string): string;
/**
 * Pool is a client of one Amber project: it checks out sessions, lists and
 * deletes saved ids, and reads and writes volumes. Over WebSocket it keeps
 * one connection, reconnects when it drops, and sends the requests in
 * flight again with the same ids, so that every step runs once.
 */
export declare class Pool implements AsyncDisposable {
    #private;
    readonly retries: number;
    /** The W3C trace context sent with every request (undefined: none). */
    traceparent: string | undefined;
    private constructor();
    /**
     * connect opens a pool: ws:// or wss:// over WebSocket (amber serve, an
     * API Gateway WebSocket API), http:// or https:// over the HTTP API
     * (POST /v1/{op}). Over WebSocket it connects once, to check the address
     * and the key (UnauthorizedError for a refused key).
     */
    static connect(url: string, opts?: PoolOptions): Promise<Pool>;
    /** The transport: "websocket" or "http". */
    get transport(): 'websocket' | 'http';
    /** How many requests (distinct ids) this pool sent; resends are not counted. */
    get requestCount(): number;
    /** For tests: the WebSocket transport (to count dials, cut the connection). */
    get _transport(): Transport;
    /**
     * call sends req and waits for its final reply, sending it again with the
     * same id when the reply was lost or the server asked for a retry.
     * Printed output reaches onEvent once, even across resends.
     */
    call(req: WireRequest, onEvent?: (e: PrintEvent) => void): Promise<Reply>;
    /**
     * request sends one request {op, id, ...fields} with a fresh id (retried
     * as call does) and returns the reply as the server sent it, failed or
     * not. Fields holding Python values must be RawJSON. For tools that show
     * the protocol (the Workbench); programs use sessions.
     */
    request(op: string, fields?: Record<string, unknown>, opts?: {
        onEvent?: (e: PrintEvent) => void;
    }): Promise<Reply>;
    /** do sends a request that is not a step and throws the typed error of a failed reply. */
    do(op: string, fields?: Record<string, unknown>): Promise<Reply>;
    /** checkout creates a new, fresh session. */
    checkout(opts?: CheckoutOptions): Promise<Session>;
    /** snapshots lists the project's saved sessions and snapshots, and its storage quota. */
    snapshots(): Promise<{
        snapshots: SnapshotInfo[];
        quota: {
            used: number;
            limit: number;
        } | undefined;
    }>;
    /**
     * usage returns the project's usage over the last `days` UTC days, today
     * included (0 or absent: all 31 the server keeps): steps, interpreter CPU
     * time, bytes written and GB-hours stored per day, the totals and the
     * project's daily caps. A project sees only its own.
     */
    usage(days?: number): Promise<Usage>;
    /** deleteSnapshot deletes a snapshot made by dump (or a session's saved state). */
    deleteSnapshot(id: Uint8Array | string): Promise<void>;
    /** history returns a session's recent committed steps. */
    history(session: string): Promise<StepStats[]>;
    /** volumeList lists the project's volumes. */
    volumeList(): Promise<VolumeInfo[]>;
    /** volumeList of a volume lists its files (paths relative to its root) and its version. */
    volumeList(volume: string): Promise<{
        files: {
            path: string;
            size: number;
        }[];
        version: number;
    }>;
    /**
     * volumeRead returns a file of a volume (NotFoundError if there is none).
     * A file larger than one reply is read in pieces, all of one version (a
     * ConflictError if that version is gone). `offset` and `length` read a
     * range; `version` a recent version.
     */
    volumeRead(volume: string, path: string, opts?: {
        offset?: number;
        length?: number;
        version?: number;
    }): Promise<{
        data: Uint8Array;
        size: number;
        version: number;
    }>;
    /**
     * volumeWrite creates or replaces a file of a volume (the volume is
     * created on first use) and returns the new version. Data larger than one
     * request goes in pieces, each appended on the version the one before
     * made (a ConflictError if another writer came between). `append` adds to
     * the file; `version` refuses the write (ConflictError) if the file
     * changed since that volume version.
     */
    volumeWrite(volume: string, path: string, data: Uint8Array | string, opts?: {
        append?: boolean;
        version?: number;
    }): Promise<number>;
    /** volumeDelete deletes a file of a volume, or without a path the whole volume. */
    volumeDelete(volume: string, path?: string): Promise<void>;
    /** close closes the pool's connection. Its ephemeral sessions are deleted by the server; durable ones stay. */
    close(): Promise<void>;
    [Symbol.asyncDispose](): Promise<void>;
}
