import './polyfill.js';
export { Pool, idText, type PoolOptions, type CheckoutOptions, type VolumeInfo } from './pool.js';
export { Session, FunctionSnapshot, NameLookupSnapshot, FutureSnapshot, Complete, NotHandled, type Progress, type FeedOptions, type HostFunction, type Limits, type ExceptionLike, } from './session.js';
export { Tuple, FrozenSet, PyFloat, PyException, PyOpaque, HostRef, RawJSON, encodeValue, decodeValue, toBase64, fromBase64, } from './values.js';
export { AmberError, PythonError, PythonSyntaxError, LimitError, UnknownSessionError, EphemeralError, ConflictError, WrongLoaderError, NotFreshError, AlreadyResumedError, QuotaError, TooLargeError, BadRequestError, UnauthorizedError, NotFoundError, InternalError, ConnectionLostError, SessionBusyError, ClosedError, ShutdownError, fromWire, type WireError, } from './errors.js';
export { MountDir, MemoryMount, type Mount, type MountMode } from './mounts.js';
export { encodeRequest, MAX_FRAME, MAX_MESSAGE, type Reply, type PrintEvent, type StepStats, type SnapshotInfo, type Usage, type UsageDay } from './wire.js';
export type { ConnectionStatus, WebSocketConstructor, WebSocketLike } from './transport.js';
