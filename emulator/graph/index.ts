/**
 * The Microsoft Graph service module, served under `/graph` (so `https://graph.microsoft.com/v1.0/...`
 * becomes `{emulator}/graph/v1.0/...`). Later issues register branding routes here too.
 */
import { Router } from "../router";
import type { ServiceModule } from "../services";
import { GRAPH_JSON, graphError, graphHeaders } from "./errors";
import { registerTapRoutes } from "./tap";

/** Creates the Graph module with all its routes. */
export function createGraphService(): ServiceModule {
    const router = new Router();
    registerTapRoutes(router);
    return {
        name: "graph",
        prefix: "/graph",
        router,
        jsonContentType: GRAPH_JSON,
        errorReply: graphError,
        commonHeaders: graphHeaders,
    };
}
