/**
 * The Microsoft Graph service module, served under `/graph` (so `https://graph.microsoft.com/v1.0/...`
 * becomes `{emulator}/graph/v1.0/...`): the TAP list, the organization and its branding.
 */
import { Router } from "../http/router";
import type { ServiceModule } from "../http/services";
import { GRAPH_JSON, graphError, graphHeaders } from "./errors";
import { registerBrandingRoutes, registerWrongStreamRoutes } from "./branding";
import { registerStreamRoutes } from "./branding-streams";
import { registerLocalizationRoutes } from "./localizations";
import { registerOrganizationRoutes } from "./organization";
import { registerTapRoutes } from "./tap";

/** Creates the Graph module with all its routes. */
export function createGraphService(): ServiceModule {
    const router = new Router();
    registerTapRoutes(router);
    registerOrganizationRoutes(router);
    registerBrandingRoutes(router);
    registerLocalizationRoutes(router);
    registerStreamRoutes(router);
    // Last: `/branding/{name}` would otherwise shadow `/branding/localizations`.
    registerWrongStreamRoutes(router);
    return {
        name: "graph",
        prefix: "/graph",
        router,
        jsonContentType: GRAPH_JSON,
        errorReply: graphError,
        commonHeaders: graphHeaders,
    };
}
