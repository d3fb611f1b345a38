import { Reassembler, type PrintEvent, type Reply, type WireRequest } from './wire.js';
/** What the pool reports about its connection (for a status line). */
export interface ConnectionStatus {
    /**
     * connecting, connected; disconnected (the server or the network closed
     * an open connection: `code`, `reason`); failed (a connection could not
     * be opened: `message`); gateway_error (API Gateway reported a failed
     * integration, `message`; the requests in flight are sent again).
     */
    state: 'connecting' | 'connected' | 'disconnected' | 'failed' | 'gateway_error';
    code?: number;
    reason?: string;
    message?: string;
}
export interface TransportConfig {
    apiKey: string | undefined;
    replyTimeoutMs: number;
    onStatus: ((s: ConnectionStatus) => void) | undefined;
    /** Sent as the WebSocket handshake's traceparent header (Node). */
    traceparent?: string | undefined;
}
export interface Transport {
    readonly kind: 'websocket' | 'http';
    roundTrip(req: WireRequest, text: string, onEvent?: (e: PrintEvent) => void): Promise<Reply>;
    close(): Promise<void>;
}
/** The part of a WebSocket this client uses: the browser's and ws's share it. */
export interface WebSocketLike {
    readonly readyState: number;
    onopen: ((ev: unknown) => void) | null;
    onmessage: ((ev: {
        data: unknown;
    }) => void) | null;
    onclose: ((ev: {
        code: number;
        reason: string;
    }) => void) | null;
    onerror: ((ev: unknown) => void) | null;
    send(data: string | Uint8Array, opts?: {
        fin?: boolean;
        binary?: boolean;
    }): void;
    close(code?: number, reason?: string): void;
}
/**
 * A WebSocket constructor: the browser's (`new WebSocket(url)`, which can
 * set no headers and sends each message as one frame) or the `ws`
 * package's (`new WebSocket(url, {headers})`, which can send fragments).
 */
export type WebSocketConstructor = new (url: string, opts?: unknown) => WebSocketLike;
interface Call {
    onEvent: ((e: PrintEvent) => void) | undefined;
    resolve(r: Reply): void;
    reject(e: Error): void;
}
declare class Conn {
    readonly ws: WebSocketLike;
    readonly pending: Map<string, Call>;
    readonly parts: Reassembler;
    open: boolean;
    constructor(ws: WebSocketLike);
}
/**
 * WebSocketTransport keeps one connection and dials a new one when it is
 * gone. With `ws` (Node) the key goes in the x-api-key header and a request
 * over 32 KB goes as several 32 KB frames; with a browser's WebSocket the
 * key goes in the api_key query parameter, and a request over 32 KB (one
 * frame) is refused with TooLargeError before it is sent.
 */
export declare class WebSocketTransport implements Transport {
    #private;
    readonly url: string;
    readonly ctor: WebSocketConstructor;
    /** ws's API: headers at connect, fragments when sending. */
    readonly nodeStyle: boolean;
    readonly cfg: TransportConfig;
    readonly kind: 'websocket';
    /** Connections opened, for tests. */
    dials: number;
    constructor(url: string, ctor: WebSocketConstructor, 
    /** ws's API: headers at connect, fragments when sending. */
    nodeStyle: boolean, cfg: TransportConfig);
    /** connect returns the open connection, dialing one if there is none. */
    connect(): Promise<Conn>;
    /** cut closes the connection at once, as a network failure would (for tests). */
    cut(): void;
    roundTrip(req: WireRequest, text: string, onEvent?: (e: PrintEvent) => void): Promise<Reply>;
    close(): Promise<void>;
}
/**
 * HttpTransport sends each request as POST {url}/v1/{op}. Printed output
 * arrives with the reply (in `printed`), not as it is printed.
 */
export declare class HttpTransport implements Transport {
    #private;
    readonly base: string;
    readonly cfg: TransportConfig;
    readonly kind: 'http';
    constructor(base: string, cfg: TransportConfig);
    roundTrip(req: WireRequest, text: string): Promise<Reply>;
    close(): Promise<void>;
}
export {};
