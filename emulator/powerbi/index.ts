/**
 * The Power BI REST service module, served under `/powerbi` (so `https://api.powerbi.com/v1.0/myorg/...`
 * becomes `{emulator}/powerbi/v1.0/myorg/...`): push datasets, their tables and rows, in My workspace and
 * in groups.
 */
import { Router } from "../http/router";
import type { ServiceModule } from "../http/services";
import { registerDatasetRoutes } from "./datasets";
import { powerBiError, powerBiHeaders } from "./errors";
import { registerTableRoutes } from "./tables";

/** Creates the Power BI module with all its routes. */
export function createPowerBiService(): ServiceModule {
    const router = new Router();
    registerDatasetRoutes(router);
    registerTableRoutes(router);
    return {
        name: "powerbi",
        prefix: "/powerbi",
        router,
        jsonContentType: "application/json; charset=utf-8",
        errorReply: powerBiError,
        commonHeaders: powerBiHeaders,
    };
}
