// Transports: a WebSocket (the browser's, or the `ws` package on Node),
// and the HTTP API with fetch. A transport carries one request and brings
// back its reply; a ConnectionLostError means the reply was lost and the
// same request (same id) may be sent again.
import { AmberError, ClosedError, ConnectionLostError, TooLargeError, UnauthorizedError } from './errors.js';
import { MAX_FRAME, MAX_MESSAGE, Reassembler, utf8 } from './wire.js';
class Conn {
    ws;
    pending = new Map();
    parts = new Reassembler();
    open = false;
    constructor(ws) {
        this.ws = ws;
    }
}
/** redact hides the api_key query parameter of a URL, for messages. */
function redact(url) {
    return url.replace(/([?&]api_key=)[^&]*/, '$1…');
}
/**
 * WebSocketTransport keeps one connection and dials a new one when it is
 * gone. With `ws` (Node) the key goes in the x-api-key header and a request
 * over 32 KB goes as several 32 KB frames; with a browser's WebSocket the
 * key goes in the api_key query parameter, and a request over 32 KB (one
 * frame) is refused with TooLargeError before it is sent.
 */
export class WebSocketTransport {
    url;
    ctor;
    nodeStyle;
    cfg;
    kind = 'websocket';
    #cur = null;
    #opening = null;
    #closed = false;
    /** Connections opened, for tests. */
    dials = 0;
    constructor(url, ctor, 
    /** ws's API: headers at connect, fragments when sending. */
    nodeStyle, cfg) {
        this.url = url;
        this.ctor = ctor;
        this.nodeStyle = nodeStyle;
        this.cfg = cfg;
    }
    #status(s) {
        try {
            this.cfg.onStatus?.(s);
        }
        catch {
            // a status hook's failure is not the connection's
        }
    }
    /** connect returns the open connection, dialing one if there is none. */
    connect() {
        if (this.#closed)
            return Promise.reject(new ClosedError('closed', 'the pool is closed'));
        if (this.#cur?.open)
            return Promise.resolve(this.#cur);
        if (!this.#opening) {
            this.#opening = this.#dial().finally(() => {
                this.#opening = null;
            });
        }
        return this.#opening;
    }
    #dial() {
        this.#status({ state: 'connecting' });
        let url = this.url;
        let ws;
        try {
            if (this.nodeStyle) {
                const headers = {};
                if (this.cfg.apiKey)
                    headers['x-api-key'] = this.cfg.apiKey;
                if (this.cfg.traceparent)
                    headers['traceparent'] = this.cfg.traceparent;
                // Replies over 128 KB come in parts; leave room for an envelope.
                ws = new this.ctor(url, { headers, maxPayload: 4 * MAX_MESSAGE, handshakeTimeout: this.cfg.replyTimeoutMs });
            }
            else {
                if (this.cfg.apiKey) {
                    const u = new URL(url);
                    u.searchParams.set('api_key', this.cfg.apiKey);
                    url = u.toString();
                }
                ws = new this.ctor(url);
            }
        }
        catch (e) {
            const msg = 'bad endpoint ' + redact(url) + ': ' + (e instanceof Error ? e.message : String(e));
            this.#status({ state: 'failed', message: msg });
            return Promise.reject(new AmberError('bad_request', msg, { cause: e }));
        }
        this.dials++;
        const conn = new Conn(ws);
        return new Promise((resolve, reject) => {
            let settled = false;
            // A handshake that fails: ws reports an error, then a close; some
            // WebSockets (Node 20's) report only the error.
            const fail = (failure, closeCode) => {
                if (settled)
                    return;
                settled = true;
                const status = /Unexpected server response: (\d+)/.exec(failure);
                const code = status ? Number(status[1]) : 0;
                const msg = 'cannot connect to ' + redact(url) + (failure ? ': ' + failure : closeCode ? ' (' + closeCode + ')' : '');
                this.#status({ state: 'failed', code: code || closeCode, message: msg });
                try {
                    ws.close();
                }
                catch {
                    // not open
                }
                if (code === 401 || code === 403) {
                    reject(new UnauthorizedError('unauthorized', 'unauthorized: the server refused the connection (HTTP ' + code + ')'));
                }
                else {
                    reject(new ConnectionLostError('connection_lost', msg));
                }
            };
            ws.onerror = (ev) => {
                if (conn.open)
                    return; // the close that follows says what happened
                const m = ev && typeof ev === 'object' && 'message' in ev ? String(ev.message) : '';
                fail(m, 0);
            };
            ws.onopen = () => {
                if (settled)
                    return;
                settled = true;
                conn.open = true;
                this.#cur = conn;
                this.#status({ state: 'connected' });
                resolve(conn);
            };
            ws.onmessage = (ev) => this.#receive(conn, ev.data);
            ws.onclose = (ev) => {
                const was = conn.open;
                conn.open = false;
                if (this.#cur === conn)
                    this.#cur = null;
                conn.parts.clear();
                if (!was) {
                    fail('', ev.code);
                    return;
                }
                if (!this.#closed)
                    this.#status({ state: 'disconnected', code: ev.code, reason: ev.reason });
                for (const call of conn.pending.values()) {
                    if (ev.code === 1009) {
                        call.reject(new TooLargeError('too_large', 'the message is over the size limit (the server closed the connection with 1009)'));
                    }
                    else {
                        call.reject(new ConnectionLostError('connection_lost', 'connection lost before the reply (' + ev.code + (ev.reason ? ': ' + ev.reason : '') + ')'));
                    }
                }
                conn.pending.clear();
            };
        });
    }
    #receive(conn, data) {
        let text;
        if (typeof data === 'string')
            text = data;
        else if (data instanceof Uint8Array)
            text = new TextDecoder().decode(data);
        else if (data instanceof ArrayBuffer)
            text = new TextDecoder().decode(new Uint8Array(data));
        else
            return;
        let msg;
        try {
            msg = JSON.parse(text);
        }
        catch {
            return; // a reply we cannot read is a lost reply: the call's resend gets it
        }
        if (!msg || typeof msg !== 'object')
            return;
        if (typeof msg['parts'] === 'number' && 'part' in msg && 'data' in msg) {
            const whole = conn.parts.add(msg);
            if (whole !== undefined)
                this.#receive(conn, whole);
            return;
        }
        if (msg['id'] === undefined && typeof msg['message'] === 'string') {
            // API Gateway's own error: the integration failed for one of the
            // requests in flight, and it does not say which. Send them all again:
            // their ids make the resends harmless.
            this.#status({ state: 'gateway_error', message: msg['message'] });
            for (const call of conn.pending.values()) {
                call.reject(new ConnectionLostError('connection_lost', 'the gateway reported: ' + msg['message']));
            }
            conn.pending.clear();
            return;
        }
        const call = conn.pending.get(String(msg['id']));
        if (!call)
            return; // a late reply nobody waits for
        if (typeof msg['event'] === 'string') {
            call.onEvent?.(msg);
            return;
        }
        conn.pending.delete(String(msg['id']));
        call.resolve(msg);
    }
    #drop(conn) {
        if (this.#cur === conn)
            this.#cur = null;
        try {
            conn.ws.close(4000, 'no reply');
        }
        catch {
            // already closed
        }
    }
    /** cut closes the connection at once, as a network failure would (for tests). */
    cut() {
        const c = this.#cur;
        if (c) {
            const ws = c.ws;
            if (ws.terminate)
                ws.terminate();
            else
                ws.close(4001, 'cut');
        }
    }
    async roundTrip(req, text, onEvent) {
        const bytes = utf8(text);
        if (bytes.length > MAX_MESSAGE) {
            // The server closes the connection on such a message: refuse it here.
            throw new TooLargeError('too_large', `the request is ${bytes.length} bytes, over the ${MAX_MESSAGE}-byte message limit`);
        }
        if (!this.nodeStyle && bytes.length > MAX_FRAME) {
            throw new TooLargeError('too_large', `this request is ${Math.ceil(bytes.length / 1024)} KB: a browser can send at most 32 KB per message (one WebSocket frame)`);
        }
        const conn = await this.connect();
        return new Promise((resolve, reject) => {
            const timer = setTimeout(() => {
                if (conn.pending.get(req.id) === call)
                    conn.pending.delete(req.id);
                // No reply in time: the server may have lost this connection.
                this.#drop(conn);
                reject(new ConnectionLostError('connection_lost', `no reply in ${this.cfg.replyTimeoutMs} ms`));
            }, this.cfg.replyTimeoutMs);
            const call = {
                onEvent,
                resolve: (r) => {
                    clearTimeout(timer);
                    resolve(r);
                },
                reject: (e) => {
                    clearTimeout(timer);
                    reject(e);
                },
            };
            conn.pending.set(req.id, call);
            try {
                if (this.nodeStyle && bytes.length > MAX_FRAME) {
                    // Frames of at most 32 KB, sent in one go so that no other
                    // message's frames come between them.
                    for (let off = 0; off < bytes.length; off += MAX_FRAME) {
                        const end = Math.min(off + MAX_FRAME, bytes.length);
                        conn.ws.send(bytes.subarray(off, end), { binary: false, fin: end === bytes.length });
                    }
                }
                else {
                    conn.ws.send(text);
                }
            }
            catch (e) {
                conn.pending.delete(req.id);
                this.#drop(conn);
                call.reject(new ConnectionLostError('connection_lost', 'send failed: ' + (e instanceof Error ? e.message : String(e))));
            }
        });
    }
    async close() {
        this.#closed = true;
        const c = this.#cur ?? (this.#opening ? await this.#opening.catch(() => null) : null);
        this.#cur = null;
        if (!c)
            return;
        await new Promise((resolve) => {
            const t = setTimeout(resolve, 2000);
            const prev = c.ws.onclose;
            c.ws.onclose = (ev) => {
                clearTimeout(t);
                prev?.(ev);
                resolve();
            };
            try {
                c.ws.close(1000, 'closed');
            }
            catch {
                clearTimeout(t);
                resolve();
            }
        });
    }
}
/**
 * HttpTransport sends each request as POST {url}/v1/{op}. Printed output
 * arrives with the reply (in `printed`), not as it is printed.
 */
export class HttpTransport {
    base;
    cfg;
    kind = 'http';
    #closed = false;
    constructor(base, cfg) {
        this.base = base;
        this.cfg = cfg;
    }
    async roundTrip(req, text) {
        if (this.#closed)
            throw new ClosedError('closed', 'the pool is closed');
        const headers = { 'content-type': 'application/json' };
        if (this.cfg.apiKey)
            headers['x-api-key'] = this.cfg.apiKey;
        let resp;
        let body;
        try {
            resp = await fetch(this.base + '/v1/' + encodeURIComponent(req.op), {
                method: 'POST',
                headers,
                body: text,
                signal: AbortSignal.timeout(this.cfg.replyTimeoutMs),
            });
            body = await resp.text();
        }
        catch (e) {
            throw new ConnectionLostError('connection_lost', 'POST /v1/' + req.op + ': ' + (e instanceof Error ? e.message : String(e)), { cause: e });
        }
        let r;
        try {
            r = JSON.parse(body);
        }
        catch {
            r = undefined;
        }
        if (!r || typeof r !== 'object' || (!r.id && !r.error)) {
            // Not a reply: the gateway's own error, or a proxy's page. The step
            // may or may not have committed; the resend with the same id tells.
            if (resp.status === 401 || resp.status === 403) {
                throw new UnauthorizedError('unauthorized', 'unauthorized: HTTP ' + resp.status);
            }
            throw new ConnectionLostError('connection_lost', 'HTTP ' + resp.status + ' without a reply');
        }
        return r;
    }
    async close() {
        this.#closed = true;
    }
}
