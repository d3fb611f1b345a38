// Python values in JavaScript, and their wire encoding (docs/values.schema.json).
//
// JSON's own types stand for themselves; everything JavaScript has no
// type for gets a small wrapper, so that a value goes to the sandbox and
// back as the same Python value.
/** A Python tuple. Iterable; `items` holds the elements. */
export class Tuple {
    items;
    constructor(...items) {
        this.items = Object.freeze(items);
    }
    /** A tuple of the elements of an iterable. */
    static from(items) {
        return new Tuple(...items);
    }
    get length() {
        return this.items.length;
    }
    /** The element at index i (negative counts from the end). */
    at(i) {
        return this.items.at(i);
    }
    [Symbol.iterator]() {
        return this.items[Symbol.iterator]();
    }
    toJSON() {
        return { $tuple: this.items };
    }
}
const frozen = new WeakSet();
/**
 * A Python frozenset: a Set that cannot change after it is made. A Python
 * set is a plain JavaScript Set.
 */
export class FrozenSet extends Set {
    constructor(items) {
        super(items); // Set's constructor calls add, before FrozenSet's fields exist
        frozen.add(this);
    }
    add(value) {
        if (frozen.has(this))
            throw new TypeError("a FrozenSet cannot change ('frozenset' object has no attribute 'add')");
        return super.add(value);
    }
    delete(_value) {
        throw new TypeError("a FrozenSet cannot change ('frozenset' object has no attribute 'remove')");
    }
    clear() {
        throw new TypeError("a FrozenSet cannot change ('frozenset' object has no attribute 'clear')");
    }
}
/**
 * A Python float whose value JavaScript would write as an int: JavaScript
 * has one number type, and an integral number goes to Python as an int.
 * `new PyFloat(2)` goes as 2.0. (Floats coming back are plain numbers.)
 */
export class PyFloat {
    value;
    constructor(value) {
        this.value = value;
        if (typeof value !== 'number')
            throw new TypeError('PyFloat takes a number');
    }
    valueOf() {
        return this.value;
    }
}
/**
 * A Python exception value (an instance, not a raised one): its builtin
 * type's name and its message. Resuming a host call with
 * `resumeError(new PyException('ValueError', 'bad'))` raises it.
 */
export class PyException {
    type;
    message;
    constructor(type, message = '') {
        this.type = type;
        this.message = message;
    }
    toString() {
        return this.message ? `${this.type}: ${this.message}` : this.type;
    }
}
/**
 * A Python value with no JSON form (a complex, a range, a class
 * instance, ...): its repr and its type's name. Sent back to the sandbox it
 * is an opaque value, not the original object.
 */
export class PyOpaque {
    repr;
    type;
    constructor(repr, type) {
        this.repr = repr;
        this.type = type;
    }
    toString() {
        return this.repr;
    }
}
/** A host object reference ({"$host": id}): an id a client handed in, or a stand-in's name. */
export class HostRef {
    id;
    constructor(id) {
        this.id = id;
    }
}
/**
 * JSON text already in the wire encoding, sent exactly as written (so big
 * ints and float digits keep their form). The text must be one JSON value.
 */
export class RawJSON {
    text;
    constructor(text) {
        try {
            JSON.parse(text);
        }
        catch (e) {
            throw new TypeError('RawJSON: the text is not JSON: ' + (e instanceof Error ? e.message : String(e)));
        }
        this.text = text.trim();
    }
}
/** The deepest nesting of lists and dicts the server accepts. */
const MAX_DEPTH = 200;
const SAFE = Number.MAX_SAFE_INTEGER;
/** writeFloat writes a finite number as a Python float literal: always with a '.' or an exponent. */
function writeFloat(x) {
    if (Object.is(x, -0))
        return '-0.0';
    const s = String(x);
    return /[.e]/.test(s) ? s : s + '.0';
}
function base64(b) {
    let bin = '';
    for (let i = 0; i < b.length; i += 0x8000) {
        bin += String.fromCharCode(...b.subarray(i, i + 0x8000));
    }
    return btoa(bin);
}
/** Decodes standard base64 with padding into bytes. */
export function fromBase64(s) {
    const bin = atob(s);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++)
        out[i] = bin.charCodeAt(i);
    return out;
}
/** Encodes bytes as standard base64 with padding. */
export function toBase64(b) {
    return base64(b);
}
function isPlainObject(v) {
    const proto = Object.getPrototypeOf(v);
    return proto === Object.prototype || proto === null;
}
function describe(v) {
    if (typeof v === 'function')
        return 'a function' + (v.name ? ' (' + v.name + ')' : '');
    if (typeof v === 'symbol')
        return 'a symbol (' + v.toString() + ')';
    if (v && typeof v === 'object')
        return 'an object of class ' + (v.constructor?.name ?? 'unknown');
    return typeof v;
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
export function encodeValue(v, hooks) {
    const stack = [];
    const enc = (x, depth) => {
        switch (typeof x) {
            case 'undefined':
                return 'null';
            case 'boolean':
                return x ? 'true' : 'false';
            case 'string':
                return JSON.stringify(x);
            case 'bigint':
                return x >= -BigInt(SAFE) && x <= BigInt(SAFE) ? x.toString() : '{"$int":"' + x.toString() + '"}';
            case 'number':
                if (Number.isNaN(x))
                    return '{"$float":"nan"}';
                if (x === Infinity)
                    return '{"$float":"inf"}';
                if (x === -Infinity)
                    return '{"$float":"-inf"}';
                if (Number.isInteger(x) && Math.abs(x) <= SAFE && !Object.is(x, -0))
                    return String(x);
                return writeFloat(x);
            case 'function':
            case 'symbol':
                if (hooks?.host) {
                    const h = hooks.host(x);
                    if (h !== undefined)
                        return h;
                }
                throw new TypeError('cannot send ' + describe(x) + ' to Python: it has no Python form');
        }
        if (x === null)
            return 'null';
        const o = x;
        if (o instanceof RawJSON)
            return o.text;
        if (o instanceof PyFloat) {
            const f = o.value;
            if (Number.isNaN(f))
                return '{"$float":"nan"}';
            if (f === Infinity)
                return '{"$float":"inf"}';
            if (f === -Infinity)
                return '{"$float":"-inf"}';
            return writeFloat(f);
        }
        if (o instanceof PyException) {
            return '{"$exception":{"type":' + JSON.stringify(o.type) + ',"message":' + JSON.stringify(o.message) + '}}';
        }
        if (o instanceof PyOpaque)
            return '{"$repr":' + JSON.stringify(o.repr) + ',"$type":' + JSON.stringify(o.type) + '}';
        if (o instanceof HostRef)
            return '{"$host":' + JSON.stringify(o.id) + '}';
        if (o instanceof Uint8Array)
            return '{"$bytes":"' + base64(o) + '"}';
        if (stack.includes(o))
            throw new TypeError('cannot send a value that contains itself (a cycle) to Python');
        if (depth >= MAX_DEPTH)
            throw new TypeError(`cannot send a value nested deeper than ${MAX_DEPTH} levels to Python`);
        stack.push(o);
        try {
            const seq = (items) => {
                const parts = [];
                for (const e of items)
                    parts.push(enc(e, depth + 1));
                return '[' + parts.join(',') + ']';
            };
            if (Array.isArray(o)) {
                const parts = [];
                for (let i = 0; i < o.length; i++)
                    parts.push(enc(o[i], depth + 1));
                return '[' + parts.join(',') + ']';
            }
            if (o instanceof Tuple)
                return '{"$tuple":' + seq(o.items) + '}';
            if (o instanceof FrozenSet)
                return '{"$frozenset":' + seq(o) + '}';
            if (o instanceof Set)
                return '{"$set":' + seq(o) + '}';
            if (o instanceof Map) {
                const parts = [];
                for (const [k, e] of o)
                    parts.push('[' + enc(k, depth + 1) + ',' + enc(e, depth + 1) + ']');
                return '{"$dict":[' + parts.join(',') + ']}';
            }
            if (hooks?.host) {
                const h = hooks.host(o);
                if (h !== undefined)
                    return h;
            }
            if (!isPlainObject(o))
                throw new TypeError('cannot send ' + describe(o) + ' to Python: it has no Python form');
            if (Object.getOwnPropertySymbols(o).length) {
                throw new TypeError('cannot send an object with symbol keys to Python: dict keys are strs');
            }
            const keys = Object.keys(o);
            if (keys.some((k) => k.startsWith('$'))) {
                // A str key starting with $ would read as a tag: such dicts go as pairs.
                const parts = keys.map((k) => '[' + JSON.stringify(k) + ',' + enc(o[k], depth + 1) + ']');
                return '{"$dict":[' + parts.join(',') + ']}';
            }
            return '{' + keys.map((k) => JSON.stringify(k) + ':' + enc(o[k], depth + 1)).join(',') + '}';
        }
        finally {
            stack.pop();
        }
    };
    return enc(v, 0);
}
function defineKey(out, k, v) {
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
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
export function decodeValue(w, hooks) {
    const dec = (x) => {
        if (x === null || typeof x !== 'object')
            return x;
        if (Array.isArray(x))
            return x.map(dec);
        const o = x;
        const keys = Object.keys(o);
        if (keys.length >= 1 && keys[0].startsWith('$')) {
            const tag = keys[0];
            const val = o[tag];
            switch (tag) {
                case '$int':
                    return BigInt(String(val));
                case '$float':
                    return val === 'nan' ? NaN : val === 'inf' ? Infinity : val === '-inf' ? -Infinity : Number(val);
                case '$bytes':
                    return fromBase64(String(val));
                case '$tuple':
                    return new Tuple(...val.map(dec));
                case '$set':
                    return new Set(val.map(dec));
                case '$frozenset':
                    return new FrozenSet(val.map(dec));
                case '$dict':
                    return new Map(val.map(([k, e]) => [dec(k), dec(e)]));
                case '$exception': {
                    const e = val;
                    return new PyException(e.type ?? 'Exception', e.message ?? '');
                }
                case '$host': {
                    const id = val;
                    const h = hooks?.host?.(id);
                    return h !== undefined ? h : new HostRef(id);
                }
                case '$repr':
                case '$type':
                    return new PyOpaque(String(o['$repr'] ?? ''), String(o['$type'] ?? ''));
            }
        }
        const out = {};
        for (const k of keys)
            defineKey(out, k, dec(o[k]));
        return out;
    };
    return dec(w);
}
