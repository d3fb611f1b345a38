export type MountMode = 'read-only' | 'read-write' | 'overlay';
/** The os_call operations a mount answers. */
export type MountOp = 'open' | 'stat' | 'listdir' | 'write_file' | 'append_file' | 'mkdir' | 'remove' | 'rmdir' | 'rename';
/**
 * A Mount serves the files under `virtualPath` in the sandbox. `call`
 * answers one operation with its value, or throws a PyException (an
 * OSError subclass: FileNotFoundError, PermissionError, ...).
 */
export interface Mount {
    readonly virtualPath: string;
    readonly mode: MountMode;
    call(op: string, args: unknown[]): Promise<unknown>;
}
/** normalizeMountPath checks a mount's sandbox path: absolute, normalized, not a file name with odd bytes. */
export declare function normalizeMountPath(p: string): string;
/**
 * relative maps a sandbox path under a mount to the path segments inside
 * it, refusing anything outside the mount (PermissionError).
 */
export declare function relative(mountPath: string, p: unknown): string[];
/** Which mount serves a path: the one with the longest path that contains it. */
export declare function mountFor(mounts: readonly Mount[], p: unknown): Mount | undefined;
/**
 * MemoryMount serves files held in memory: for browsers (which have no
 * file system to serve) and tests. `files` maps paths relative to the
 * mount (`"a/b.txt"`) to their contents; their directories exist.
 */
export declare class MemoryMount implements Mount {
    readonly virtualPath: string;
    readonly mode: MountMode;
    /** The files, by path relative to the mount; writes of a read-write mount land here. */
    readonly files: Map<string, Uint8Array<ArrayBufferLike>>;
    readonly dirs: Set<string>;
    constructor(virtualPath: string, files?: Record<string, Uint8Array | string>, opts?: {
        mode?: MountMode;
    });
    call(op: string, args: unknown[]): Promise<unknown>;
}
/**
 * MountDir serves a directory of the host (Node only; it loads node:fs
 * when first used): `new MountDir('/data', './data', {mode: 'read-only'})`.
 * Paths outside the directory, and symlinks that lead outside it, are
 * refused with PermissionError. Mode read-only (the default) and overlay
 * never write to the directory (the server refuses writes, or keeps them
 * in the session's state); read-write lets the sandbox write to it.
 */
export declare class MountDir implements Mount {
    #private;
    readonly virtualPath: string;
    readonly mode: MountMode;
    readonly hostPath: string;
    constructor(virtualPath: string, hostPath: string, opts?: {
        mode?: MountMode;
    });
    call(op: string, args: unknown[]): Promise<unknown>;
}
