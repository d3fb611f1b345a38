// Typed errors: one class per error kind of the protocol (docs/protocol.md,
// "Errors"), and the client's own.

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
export class AmberError extends Error {
  /** The error kind, e.g. "unknown_session". */
  readonly kind: string;
  /** The Python exception type, for python, syntax and limit errors. */
  readonly type: string | undefined;
  /** The traceback CPython would print, for python errors. */
  readonly traceback: string | undefined;
  /** The id of an internal error in the server's log. */
  readonly correlationId: string | undefined;
  constructor(kind: string, message: string, opts: { type?: string; traceback?: string; correlationId?: string; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.kind = kind;
    this.type = opts.type;
    this.traceback = opts.traceback;
    this.correlationId = opts.correlationId;
  }
  override get name(): string {
    return this.constructor.name;
  }
}

/**
 * An uncaught Python exception in the sandbox: `type` is its class
 * ("ZeroDivisionError"), `message` str(exc), `traceback` the traceback
 * CPython would print. The session stays usable, its globals as the
 * failed code left them.
 */
export class PythonError extends AmberError {
  declare readonly type: string;
  declare readonly traceback: string;
  constructor(type: string, message: string, traceback = '', kind = 'python') {
    super(kind, message, { type, traceback });
  }
  /** "Type: message", as the last line of a traceback. */
  display(format: 'traceback' | 'type-msg' | 'msg' = 'traceback'): string {
    const typeMsg = this.message ? `${this.type}: ${this.message}` : this.type;
    if (format === 'msg') return this.message;
    if (format === 'type-msg' || !this.traceback) return typeMsg;
    return this.traceback;
  }
}

/** The code does not parse, or fails type checking (kind "syntax"); a PythonError of type SyntaxError. */
export class PythonSyntaxError extends PythonError {
  constructor(type: string, message: string, traceback = '') {
    super(type || 'SyntaxError', message, traceback, 'syntax');
  }
}

/**
 * A session limit was reached (kind "limit"): `type` says which
 * (TimeoutError, MemoryError, ...). Sandboxed code cannot catch it.
 */
export class LimitError extends AmberError {}
/** No such session or snapshot in this project (never saved, deleted, expired, another project's). */
export class UnknownSessionError extends AmberError {}
/** dump of an ephemeral session: "this session is ephemeral, so it cannot be dumped". */
export class EphemeralError extends AmberError {}
/** Another step on the session committed first. */
export class ConflictError extends AmberError {}
/** loadSession of a suspended snapshot, or loadSnapshot of a session dump. */
export class WrongLoaderError extends AmberError {}
/** A loader on a session that already ran or loaded. */
export class NotFreshError extends AmberError {}
/** A progress can be resumed only once: "this progress was already resumed". */
export class AlreadyResumedError extends AmberError {}
/** The project's storage quota would be exceeded. */
export class QuotaError extends AmberError {}
/** A message over the size limit (128 KB; 32 KB from a browser, whose WebSocket sends one frame). */
export class TooLargeError extends AmberError {}
/** The server could not read a request. */
export class BadRequestError extends AmberError {}
/** A missing or wrong API key. */
export class UnauthorizedError extends AmberError {}
/** A volume or a file in it that does not exist. */
export class NotFoundError extends AmberError {}
/** The server failed (the client already retried with the same id); `correlationId` finds it in the log. */
export class InternalError extends AmberError {}
/** The reply of a request did not arrive (connection lost, unreachable, timed out), even after the resends. */
export class ConnectionLostError extends AmberError {}
/** A second call on a session while one runs: a session runs one step at a time. */
export class SessionBusyError extends AmberError {}
/** The pool or the session was closed. */
export class ClosedError extends AmberError {}

/**
 * A step that could not be completed: the connection stayed lost through
 * every resend. `dump` names the session's last committed state: load it
 * into a fresh session with loadSession (or loadSnapshot, if the session
 * was paused at a host call) to carry on from there. `cause` is why.
 */
export class ShutdownError extends AmberError {
  readonly dump: Uint8Array;
  constructor(dump: Uint8Array, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super('shutdown', `step not completed (resume from ${JSON.stringify(new TextDecoder().decode(dump))}): ${why}`, { cause });
    this.dump = dump;
  }
}

const byKind: Record<string, new (kind: string, message: string, opts?: { type?: string; traceback?: string; correlationId?: string }) => AmberError> = {
  limit: LimitError,
  unknown_session: UnknownSessionError,
  ephemeral: EphemeralError,
  conflict: ConflictError,
  wrong_loader: WrongLoaderError,
  not_fresh: NotFreshError,
  already_resumed: AlreadyResumedError,
  quota: QuotaError,
  too_large: TooLargeError,
  bad_request: BadRequestError,
  unauthorized: UnauthorizedError,
  not_found: NotFoundError,
  internal: InternalError,
  connection_lost: ConnectionLostError,
};

/** fromWire turns a failed reply's error into its typed error; an unknown kind is a plain AmberError. */
export function fromWire(e: WireError | undefined | null): AmberError {
  if (!e || typeof e !== 'object') return new InternalError('internal', 'failed reply without an error');
  const kind = typeof e.kind === 'string' && e.kind ? e.kind : 'internal';
  const message = typeof e.message === 'string' && e.message ? e.message : kind;
  if (kind === 'python') return new PythonError(e.type || 'Exception', e.message ?? '', e.traceback ?? '');
  if (kind === 'syntax') return new PythonSyntaxError(e.type || 'SyntaxError', e.message ?? '', e.traceback ?? '');
  const C = byKind[kind] ?? AmberError;
  const opts: { type?: string; traceback?: string; correlationId?: string } = {};
  if (e.type) opts.type = e.type;
  if (e.traceback) opts.traceback = e.traceback;
  if (e.correlation_id) opts.correlationId = e.correlation_id;
  return new C(kind, message, opts);
}
