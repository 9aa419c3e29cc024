/**
 * Power BI's error body and request id header, and the failure route handlers throw.
 *
 * Body: `{"error":{"code","message"}}` (powerbi-docs troubleshoot-rest-api.md,
 * test/fixtures/conformance/powerbi-error-tokenexpired.response.json). Every response carries a `RequestId` header, as
 * the service's responses do. The service also names the code in `X-PowerBI-Error-Info`.
 */
import { emptyReply, jsonReply, type Reply, type RequestContext, type RouteHandler } from "../http/http";
import { reasonPhrase, type ErrorSpec } from "../http/services";

/** The message community captures show for throttled Power BI calls (docs/api-facts.md section C). */
const THROTTLED = "You have exceeded the amount of requests allowed in the current time frame and further requests will fail.";

/** An error reply in Power BI's shape. */
export function powerBiError(_ctx: RequestContext, spec: ErrorSpec): Reply {
    const code =
        spec.code ?? (spec.status === 429 ? "TooManyRequests" : spec.status === 404 ? "NotFound" : reasonPhrase(spec.status).replace(/ /g, ""));
    const message = spec.message ?? (spec.status === 429 ? THROTTLED : reasonPhrase(spec.status));
    return jsonReply(spec.status, { error: { code, message } }, { "x-powerbi-error-info": code, ...spec.headers });
}

/** Power BI's `RequestId` header (Node sends header names as given; HTTP compares them case-insensitively). */
export function powerBiHeaders(ctx: RequestContext): Record<string, string> {
    return { RequestId: ctx.requestId };
}

/** A Power BI answer other than success, thrown by handlers and validators. */
export class PowerBiFailure extends Error {
    override readonly name = "PowerBiFailure";
    constructor(
        readonly status: number,
        readonly code: string,
        message: string,
    ) {
        super(message);
    }
}

/**
 * A 400 for a request body or parameter the service refuses. The service's codes for each validation
 * failure are not documented (the swagger declares no error responses): `InvalidRequest` is our pick,
 * with a message that names the offending member.
 */
export function invalidRequest(message: string): PowerBiFailure {
    return new PowerBiFailure(400, "InvalidRequest", message);
}

/** Wraps a handler so that a thrown {@link PowerBiFailure} becomes its error reply. */
export function powerBiRoute(handler: RouteHandler): RouteHandler {
    return async (ctx, params) => {
        try {
            return await handler(ctx, params);
        } catch (err) {
            if (!(err instanceof PowerBiFailure)) throw err;
            return powerBiError(ctx, { status: err.status, code: err.code, message: err.message });
        }
    };
}

/** Power BI answers 200 without a body for DeleteDataset, PostRows and DeleteRows (swagger examples). */
export function okNoBody(): Reply {
    return emptyReply(200);
}
