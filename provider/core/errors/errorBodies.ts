/**
 * Parsers of the error bodies of the services we call. Each is tolerant: the body may be JSON, an HTML page
 * (sign-in pages, gateways), plain text, empty, a Buffer or already parsed; unknown shapes give empty fields.
 */
import { headerValue, redactSecrets } from "./redact";
import { isBytes } from "../model/patterns";

/** The service-independent facts an error body carries. */
export interface ServiceErrorBody {
    /** The service's error code, the one to branch on (Graph `error.code`, DevOps `typeKey`, AAD `error`). */
    readonly code?: string;
    /** A finer code when the service gives one (Graph `innerError.code`, `pbi.error.code`, `TF400813`, `AADSTS7000215`). */
    readonly innerCode?: string;
    /** The service's human message (never parsed for meaning, only quoted). */
    readonly message?: string;
    /** The id the service's support asks for. */
    readonly requestId?: string;
    /** The client-side correlation id, when the service echoes one (AAD `correlation_id`). */
    readonly correlationId?: string;
}

/** Longest excerpt of a non-JSON body quoted in a message. */
const EXCERPT_LENGTH = 200;

/** The body as JSON when it is JSON, else undefined. Buffers and strings are decoded and parsed. */
export function bodyAsJson(body: unknown): unknown {
    const text = bodyAsText(body);
    if (text === undefined) return typeof body === "object" && body !== null && !isBytes(body) ? body : undefined;
    try {
        return JSON.parse(text);
    } catch {
        return undefined;
    }
}

/**
 * A short description of a body that is not JSON: the `<title>` of an HTML page (the real services answer
 * sign-in pages with 200/203, docs/api-facts.md D), or the start of a text body, whitespace collapsed and redacted.
 * A body that looks like JSON (cut short, or labelled as HTML) keeps its shape and member names but not its string
 * values: it may be data holding a secret no registry knows, such as the pass of a TAP list.
 */
export function describeNonJsonBody(body: unknown): string | undefined {
    const text = bodyAsText(body)?.trim();
    if (!text) return undefined;
    if (looksLikeHtml(text)) {
        const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
        return title ? `an HTML page titled "${redactSecrets(title)}"` : "an HTML page";
    }
    const flat = (/^[[{]/.test(text) ? withoutStringValues(text) : text).replace(/\s+/g, " ");
    return redactSecrets(flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}...` : flat);
}

/** JSON-like text with every string value, finished or cut off, replaced by `"..."`; member names stay. */
function withoutStringValues(text: string): string {
    return text.replace(/"(?:[^"\\]|\\.)*("|$)/g, (s: string, closed: string, offset: number) =>
        closed !== "" && /^\s*:/.test(text.slice(offset + s.length)) ? s : '"..."',
    );
}

/** Whether text is an HTML document rather than JSON or prose. */
export function looksLikeHtml(text: string): boolean {
    return /^\s*(<!doctype html|<html|<head|<body)/i.test(text);
}

/**
 * Microsoft identity platform token errors: `{"error","error_description","error_codes":[7000215],
 * "trace_id","correlation_id"}`. The description repeats trace and correlation ids on later lines; only
 * its first line is kept.
 */
/** The token endpoint's request id headers. */
const LOGIN_REQUEST_ID_HEADERS: readonly string[] = ["x-ms-request-id", "request-id"];

export function parseLoginError(body: unknown, headers?: unknown): ServiceErrorBody {
    const json = bodyAsJson(body);
    const codes = jsonField(json, "error_codes");
    const first = Array.isArray(codes) && typeof codes[0] === "number" ? codes[0] : undefined;
    return withBodyFallback(body, {
        code: jsonString(json, "error"),
        innerCode: first !== undefined ? `AADSTS${first}` : undefined,
        message: jsonString(json, "error_description")?.split(/\r?\n/)[0]?.trim(),
        requestId: jsonString(json, "trace_id") ?? requestIdFrom(LOGIN_REQUEST_ID_HEADERS, headers),
        correlationId: jsonString(json, "correlation_id"),
    });
}

/** The request id headers of a service whose profile names none. */
export const GENERIC_REQUEST_ID_HEADERS: readonly string[] = ["request-id", "x-ms-request-id"];

/**
 * A service without a profile of its own: the OData convention `{"error":{"code","message"}}` most Microsoft APIs
 * follow, and the request id in `request-id` or `x-ms-request-id`.
 */
export function parseGenericError(body: unknown, headers?: unknown): ServiceErrorBody {
    const error = jsonField(bodyAsJson(body), "error");
    return withBodyFallback(body, {
        code: jsonString(error, "code"),
        message: jsonString(error, "message"),
        requestId: requestIdFrom(GENERIC_REQUEST_ID_HEADERS, headers),
    });
}

/** The request id in the first of `names` (a service's request id headers) that the response carries. */
export function requestIdFrom(names: readonly string[], headers: unknown): string | undefined {
    for (const name of names) {
        const value = headerValue(headers, name);
        if (value) return value;
    }
    return undefined;
}

/**
 * A parsed error body as it is reported: an empty message filled with a description of a non-JSON body (an HTML page
 * title, the start of a text), and undefined fields dropped. Every service's parser ends with it.
 */
export function withBodyFallback(body: unknown, parsed: ServiceErrorBody): ServiceErrorBody {
    const message = parsed.message ?? (bodyAsJson(body) === undefined ? describeNonJsonBody(body) : undefined);
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...parsed, message })) if (typeof v === "string" && v !== "") out[k] = v;
    return out;
}

function bodyAsText(body: unknown): string | undefined {
    if (typeof body === "string") return body;
    if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
    if (body instanceof ArrayBuffer) return Buffer.from(body).toString("utf8");
    return undefined;
}

/** A member of a JSON object, or undefined for anything else. */
export function jsonField(o: unknown, key: string): unknown {
    return typeof o === "object" && o !== null && !Array.isArray(o) ? (o as Record<string, unknown>)[key] : undefined;
}

/** A non-empty string member of a JSON object. */
export function jsonString(o: unknown, key: string): string | undefined {
    const v = jsonField(o, key);
    return typeof v === "string" && v !== "" ? v : undefined;
}

/** A number member of a JSON object. */
export function jsonNumber(o: unknown, key: string): number | undefined {
    const v = jsonField(o, key);
    return typeof v === "number" ? v : undefined;
}
