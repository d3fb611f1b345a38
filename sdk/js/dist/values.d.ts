/** A Python tuple. Iterable; `items` holds the elements. */
export declare class Tuple<T = unknown> implements Iterable<T> {
    readonly items: readonly T[];
    constructor(...items: T[]);
    /** A tuple of the elements of an iterable. */
    static from<T>(items: Iterable<T>): Tuple<T>;
    get length(): number;
    /** The element at index i (negative counts from the end). */
    at(i: number): T | undefined;
    [Symbol.iterator](): Iterator<T>;
    toJSON(): unknown;
}
/**
 * A Python frozenset: a Set that cannot change after it is made. A Python
 * set is a plain JavaScript Set.
 */
export declare class FrozenSet<T = unknown> extends Set<T> {
    constructor(items?: Iterable<T> | null);
    add(value: T): this;
    delete(_value: T): boolean;
    clear(): void;
}
/**
 * A Python float whose value JavaScript would write as an int: JavaScript
 * has one number type, and an integral number goes to Python as an int.
 * `new PyFloat(2)` goes as 2.0. (Floats coming back are plain numbers.)
 */
export declare class PyFloat {
    readonly value: number;
    constructor(value: number);
    valueOf(): number;
}
/**
 * A Python exception value (an instance, not a raised one): its builtin
 * type's name and its message. Resuming a host call with
 * `resumeError(new PyException('ValueError', 'bad'))` raises it.
 */
export declare class PyException {
    readonly type: string;
    readonly message: string;
    constructor(type: string, message?: string);
    toString(): string;
}
/**
 * A Python value with no JSON form (a complex, a range, a class
 * instance, ...): its repr and its type's name. Sent back to the sandbox it
 * is an opaque value, not the original object.
 */
export declare class PyOpaque {
    readonly repr: string;
    readonly type: string;
    constructor(repr: string, type: string);
    toString(): string;
}
/** A host object reference ({"$host": id}): an id a client handed in, or a stand-in's name. */
export declare class HostRef {
    readonly id: number | string;
    constructor(id: number | string);
}
/**
 * JSON text already in the wire encoding, sent exactly as written (so big
 * ints and float digits keep their form). The text must be one JSON value.
 */
export declare class RawJSON {
    readonly text: string;
    constructor(text: string);
}
/** Decodes standard base64 with padding into bytes. */
export declare function fromBase64(s: string): Uint8Array;
/** Encodes bytes as standard base64 with padding. */
export declare function toBase64(b: Uint8Array): string;
/** Hooks of the encoder: how to hand in values it does not know (host objects). */
export interface EncodeHooks {
    /** Returns wire JSON text for v, or undefined when v is not a host value. */
    host?(v: unknown): string | undefined;
}
/**
 * encodeValue writes a JavaScript value in the wire encoding, as JSON text.
 * It throws TypeError for what has no Python form: cycles, functions,
 * symbols, class instances other than the wrappers of this module, Map
 * and Set and Uint8Array, nesting deeper than 200.
 *
 * Mapping: null and undefined are None, booleans bools, an integral number
 * within ±(2^53−1) an int (any other number a float; NaN and ±Infinity
 * too), a bigint an int, a string a str, an Array a list, a plain object a
 * dict with str keys, a Map a dict with any keys, a Set a set, a
 * FrozenSet a frozenset, a Tuple a tuple, a Uint8Array (or Buffer) bytes,
 * PyFloat a float, PyException an exception value, PyOpaque and HostRef
 * what they stand for, RawJSON its text.
 */
export declare function encodeValue(v: unknown, hooks?: EncodeHooks): string;
/** Hooks of the decoder. */
export interface DecodeHooks {
    /** Returns the host value for a {"$host": id}, or undefined for a HostRef. */
    host?(id: number | string): unknown;
}
/**
 * decodeValue turns a parsed wire value into JavaScript (the inverse of
 * encodeValue). Ints within ±(2^53−1) are numbers, larger ones bigints;
 * floats are numbers; a dict with str keys is a plain object (JavaScript
 * lists keys such as "1" before the others, whatever the dict's order), a
 * dict with other keys (or with keys starting with "$") a Map. Sets are
 * Sets, tuples Tuples, bytes Uint8Arrays; exception values PyException,
 * values without a JSON form PyOpaque.
 */
export declare function decodeValue(w: unknown, hooks?: DecodeHooks): unknown;
