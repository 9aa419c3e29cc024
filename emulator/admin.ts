/**
 * The admin API under `/_admin`: plain JSON, no auth, loopback only. Tests and the quickstart use it to
 * seed and inspect the directory, read the request log, inject faults, throttle, mint delegated tokens and
 * change objects out of band (users, passes, branding, the branding license, Power BI datasets, Azure DevOps pushes) to simulate drift, and set the Azure DevOps rate limit. Its typed
 * client is `client.ts`.
 */
import { addUser, AdminError, deleteTap, putTap } from "./http/admin-changes";
import { registerBrandingAdminRoutes } from "./branding/admin";
import { registerDevOpsAdminRoutes } from "./devops/admin";
import type { DevOpsRateLimit } from "./devops/ratelimit";
import { registerPowerBiAdminRoutes } from "./powerbi/admin";
import { FaultRuleError, parseFaultRules, type FaultStore } from "./http/faults";
import { BadRequestError } from "./base/bad-request";
import { emptyReply, jsonReply, parseJsonBody, type Reply, type RequestContext } from "./http/http";
import { filterFromQuery, type RequestLog } from "./http/log";
import { Router } from "./http/router";
import { SeedError, validateSeed } from "./store/seed";
import type { StateStore } from "./store/state";
import { parseThrottle, type Throttle } from "./http/throttle";
import { mintUserToken } from "./user-tokens";

/** What the admin routes act on. */
export interface AdminDeps {
    readonly caPem: string;
    readonly store: StateStore;
    readonly log: RequestLog;
    readonly faults: FaultStore;
    readonly throttle: Throttle;
    readonly devopsRateLimit: DevOpsRateLimit;
}

/** Builds the admin routes (paths relative to `/_admin`). */
export function createAdminRouter(deps: AdminDeps): Router {
    const { store, log, faults, throttle } = deps;
    const r = new Router();
    r.add("GET", "/ca.pem", () => ({ status: 200, headers: { "content-type": "application/x-pem-file" }, body: deps.caPem }));
    r.add("GET", "/state", () => jsonReply(200, store.snapshot()));
    r.add("POST", "/seed", (ctx) => {
        store.replaceWithSeed(validateSeed(parseJsonBody(ctx), "seed"));
        return jsonReply(200, store.snapshot());
    });
    r.add("GET", "/requests", (ctx) => jsonReply(200, log.list(filterFromQuery(ctx.query))));
    r.add("DELETE", "/requests", () => {
        log.clear();
        return emptyReply(204);
    });
    r.add("GET", "/faults", () => jsonReply(200, faults.list()));
    r.add("POST", "/faults", (ctx) => {
        faults.add(parseFaultRules(parseJsonBody(ctx)));
        return jsonReply(200, faults.list());
    });
    r.add("DELETE", "/faults", () => {
        faults.clear();
        return emptyReply(204);
    });
    r.add("GET", "/throttle", () => jsonReply(200, throttle.get()));
    r.add("POST", "/throttle", (ctx) => {
        throttle.set(parseThrottle(parseJsonBody(ctx)));
        return jsonReply(200, throttle.get());
    });
    r.add("DELETE", "/throttle", () => {
        throttle.set(null);
        return emptyReply(204);
    });
    r.add("POST", "/tokens", (ctx) => jsonReply(200, mintUserToken(ctx, parseJsonBody(ctx))));
    const tapPath = "/tenants/:tenant/users/:user/temporaryAccessPass";
    r.add("POST", "/tenants/:tenant/users", (ctx, p) => jsonReply(201, addUser(ctx, p.tenant)));
    r.add("PUT", tapPath, (ctx, p) => jsonReply(200, putTap(ctx, p.tenant, p.user)));
    r.add("DELETE", tapPath, (ctx, p) => {
        deleteTap(ctx, p.tenant, p.user);
        return emptyReply(204);
    });
    registerBrandingAdminRoutes(r);
    registerPowerBiAdminRoutes(r);
    registerDevOpsAdminRoutes(r, deps.devopsRateLimit);
    return r;
}

/** Answers one admin request (refusing callers that are not on loopback). */
export async function handleAdmin(router: Router, ctx: RequestContext): Promise<Reply> {
    if (!isLoopback(ctx.remoteAddress)) return jsonReply(403, { error: "the admin API answers loopback callers only" });
    const match = router.match(ctx.method, ctx.subPath);
    if (match.kind === "notFound") return jsonReply(404, { error: `no admin route ${ctx.method} ${ctx.rawPath}` });
    if (match.kind === "methodNotAllowed") return jsonReply(405, { error: `use ${match.allowed.join(" or ")}` }, { allow: match.allowed.join(", ") });
    try {
        return await match.handler(ctx, match.params);
    } catch (err) {
        if (err instanceof SeedError) return jsonReply(400, { error: err.message, problems: err.problems });
        if (err instanceof AdminError) return jsonReply(err.status, { error: err.message });
        if (err instanceof BadRequestError || err instanceof FaultRuleError || err instanceof TypeError || err instanceof SyntaxError) {
            return jsonReply(400, { error: err.message });
        }
        throw err;
    }
}

function isLoopback(address: string): boolean {
    return address === "::1" || /^(::ffff:)?127\./.test(address);
}
