/**
 * Microsoft Graph's error body and correlation headers.
 *
 * Shape (learn.microsoft.com/graph/errors, test/fixtures/conformance/graph-error.example.json):
 * `{"error":{"code","message","innerError":{"date","request-id","client-request-id"}}}`. Real responses
 * carry `client-request-id` in innerError too, although the doc example omits it (docs/api-facts.md, section E).
 * A 429 follows the sample of learn.microsoft.com/graph/throttling (test/fixtures/conformance/graph-throttling-429.response.json).
 */
import { jsonReply, type Reply, type RequestContext } from "../http/http";
import { reasonPhrase, type ErrorSpec } from "../http/services";

/** Graph's media type for JSON payloads (OData minimal metadata). */
export const GRAPH_JSON = "application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8";

/**
 * Default codes per status, from the code list of learn.microsoft.com/graph/errors; 401 uses the code
 * Graph sends for token problems.
 */
const DEFAULT_CODES: Record<number, string> = {
    400: "invalidRequest",
    401: "InvalidAuthenticationToken",
    403: "accessDenied",
    404: "itemNotFound",
    405: "notAllowed",
    409: "nameAlreadyExists",
    412: "resourceModified",
    429: "TooManyRequests",
    503: "serviceNotAvailable",
};

/** Graph's `request-id` and `client-request-id` response headers. */
export function graphHeaders(ctx: RequestContext): Record<string, string> {
    return { "request-id": ctx.requestId, "client-request-id": ctx.clientRequestId };
}

/** Graph's `innerError.date`: UTC, seconds precision, no zone suffix (as in the documented samples). */
function graphDate(now: Date): string {
    return now.toISOString().slice(0, 19);
}

/** An error reply in Graph's shape. */
export function graphError(ctx: RequestContext, spec: ErrorSpec): Reply {
    const status = spec.status;
    const headers: Record<string, string> = { ...spec.headers };
    if (status === 401 && headers["www-authenticate"] === undefined) {
        // Graph challenges like this on 401 (client_id is Microsoft Graph's app id).
        headers["www-authenticate"] =
            'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"';
    }
    const ids = { "request-id": ctx.requestId, "client-request-id": ctx.clientRequestId };
    if (status === 429 && spec.code === undefined) {
        const body = {
            error: {
                code: "TooManyRequests",
                innerError: { code: "429", date: graphDate(ctx.now), message: "Please retry after", ...ids, status: "429" },
                message: spec.message ?? "Please retry again later.",
            },
        };
        return jsonReply(status, body, headers);
    }
    const body = {
        error: {
            code: spec.code ?? DEFAULT_CODES[status] ?? "generalException",
            message: spec.message ?? reasonPhrase(status),
            innerError: { date: graphDate(ctx.now), ...ids },
        },
    };
    return jsonReply(status, body, headers);
}
