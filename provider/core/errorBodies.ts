/**
 * Parsers of the error bodies of the services we call. Each is tolerant: the body may be JSON, an HTML page
 * (sign-in pages, gateways), plain text, empty, a Buffer or already parsed; unknown shapes give empty fields.
 */
import { headerValue, redactSecrets } from "./redact";
import { isBytes } from "./patterns";

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
 * sign-in pages with 200/203, API-FACTS.md D), or the start of a text body, whitespace collapsed and redacted.
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
 * Graph: `{"error":{"code","message","innerError":{"code","request-id","client-request-id","date"}}}`
 * (learn /graph/errors; conformance/graph-error.example.json). Some translations spell `requestId`.
 */
export function parseGraphError(body: unknown, headers?: unknown): ServiceErrorBody {
    const error = field(bodyAsJson(body), "error");
    const inner = field(error, "innerError") ?? field(error, "innererror");
    return withFallback(body, {
        code: str(error, "code"),
        innerCode: str(inner, "code"),
        message: str(error, "message"),
        requestId: str(inner, "request-id") ?? str(inner, "requestId") ?? requestIdFrom("graph", headers),
        correlationId: str(inner, "client-request-id"),
    });
}

/**
 * Power BI: `{"error":{"code","message"}}` (powerbi-docs troubleshoot-rest-api.md), sometimes only a
 * `pbi.error` member or `details[].message` (community captures, API-FACTS.md C).
 */
export function parsePowerBiError(body: unknown, headers?: unknown): ServiceErrorBody {
    const json = bodyAsJson(body);
    const error = field(json, "error") ?? json;
    const pbi = field(error, "pbi.error");
    const code = str(error, "code") ?? str(pbi, "code");
    const pbiCode = str(pbi, "code");
    return withFallback(body, {
        code,
        innerCode: pbiCode !== code ? pbiCode : undefined,
        message: str(error, "message") ?? firstDetailMessage(error) ?? firstDetailMessage(pbi),
        requestId: requestIdFrom("powerbi", headers),
    });
}

/**
 * Azure DevOps: `{"$id","innerException","message","typeName","typeKey","errorCode","eventId"}`
 * (vsts-rest-api-specs GetDescriptorById example). Messages start with a `TF123456:` code when there is one.
 */
export function parseDevOpsError(body: unknown, headers?: unknown): ServiceErrorBody {
    const json = bodyAsJson(body);
    const message = str(json, "message");
    const tfCode = message !== undefined ? /^(TF\d+|VS\d+)\b/.exec(message)?.[1] : undefined;
    const typeKey = str(json, "typeKey");
    const errorCode = num(json, "errorCode");
    return withFallback(body, {
        code: typeKey ?? tfCode ?? (errorCode ? String(errorCode) : undefined),
        innerCode: typeKey !== undefined ? tfCode : undefined,
        message,
        requestId: requestIdFrom("devops", headers),
    });
}

/**
 * Microsoft identity platform token errors: `{"error","error_description","error_codes":[7000215],
 * "trace_id","correlation_id"}`. The description repeats trace and correlation ids on later lines; only
 * its first line is kept.
 */
export function parseLoginError(body: unknown, headers?: unknown): ServiceErrorBody {
    const json = bodyAsJson(body);
    const codes = field(json, "error_codes");
    const first = Array.isArray(codes) && typeof codes[0] === "number" ? codes[0] : undefined;
    return withFallback(body, {
        code: str(json, "error"),
        innerCode: first !== undefined ? `AADSTS${first}` : undefined,
        message: str(json, "error_description")?.split(/\r?\n/)[0]?.trim(),
        requestId: str(json, "trace_id") ?? requestIdFrom("login", headers),
        correlationId: str(json, "correlation_id"),
    });
}

/** The parser for a service. */
export function parseServiceError(service: string, body: unknown, headers?: unknown): ServiceErrorBody {
    switch (service) {
        case "graph":
            return parseGraphError(body, headers);
        case "powerbi":
            return parsePowerBiError(body, headers);
        case "devops":
            return parseDevOpsError(body, headers);
        default:
            return parseLoginError(body, headers);
    }
}

/** Response headers that carry each service's request id, most specific first. */
const REQUEST_ID_HEADERS: Readonly<Record<string, readonly string[]>> = {
    graph: ["request-id", "x-ms-request-id"],
    powerbi: ["requestid", "x-ms-request-id", "request-id"],
    devops: ["activityid", "x-vss-activityid", "x-tfs-session", "x-vss-e2eid"],
    login: ["x-ms-request-id", "request-id"],
};

/** The request id a service put in its response headers, if any. */
export function requestIdFrom(service: string, headers: unknown): string | undefined {
    for (const name of REQUEST_ID_HEADERS[service] ?? ["request-id", "x-ms-request-id"]) {
        const value = headerValue(headers, name);
        if (value) return value;
    }
    return undefined;
}

/** Fill an empty message with a description of a non-JSON body, and drop undefined fields. */
function withFallback(body: unknown, parsed: ServiceErrorBody): ServiceErrorBody {
    const message = parsed.message ?? (bodyAsJson(body) === undefined ? describeNonJsonBody(body) : undefined);
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...parsed, message })) if (typeof v === "string" && v !== "") out[k] = v;
    return out;
}

function firstDetailMessage(o: unknown): string | undefined {
    const details = field(o, "details");
    return Array.isArray(details) ? str(details[0], "message") : undefined;
}

function bodyAsText(body: unknown): string | undefined {
    if (typeof body === "string") return body;
    if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
    if (body instanceof ArrayBuffer) return Buffer.from(body).toString("utf8");
    return undefined;
}

function field(o: unknown, key: string): unknown {
    return typeof o === "object" && o !== null && !Array.isArray(o) ? (o as Record<string, unknown>)[key] : undefined;
}

function str(o: unknown, key: string): string | undefined {
    const v = field(o, key);
    return typeof v === "string" && v !== "" ? v : undefined;
}

function num(o: unknown, key: string): number | undefined {
    const v = field(o, key);
    return typeof v === "number" ? v : undefined;
}
