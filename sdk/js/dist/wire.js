// The wire protocol's messages (docs/protocol.md) and their JSON text.
import { RawJSON } from './values.js';
/** API Gateway's message size limit: larger requests close the connection (1009). */
export const MAX_MESSAGE = 128 * 1024;
/** API Gateway's frame size limit: a request over it goes as several frames. */
export const MAX_FRAME = 32 * 1024;
/** A random request id: 32 hex digits. It is also the step's idempotency key. */
export function newID() {
    const b = new Uint8Array(16);
    globalThis.crypto.getRandomValues(b);
    return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
/**
 * encodeRequest writes a request as JSON text. RawJSON fields (encoded
 * values) are spliced in verbatim, so their exact text reaches the server.
 */
export function encodeRequest(req) {
    const raws = [];
    const nonce = newID();
    const text = JSON.stringify(req, (_k, v) => {
        if (!(v instanceof RawJSON))
            return v;
        raws.push(v.text);
        return '@@raw-' + nonce + '-' + (raws.length - 1) + '@@';
    });
    if (!raws.length)
        return text;
    return text.replace(new RegExp('"@@raw-' + nonce + '-(\\d+)@@"', 'g'), (_m, i) => raws[Number(i)]);
}
/** Bytes of s in UTF-8. */
export function utf8(s) {
    return new TextEncoder().encode(s);
}
/** Reassembles messages that the server sent in parts (docs/protocol.md, "Parts"). */
export class Reassembler {
    #parts = new Map();
    /** add takes one message; it returns the whole message's text when it is whole, else undefined. */
    add(msg) {
        const id = String(msg.id);
        const n = Number(msg.parts);
        const i = Number(msg.part);
        if (!Number.isInteger(n) || !Number.isInteger(i) || n < 1 || n > 4096 || i < 0 || i >= n)
            return undefined;
        let a = this.#parts.get(id);
        if (!a || a.n !== n) {
            a = { n, got: 0, data: new Array(n) };
            this.#parts.set(id, a);
        }
        if (a.data[i] === undefined)
            a.got++;
        a.data[i] = String(msg.data ?? '');
        if (a.got < a.n)
            return undefined;
        this.#parts.delete(id);
        return a.data.join('');
    }
    clear() {
        this.#parts.clear();
    }
}
