// @amber-sandbox/client: the TypeScript client of Amber, for Node >= 20
// and browsers. See README.md.
import './polyfill.js';
export { Pool, idText } from './pool.js';
export { Session, FunctionSnapshot, NameLookupSnapshot, FutureSnapshot, Complete, NotHandled, } from './session.js';
export { Tuple, FrozenSet, PyFloat, PyException, PyOpaque, HostRef, RawJSON, encodeValue, decodeValue, toBase64, fromBase64, } from './values.js';
export { AmberError, PythonError, PythonSyntaxError, LimitError, UnknownSessionError, EphemeralError, ConflictError, WrongLoaderError, NotFreshError, AlreadyResumedError, QuotaError, TooLargeError, BadRequestError, UnauthorizedError, NotFoundError, InternalError, ConnectionLostError, SessionBusyError, ClosedError, ShutdownError, fromWire, } from './errors.js';
export { MountDir, MemoryMount } from './mounts.js';
export { encodeRequest, MAX_FRAME, MAX_MESSAGE } from './wire.js';
