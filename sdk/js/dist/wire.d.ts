import type { WireError } from './errors.js';
/** API Gateway's message size limit: larger requests close the connection (1009). */
export declare const MAX_MESSAGE: number;
/** API Gateway's frame size limit: a request over it goes as several frames. */
export declare const MAX_FRAME: number;
/** A print event of a step: output the sandbox wrote. */
export interface PrintEvent {
    id?: string;
    event: 'print' | string;
    stream: 'stdout' | 'stderr' | string;
    text: string;
}
/** A request: op, id and the op's fields. Values are RawJSON (already encoded). */
export interface WireRequest {
    op: string;
    id: string;
    [field: string]: unknown;
}
/** One committed step's measurements. */
export interface StepStats {
    op: string;
    request_id: string;
    version: number;
    duration_us: number;
    dirty_pages: number;
    requests: number;
    bytes_written: number;
    /** The interpreter's CPU time in the step's run, ms (on a step's reply; absent in history). */
    cpu_ms?: number;
    at: string;
    /** The W3C trace id of the step's trace, when it was traced or its request carried a traceparent. */
    trace_id?: string;
}
/** One UTC day of a project's usage (or a window's totals, without day). */
export interface UsageDay {
    /** YYYY-MM-DD, UTC (absent in totals). */
    day?: string;
    /** Committed steps. */
    steps: number;
    /** The interpreter's CPU time, ms. */
    cpu_ms: number;
    /** Bytes the steps' commits wrote to the store. */
    bytes_written: number;
    /** Stored logical bytes over time, 10^9 byte-hours (sampled by GC). */
    gb_hours: number;
}
/** A project's usage: every day of the window (oldest first, today last), its totals and the daily caps (0: none). */
export interface Usage {
    days: UsageDay[];
    totals: UsageDay;
    caps: {
        max_steps_per_day: number;
        max_cpu_seconds_per_day: number;
    };
}
/** A saved id of the project: a session or a snapshot. */
export interface SnapshotInfo {
    id: string;
    kind: 'session' | 'session_dump' | 'suspended_snapshot' | string;
    state?: string;
    bytes: number;
    stored_bytes: number;
    shared_bytes: number;
    created: string;
    saved?: string;
    expires: string;
}
/** A reply, as the server sends it (values still in the wire encoding). */
export interface Reply {
    id: string;
    ok: boolean;
    error?: WireError;
    session?: string;
    snapshot?: string;
    limits?: Record<string, number>;
    progress?: 'complete' | 'function_call' | 'name_lookup' | 'futures' | 'running' | string;
    value?: unknown;
    repr?: string;
    call_id?: number;
    function?: string;
    args?: unknown[];
    kwargs?: Record<string, unknown>;
    object_id?: number;
    os_call?: string;
    name?: string;
    pending?: number[];
    printed?: PrintEvent[];
    snapshots?: SnapshotInfo[];
    quota?: {
        used: number;
        limit: number;
    };
    steps?: StepStats[];
    stats?: StepStats;
    usage?: Usage;
    [field: string]: unknown;
}
/** A random request id: 32 hex digits. It is also the step's idempotency key. */
export declare function newID(): string;
/**
 * encodeRequest writes a request as JSON text. RawJSON fields (encoded
 * values) are spliced in verbatim, so their exact text reaches the server.
 */
export declare function encodeRequest(req: object): string;
/** Bytes of s in UTF-8. */
export declare function utf8(s: string): Uint8Array;
/** Reassembles messages that the server sent in parts (docs/protocol.md, "Parts"). */
export declare class Reassembler {
    #private;
    /** add takes one message; it returns the whole message's text when it is whole, else undefined. */
    add(msg: {
        id?: unknown;
        part?: unknown;
        parts?: unknown;
        data?: unknown;
    }): string | undefined;
    clear(): void;
}
