/**
 * Power BI and Azure DevOps as far as this slice needs them: their prefixes and error shapes, so that a
 * call to a route not emulated yet is a loud, logged 404 in the service's own shape, and faults and the
 * throttle answer like the service would. Their routes arrive with their own modules in later issues.
 */
import { randomUUID } from "node:crypto";
import { jsonReply, type Reply, type RequestContext } from "./http";
import { Router } from "./router";
import { reasonPhrase, type ErrorSpec, type ServiceModule } from "./services";

/**
 * Power BI REST errors: `{"error":{"code","message"}}` (powerbi-docs troubleshoot-rest-api.md,
 * conformance/powerbi-error-tokenexpired.response.json).
 */
function powerBiError(_ctx: RequestContext, spec: ErrorSpec): Reply {
    const code = spec.code ?? (spec.status === 429 ? "TooManyRequests" : spec.status === 404 ? "NotFound" : reasonPhrase(spec.status).replace(/ /g, ""));
    const message = spec.message ?? (spec.status === 429
        // The message community captures show for throttled Power BI calls (API-FACTS.md section C).
        ? "You have exceeded the amount of requests allowed in the current time frame and further requests will fail."
        : reasonPhrase(spec.status));
    return jsonReply(spec.status, { error: { code, message } }, { ...spec.headers });
}

/**
 * Azure DevOps errors: `{"$id","innerException","message","typeName","typeKey","errorCode","eventId"}`
 * (conformance/azdo-error-400.response.json). A 429 carries TF400733 (azure-devops-docs rate-limits.md).
 */
function devOpsError(_ctx: RequestContext, spec: ErrorSpec): Reply {
    const typeKey = spec.code ?? (spec.status === 404 ? "VssResourceNotFoundException"
        : spec.status === 429 ? "RequestBlockedException" : spec.status === 401 ? "UnauthorizedRequestException" : "VssServiceException");
    const message = spec.message ?? (spec.status === 429
        ? "TF400733: The request has been canceled: Request was blocked due to exceeding usage of resource 'Emulator' in namespace 'User'."
        : reasonPhrase(spec.status));
    const body = {
        $id: "1",
        innerException: null,
        message,
        typeName: `Microsoft.VisualStudio.Services.WebApi.${typeKey}, Microsoft.VisualStudio.Services.WebApi`,
        typeKey,
        errorCode: 0,
        eventId: 3000,
    };
    return jsonReply(spec.status, body, { ...spec.headers });
}

/** Power BI under `/powerbi` (for `https://api.powerbi.com/...`); no routes yet. */
export function createPowerBiService(): ServiceModule {
    return {
        name: "powerbi",
        prefix: "/powerbi",
        router: new Router(),
        jsonContentType: "application/json; charset=utf-8",
        errorReply: powerBiError,
        commonHeaders: (ctx) => ({ requestid: ctx.requestId }),
    };
}

/** Azure DevOps under `/devops` (for `https://dev.azure.com/...`); no routes yet. */
export function createDevOpsService(): ServiceModule {
    return {
        name: "devops",
        prefix: "/devops",
        router: new Router(),
        jsonContentType: "application/json; charset=utf-8",
        errorReply: devOpsError,
        commonHeaders: () => ({ "activityid": randomUUID(), "x-tfs-session": randomUUID() }),
    };
}
