/** The error object of a failed reply, as the server sends it. */
export interface WireError {
    kind: string;
    type?: string;
    message?: string;
    traceback?: string;
    correlation_id?: string;
}
/**
 * AmberError is every error the server reports, and the client's own
 * failures: `kind` is the protocol's error kind (or the client's:
 * "connection_lost", "session_busy", "closed", "shutdown").
 */
export declare class AmberError extends Error {
    /** The error kind, e.g. "unknown_session". */
    readonly kind: string;
    /** The Python exception type, for python, syntax and limit errors. */
    readonly type: string | undefined;
    /** The traceback CPython would print, for python errors. */
    readonly traceback: string | undefined;
    /** The id of an internal error in the server's log. */
    readonly correlationId: string | undefined;
    constructor(kind: string, message: string, opts?: {
        type?: string;
        traceback?: string;
        correlationId?: string;
        cause?: unknown;
    });
    get name(): string;
}
/**
 * An uncaught Python exception in the sandbox: `type` is its class
 * ("ZeroDivisionError"), `message` str(exc), `traceback` the traceback
 * CPython would print. The session stays usable, its globals as the
 * failed code left them.
 */
export declare class PythonError extends AmberError {
    readonly type: string;
    readonly traceback: string;
    constructor(type: string, message: string, traceback?: string, kind?: string);
    /** "Type: message", as the last line of a traceback. */
    display(format?: 'traceback' | 'type-msg' | 'msg'): string;
}
/** The code does not parse, or fails type checking (kind "syntax"); a PythonError of type SyntaxError. */
export declare class PythonSyntaxError extends PythonError {
    constructor(type: string, message: string, traceback?: string);
}
/**
 * A session limit was reached (kind "limit"): `type` says which
 * (TimeoutError, MemoryError, ...). Sandboxed code cannot catch it.
 */
export declare class LimitError extends AmberError {
}
/** No such session or snapshot in this project (never saved, deleted, expired, another project's). */
export declare class UnknownSessionError extends AmberError {
}
/** dump of an ephemeral session: "this session is ephemeral, so it cannot be dumped". */
export declare class EphemeralError extends AmberError {
}
/** Another step on the session committed first. */
export declare class ConflictError extends AmberError {
}
/** loadSession of a suspended snapshot, or loadSnapshot of a session dump. */
export declare class WrongLoaderError extends AmberError {
}
/** A loader on a session that already ran or loaded. */
export declare class NotFreshError extends AmberError {
}
/** A progress can be resumed only once: "this progress was already resumed". */
export declare class AlreadyResumedError extends AmberError {
}
/** The project's storage quota would be exceeded. */
export declare class QuotaError extends AmberError {
}
/** A message over the size limit (128 KB; 32 KB from a browser, whose WebSocket sends one frame). */
export declare class TooLargeError extends AmberError {
}
/** The server could not read a request. */
export declare class BadRequestError extends AmberError {
}
/** A missing or wrong API key. */
export declare class UnauthorizedError extends AmberError {
}
/** A volume or a file in it that does not exist. */
export declare class NotFoundError extends AmberError {
}
/** The server failed (the client already retried with the same id); `correlationId` finds it in the log. */
export declare class InternalError extends AmberError {
}
/** The reply of a request did not arrive (connection lost, unreachable, timed out), even after the resends. */
export declare class ConnectionLostError extends AmberError {
}
/** A second call on a session while one runs: a session runs one step at a time. */
export declare class SessionBusyError extends AmberError {
}
/** The pool or the session was closed. */
export declare class ClosedError extends AmberError {
}
/**
 * A step that could not be completed: the connection stayed lost through
 * every resend. `dump` names the session's last committed state: load it
 * into a fresh session with loadSession (or loadSnapshot, if the session
 * was paused at a host call) to carry on from there. `cause` is why.
 */
export declare class ShutdownError extends AmberError {
    readonly dump: Uint8Array;
    constructor(dump: Uint8Array, cause: unknown);
}
/** fromWire turns a failed reply's error into its typed error; an unknown kind is a plain AmberError. */
export declare function fromWire(e: WireError | undefined | null): AmberError;
