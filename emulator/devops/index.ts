/**
 * The Azure DevOps service module, served under `/devops` (so `https://dev.azure.com/{org}/...` becomes
 * `{emulator}/devops/{org}/...`): the location service the official clients read first, the git push lookup
 * and list with PAT and Entra authentication, and the documented rate limiting. Every response carries `ActivityId` and `X-TFS-Session`, as the service's do.
 */
import { Router } from "../http/router";
import type { ServiceModule } from "../http/services";
import { devOpsError, devOpsHeaders } from "./errors";
import { registerLocationRoutes } from "./locations";
import { registerPushRoutes } from "./pushes";
import type { DevOpsRateLimit } from "./ratelimit";

/** Creates the Azure DevOps module; `rateLimit` is shared with the admin API. */
export function createDevOpsService(rateLimit: DevOpsRateLimit): ServiceModule {
    const router = new Router();
    registerLocationRoutes(router);
    registerPushRoutes(router, rateLimit);
    return {
        name: "devops",
        prefix: "/devops",
        router,
        jsonContentType: "application/json; charset=utf-8",
        errorReply: devOpsError,
        commonHeaders: devOpsHeaders,
    };
}
