// Mounts served by the client (CONTRACTS §2): sandbox file operations
// under a mount's path come to the client as os_call progresses, and a
// Mount answers them. Host directories never go on the wire.

import { PyException, PyFloat } from './values.js';

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

/** A path as Python's repr writes it, for messages. */
function q(p: unknown): string {
  return "'" + String(p).replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";
}

const WRITES = new Set(['write_file', 'append_file', 'mkdir', 'remove', 'rmdir', 'rename']);

/** normalizeMountPath checks a mount's sandbox path: absolute, normalized, not a file name with odd bytes. */
export function normalizeMountPath(p: string): string {
  if (typeof p !== 'string' || !p.startsWith('/')) throw new TypeError(`mount path ${q(p)} must be absolute`);
  if (p.includes('\0') || p.includes('\\')) throw new TypeError(`mount path ${q(p)} has a NUL or a backslash`);
  const segs = p.split('/').filter((s) => s !== '' && s !== '.');
  if (segs.includes('..')) throw new TypeError(`mount path ${q(p)} must not contain ..`);
  return '/' + segs.join('/');
}

function checkMode(mode: string | undefined): MountMode {
  const m = mode ?? 'read-only';
  if (m !== 'read-only' && m !== 'read-write' && m !== 'overlay') {
    throw new TypeError(`mount mode ${JSON.stringify(mode)}: want read-only, read-write or overlay`);
  }
  return m;
}

/**
 * relative maps a sandbox path under a mount to the path segments inside
 * it, refusing anything outside the mount (PermissionError).
 */
export function relative(mountPath: string, p: unknown): string[] {
  if (typeof p !== 'string') throw new PyException('TypeError', 'expected a path string');
  const deny = () => new PyException('PermissionError', `[Errno 13] Permission denied: ${q(p)} is outside the mount ${mountPath}`);
  if (p.includes('\0') || p.includes('\\')) throw deny();
  let rest: string;
  if (mountPath === '/') rest = p.startsWith('/') ? p.slice(1) : '\0';
  else if (p === mountPath) rest = '';
  else if (p.startsWith(mountPath + '/')) rest = p.slice(mountPath.length + 1);
  else rest = '\0';
  if (rest === '\0') throw deny();
  const segs = rest.split('/').filter((s) => s !== '' && s !== '.');
  if (segs.includes('..')) throw deny();
  return segs;
}

/** Which mount serves a path: the one with the longest path that contains it. */
export function mountFor(mounts: readonly Mount[], p: unknown): Mount | undefined {
  if (typeof p !== 'string') return undefined;
  let best: Mount | undefined;
  for (const m of mounts) {
    const mp = m.virtualPath;
    if (mp === '/' || p === mp || p.startsWith(mp + '/')) {
      if (!best || mp.length > best.virtualPath.length) best = m;
    }
  }
  return best;
}

function bytesOf(v: unknown): Uint8Array {
  if (v instanceof Uint8Array) return v;
  if (typeof v === 'string') return new TextEncoder().encode(v);
  throw new PyException('TypeError', 'expected bytes');
}

// CPython's exception type, errno and text for a Node file system error code.
const errnos: Record<string, [string, number, string]> = {
  ENOENT: ['FileNotFoundError', 2, 'No such file or directory'],
  EEXIST: ['FileExistsError', 17, 'File exists'],
  EISDIR: ['IsADirectoryError', 21, 'Is a directory'],
  ENOTDIR: ['NotADirectoryError', 20, 'Not a directory'],
  EACCES: ['PermissionError', 13, 'Permission denied'],
  EPERM: ['PermissionError', 1, 'Operation not permitted'],
  ELOOP: ['PermissionError', 13, 'Permission denied'],
  ENOTEMPTY: ['OSError', 39, 'Directory not empty'],
};

/** The Python exception for a Node file system error, as CPython words it: [Errno 2] No such file or directory: '/data/x'. */
function osError(e: unknown, p: string): PyException {
  if (e instanceof PyException) return e;
  const code = e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : '';
  const [type, errno, text] = errnos[code] ?? ['OSError', 5, 'Input/output error'];
  return new PyException(type, `[Errno ${errno}] ${text}: ${q(p)}`);
}

/**
 * MemoryMount serves files held in memory: for browsers (which have no
 * file system to serve) and tests. `files` maps paths relative to the
 * mount (`"a/b.txt"`) to their contents; their directories exist.
 */
export class MemoryMount implements Mount {
  readonly virtualPath: string;
  readonly mode: MountMode;
  /** The files, by path relative to the mount; writes of a read-write mount land here. */
  readonly files = new Map<string, Uint8Array>();
  readonly dirs = new Set<string>(['']);

  constructor(virtualPath: string, files: Record<string, Uint8Array | string> = {}, opts: { mode?: MountMode } = {}) {
    this.virtualPath = normalizeMountPath(virtualPath);
    this.mode = checkMode(opts.mode);
    for (const [k, v] of Object.entries(files)) {
      const segs = k.split('/').filter((s) => s !== '' && s !== '.');
      if (segs.includes('..')) throw new TypeError(`file ${JSON.stringify(k)} must not contain ..`);
      this.files.set(segs.join('/'), bytesOf(v));
      for (let i = 1; i < segs.length; i++) this.dirs.add(segs.slice(0, i).join('/'));
    }
  }

  async call(op: string, args: unknown[]): Promise<unknown> {
    const p = String(args[0]);
    if (WRITES.has(op) && this.mode !== 'read-write') throw new PyException('PermissionError', `[Errno 13] Permission denied: ${q(p)} (the mount is ${this.mode})`);
    const key = relative(this.virtualPath, args[0]).join('/');
    const parent = key.includes('/') ? key.slice(0, key.lastIndexOf('/')) : '';
    const nf = () => new PyException('FileNotFoundError', `[Errno 2] No such file or directory: ${q(p)}`);
    switch (op) {
      case 'open': {
        if (this.dirs.has(key)) throw new PyException('IsADirectoryError', `[Errno 21] Is a directory: ${q(p)}`);
        const f = this.files.get(key);
        if (!f) throw nf();
        return f;
      }
      case 'stat': {
        if (this.dirs.has(key)) return { is_dir: true, size: 0, mtime: new PyFloat(0) };
        const f = this.files.get(key);
        if (!f) throw nf();
        return { is_dir: false, size: f.length, mtime: new PyFloat(0) };
      }
      case 'listdir': {
        if (!this.dirs.has(key)) throw this.files.has(key) ? new PyException('NotADirectoryError', `[Errno 20] Not a directory: ${q(p)}`) : nf();
        const prefix = key ? key + '/' : '';
        const names = new Set<string>();
        for (const k of [...this.files.keys(), ...this.dirs]) {
          if (k !== key && k.startsWith(prefix) && !k.slice(prefix.length).includes('/') && k.length > prefix.length) names.add(k.slice(prefix.length));
        }
        return [...names].sort();
      }
      case 'write_file':
      case 'append_file': {
        if (!this.dirs.has(parent)) throw nf();
        if (this.dirs.has(key)) throw new PyException('IsADirectoryError', `[Errno 21] Is a directory: ${q(p)}`);
        const data = bytesOf(args[1]);
        const old = op === 'append_file' ? this.files.get(key) : undefined;
        if (old) {
          const joined = new Uint8Array(old.length + data.length);
          joined.set(old);
          joined.set(data, old.length);
          this.files.set(key, joined);
        } else this.files.set(key, data.slice());
        return null;
      }
      case 'mkdir':
        if (this.dirs.has(key) || this.files.has(key)) throw new PyException('FileExistsError', `[Errno 17] File exists: ${q(p)}`);
        if (!this.dirs.has(parent)) throw nf();
        this.dirs.add(key);
        return null;
      case 'remove':
        if (this.dirs.has(key)) throw new PyException('IsADirectoryError', `[Errno 21] Is a directory: ${q(p)}`);
        if (!this.files.delete(key)) throw nf();
        return null;
      case 'rmdir': {
        if (!this.dirs.has(key) || key === '') throw nf();
        const prefix = key + '/';
        if ([...this.files.keys(), ...this.dirs].some((k) => k.startsWith(prefix))) throw new PyException('OSError', `[Errno 39] Directory not empty: ${q(p)}`);
        this.dirs.delete(key);
        return null;
      }
      case 'rename': {
        const to = relative(this.virtualPath, args[1]).join('/');
        const f = this.files.get(key);
        if (!f) throw nf();
        this.files.delete(key);
        this.files.set(to, f);
        return null;
      }
    }
    throw new PyException('OSError', `unsupported operation ${op}`);
  }
}

type NodeFs = typeof import('node:fs/promises');
type NodePath = typeof import('node:path');

/**
 * MountDir serves a directory of the host (Node only; it loads node:fs
 * when first used): `new MountDir('/data', './data', {mode: 'read-only'})`.
 * Paths outside the directory, and symlinks that lead outside it, are
 * refused with PermissionError. Mode read-only (the default) and overlay
 * never write to the directory (the server refuses writes, or keeps them
 * in the session's state); read-write lets the sandbox write to it.
 */
export class MountDir implements Mount {
  readonly virtualPath: string;
  readonly mode: MountMode;
  readonly hostPath: string;
  #root: Promise<{ fs: NodeFs; path: NodePath; root: string }> | undefined;

  constructor(virtualPath: string, hostPath: string, opts: { mode?: MountMode } = {}) {
    this.virtualPath = normalizeMountPath(virtualPath);
    this.mode = checkMode(opts.mode);
    if (typeof hostPath !== 'string' || !hostPath) throw new TypeError('MountDir needs a host directory');
    this.hostPath = hostPath;
  }

  #init(): Promise<{ fs: NodeFs; path: NodePath; root: string }> {
    this.#root ??= (async () => {
      const fs = (await import('node:fs/promises')) as NodeFs;
      const path = (await import('node:path')) as NodePath;
      const root = await fs.realpath(this.hostPath);
      if (!(await fs.stat(root)).isDirectory()) throw new TypeError(`MountDir: ${this.hostPath} is not a directory`);
      return { fs, path, root };
    })();
    return this.#root;
  }

  /**
   * resolveLink maps a sandbox path to a host path whose directory is
   * inside the root, not following a symlink in its last part: remove and
   * rename act on a link itself, as CPython's do.
   */
  async #resolveLink(p: unknown): Promise<string> {
    const { fs, path, root } = await this.#init();
    const segs = relative(this.virtualPath, p);
    if (segs.length === 0) throw new PyException('PermissionError', `[Errno 13] Permission denied: ${q(p)} is the mount itself`);
    const target = path.join(root, ...segs);
    let dir: string;
    try {
      dir = await fs.realpath(path.dirname(target));
    } catch (e) {
      throw osError(e, String(p));
    }
    if (dir !== root && !dir.startsWith(root + path.sep)) {
      throw new PyException('PermissionError', `[Errno 13] Permission denied: ${q(p)} leads outside the mount`);
    }
    return path.join(dir, path.basename(target));
  }

  /** resolve maps a sandbox path to a host path inside the root, following symlinks only inside it. */
  async #resolve(p: unknown): Promise<string> {
    const { fs, path, root } = await this.#init();
    const segs = relative(this.virtualPath, p);
    const target = path.join(root, ...segs);
    const inside = (real: string) => real === root || real.startsWith(root + path.sep);
    const deny = () => new PyException('PermissionError', `[Errno 13] Permission denied: ${q(p)} leads outside the mount`);
    try {
      const real = await fs.realpath(target);
      if (!inside(real)) throw deny();
      return real;
    } catch (e) {
      if (e instanceof PyException) throw e;
      if ((e as { code?: string }).code !== 'ENOENT' || segs.length === 0) throw osError(e, String(p));
    }
    // A path that does not exist yet (to create): its directory must be inside.
    let dir: string;
    try {
      dir = await fs.realpath(path.dirname(target));
    } catch (e) {
      throw osError(e, String(p));
    }
    if (!inside(dir)) throw deny();
    const base = path.basename(target);
    try {
      // A dangling symlink as the last part would write outside.
      const st = await fs.lstat(path.join(dir, base));
      if (st.isSymbolicLink()) throw deny();
    } catch (e) {
      if (e instanceof PyException) throw e;
    }
    return path.join(dir, base);
  }

  async call(op: string, args: unknown[]): Promise<unknown> {
    const p = String(args[0]);
    if (WRITES.has(op) && this.mode !== 'read-write') {
      throw new PyException('PermissionError', `[Errno 13] Permission denied: ${q(p)} (the mount is ${this.mode})`);
    }
    const { fs } = await this.#init();
    const host = op === 'remove' || op === 'rename' ? await this.#resolveLink(args[0]) : await this.#resolve(args[0]);
    try {
      switch (op) {
        case 'open':
          return new Uint8Array(await fs.readFile(host));
        case 'stat': {
          const st = await fs.stat(host);
          return { is_dir: st.isDirectory(), size: st.size, mtime: new PyFloat(st.mtimeMs / 1000) };
        }
        case 'listdir':
          return (await fs.readdir(host)).sort();
        case 'write_file':
          await fs.writeFile(host, bytesOf(args[1]));
          return null;
        case 'append_file':
          await fs.appendFile(host, bytesOf(args[1]));
          return null;
        case 'mkdir':
          await fs.mkdir(host);
          return null;
        case 'remove': {
          const st = await fs.lstat(host);
          if (st.isDirectory()) throw new PyException('IsADirectoryError', `[Errno 21] Is a directory: ${q(p)}`);
          await fs.unlink(host);
          return null;
        }
        case 'rmdir':
          await fs.rmdir(host);
          return null;
        case 'rename':
          await fs.rename(host, await this.#resolveLink(args[1]));
          return null;
      }
    } catch (e) {
      throw osError(e, p);
    }
    throw new PyException('OSError', `unsupported operation ${op}`);
  }
}
