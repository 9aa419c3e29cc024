/**
 * The request context every route handler receives, the reply it returns, and the few helpers that read
 * bodies and write replies. Handlers return a {@link Reply} instead of writing to the socket themselves so
 * that the dispatcher can log the status, add a service's common headers and inject faults in one place.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { StateStore } from "../store/state";
import { BadRequestError } from "../base/bad-request";

/** What a handler knows about one request. Built once per request by the dispatcher. */
export interface RequestContext {
    readonly method: string;
    /** The path as sent (still percent-encoded), without the query. */
    readonly rawPath: string;
    /** {@link rawPath} without the service prefix (`/graph`, `/login`, `/_admin`). */
    readonly subPath: string;
    readonly query: URLSearchParams;
    /** Lower-case header names, as Node gives them. */
    readonly headers: IncomingHttpHeaders;
    readonly body: Buffer;
    /** `http://host:port` or `https://host:port`, as the client addressed the emulator. */
    readonly baseUrl: string;
    readonly remoteAddress: string;
    /** A new id per request (Graph's `request-id`). */
    readonly requestId: string;
    /** The caller's `client-request-id` header, else a new id. */
    readonly clientRequestId: string;
    /** The emulator clock, read once when the request arrived. */
    readonly now: Date;
    readonly store: StateStore;
}

/** A complete response: status, headers and an already serialized body. */
export interface Reply {
    readonly status: number;
    readonly headers?: Readonly<Record<string, string>>;
    readonly body?: string | Buffer;
    /**
     * Destroy the connection instead of writing the reply: the work is done but the client never hears of
     * it (a lost response, for testing "unknown outcome" handling).
     */
    readonly abort?: boolean;
}

/** Path parameters of a matched route, decoded once. */
export type RouteParams = Readonly<Record<string, string>>;

/** A route handler: pure with respect to the socket, it only returns a reply. */
export type RouteHandler = (ctx: RequestContext, params: RouteParams) => Reply | Promise<Reply>;

/** A JSON reply; `contentType` lets a service use its own media type parameters (Graph's odata ones). */
export function jsonReply(
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
    contentType = "application/json; charset=utf-8",
): Reply {
    return { status, headers: { "content-type": contentType, ...headers }, body: JSON.stringify(body) };
}

/** A reply without a body (204, or a 200 with nothing to say). */
export function emptyReply(status: number, headers: Record<string, string> = {}): Reply {
    return { status, headers };
}

/** The request body as JSON, or a {@link BadRequestError} that says why it is not. */
export function parseJsonBody(ctx: RequestContext): unknown {
    const text = ctx.body.toString("utf8");
    if (text.trim() === "") throw new BadRequestError("the request body is empty; a JSON body is required");
    try {
        return JSON.parse(text) as unknown;
    } catch (err) {
        throw new BadRequestError(`the request body is not valid JSON: ${(err as Error).message}`);
    }
}

/** Reads the whole request body. Bodies here are small (forms, JSON, images of a few KB). */
export function readBody(req: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => resolve(Buffer.concat(chunks)));
        req.on("error", reject);
    });
}

/** Writes a reply, adding Content-Length so clients can tell a complete body from a cut one. */
export function writeReply(res: ServerResponse, reply: Reply, extraHeaders: Record<string, string> = {}): void {
    const body = reply.body === undefined ? Buffer.alloc(0) : Buffer.from(reply.body);
    const headers: Record<string, string> = { ...extraHeaders, ...reply.headers };
    if (reply.status !== 204 && reply.status !== 304) headers["content-length"] = String(body.length);
    res.writeHead(reply.status, headers);
    res.end(reply.status === 204 || reply.status === 304 ? undefined : body);
}

/** Header values flattened to strings, lower-case names (for the request log). */
export function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
        if (value === undefined) continue;
        out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
    }
    return out;
}

/** One header as a single string (Node gives arrays for repeated headers). */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
    const value = headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
}
