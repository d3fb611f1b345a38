"""amber: the Python client of Amber's durable Python sessions.

A client of ``amber serve`` and of the AWS deployment, with the session API
of Monty and Logfire Agent Sandboxes (their users change the line that
opens the pool)::

    async with amber.AsyncPool("ws://127.0.0.1:8765") as pool:
        async with pool.checkout() as session:
            await session.feed_run("x = 40")
            print(await session.feed_run("x + 2"))  # 42

``amber.Pool`` is the same without ``await``. See README.md for the guide
and the table of the seeds' names.
"""

from ._aio import (
    NOT_HANDLED,
    AsyncFunctionSnapshot,
    AsyncFutureSnapshot,
    AsyncNameLookupSnapshot,
    AsyncPool,
    AsyncProgress,
    AsyncSession,
    Complete,
)
from ._errors import (
    AlreadyResumedError,
    AmberError,
    AmberSyntaxError,
    BadRequestError,
    ClosedError,
    ConflictError,
    ConnectionLostError,
    EphemeralError,
    InternalError,
    LimitError,
    NotFoundError,
    NotFreshError,
    ProtocolError,
    PythonError,
    QuotaError,
    SessionBusyError,
    ShutdownError,
    TooLargeError,
    UnauthorizedError,
    UnknownSessionError,
    WrongLoaderError,
)
from ._mount import MountDir
from ._usage import Usage, UsageCaps, UsageDay
from ._sync import FunctionSnapshot, FutureSnapshot, NameLookupSnapshot, Pool, Progress, Session
from ._values import HostRef, Opaque

__version__ = "0.1.0"

__all__ = [
    "AsyncPool", "AsyncSession", "AsyncFunctionSnapshot", "AsyncNameLookupSnapshot", "AsyncFutureSnapshot",
    "AsyncProgress", "Pool", "Session", "FunctionSnapshot", "NameLookupSnapshot", "FutureSnapshot", "Progress",
    "Complete", "NOT_HANDLED", "MountDir", "Opaque", "HostRef", "Usage", "UsageDay", "UsageCaps",
    "AmberError", "PythonError", "AmberSyntaxError", "LimitError", "UnknownSessionError", "EphemeralError",
    "ConflictError", "WrongLoaderError", "NotFreshError", "AlreadyResumedError", "QuotaError", "TooLargeError",
    "BadRequestError", "UnauthorizedError", "NotFoundError", "InternalError", "ConnectionLostError",
    "ShutdownError", "ProtocolError", "SessionBusyError", "ClosedError",
]
