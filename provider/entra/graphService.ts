/**
 * Microsoft Graph as the HTTP client needs to know it: its error body and request id header. Shared by every Entra
 * resource (branding, TAP methods).
 */
import {
    GENERIC_REQUEST_ID_HEADERS,
    bodyAsJson,
    jsonField,
    jsonString,
    requestIdFrom,
    withBodyFallback,
    type ServiceErrorBody,
} from "../core/errors/errorBodies";
import type { ServiceProfile } from "../core/errors/serviceProfile";

/**
 * Graph's error body: `{"error":{"code","message","innerError":{"code","request-id","client-request-id","date"}}}`
 * (learn /graph/errors; test/fixtures/conformance/graph-error.example.json). Some translations spell `requestId`.
 */
export function parseGraphError(body: unknown, headers?: unknown): ServiceErrorBody {
    const error = jsonField(bodyAsJson(body), "error");
    const inner = jsonField(error, "innerError") ?? jsonField(error, "innererror");
    return withBodyFallback(body, {
        code: jsonString(error, "code"),
        innerCode: jsonString(inner, "code"),
        message: jsonString(error, "message"),
        requestId: jsonString(inner, "request-id") ?? jsonString(inner, "requestId") ?? requestIdFrom(GENERIC_REQUEST_ID_HEADERS, headers),
        correlationId: jsonString(inner, "client-request-id"),
    });
}

/** Microsoft Graph (`https://graph.microsoft.com`). */
export const graphService: ServiceProfile = {
    name: "graph",
    // Graph names its request id as most Microsoft APIs do.
    requestIdHeaders: GENERIC_REQUEST_ID_HEADERS,
    parseError: parseGraphError,
};
