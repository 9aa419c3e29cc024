/**
 * The Microsoft Entra token endpoint's error body (OAuth 2.0 RFC 6749 section 5.2 plus Entra's fields):
 * `{error, error_description: "AADSTSnnnn: ...\r\nTrace ID: ...", error_codes: [n], timestamp, trace_id,
 * correlation_id, error_uri}`. Entra echoes the caller's `client-request-id` as the correlation id.
 */
import { jsonReply, type Reply, type RequestContext } from "../http/http";
import { reasonPhrase, type ErrorSpec } from "../http/services";

/** Entra's timestamp format in error bodies: `2024-05-01 12:34:56Z`. */
function entraTimestamp(now: Date): string {
    return `${now.toISOString().slice(0, 19).replace("T", " ")}Z`;
}

/** Default OAuth error codes per status, for errors that are not one of the token endpoint's own. */
function defaultError(status: number): string {
    if (status === 429 || status === 503) return "temporarily_unavailable";
    if (status >= 500) return "server_error";
    if (status === 401) return "invalid_client";
    return "invalid_request";
}

/** Headers Entra puts on every response: its trace id and the echoed client request id. */
export function loginHeaders(ctx: RequestContext): Record<string, string> {
    return { "x-ms-request-id": ctx.requestId, "client-request-id": ctx.clientRequestId, "cache-control": "no-store, no-cache" };
}

/**
 * An error in Entra's shape. `spec.code` is the OAuth `error`; `spec.message` the description, whose
 * `AADSTSnnnn:` prefix, when present, also fills `error_codes`.
 */
export function loginError(ctx: RequestContext, spec: ErrorSpec): Reply {
    const timestamp = entraTimestamp(ctx.now);
    const description = spec.message ?? `The request failed: ${spec.status} ${reasonPhrase(spec.status)}.`;
    const aadsts = /^AADSTS(\d+):/.exec(description);
    const codes = aadsts === null ? [] : [Number(aadsts[1])];
    const body: Record<string, unknown> = {
        error: spec.code ?? defaultError(spec.status),
        error_description: `${description}\r\nTrace ID: ${ctx.requestId}\r\nCorrelation ID: ${ctx.clientRequestId}\r\nTimestamp: ${timestamp}`,
        error_codes: codes,
        timestamp,
        trace_id: ctx.requestId,
        correlation_id: ctx.clientRequestId,
    };
    if (codes.length > 0) body.error_uri = `${ctx.baseUrl}/login/error?code=${codes[0]}`;
    return jsonReply(spec.status, body, { ...spec.headers });
}

/** Shorthand for the token endpoint's own errors: status, OAuth error, AADSTS code and message. */
export function aadsts(ctx: RequestContext, status: number, error: string, code: number, message: string): Reply {
    return loginError(ctx, { status, code: error, message: `AADSTS${code}: ${message}` });
}
