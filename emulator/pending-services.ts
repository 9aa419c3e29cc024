/**
 * Azure DevOps as far as this slice needs it: its prefix and error shape, so that a call to a route not
 * emulated yet is a loud, logged 404 in the service's own shape, and faults and the throttle answer like
 * the service would. Its routes arrive with their own module in a later issue. (Power BI: `powerbi/`.)
 */
import { randomUUID } from "node:crypto";
import { jsonReply, type Reply, type RequestContext } from "./http";
import { Router } from "./router";
import { reasonPhrase, type ErrorSpec, type ServiceModule } from "./services";

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
