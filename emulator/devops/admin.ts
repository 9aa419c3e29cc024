/**
 * The admin API of Azure DevOps: inspect organizations (with their tenant, projects, repositories and
 * pushes), add a push out of band as another user's `git push` would, and switch the rate limit between
 * off, delay and block.
 */
import { AdminError } from "../http/admin-changes";
import { jsonReply, parseJsonBody, type RequestContext } from "../http/http";
import type { Router } from "../http/router";
import type { Tenant } from "../store/state";
import { DevOpsFailure } from "./errors";
import type { Organization, StoredPush } from "../store/devops/model";
import { locate } from "./pushes";
import { parseRateLimit, type DevOpsRateLimit, type DevOpsRateLimitConfig } from "./ratelimit";
import { checkPush } from "../store/devops/seed-check";

/** An organization as `GET /_admin/devops` lists it. */
export type AdminDevOpsOrganization = Organization & { tenantId: string };

/** The body of `GET /_admin/devops`. */
export interface AdminDevOps {
    organizations: AdminDevOpsOrganization[];
    rateLimit: DevOpsRateLimitConfig;
}

/**
 * The body of `POST /_admin/devops/{org}/pushes`: where (repository by name or id, project optional as in
 * the route) and the push; `pushId` defaults to the highest plus one, `date` to now, lists to empty, and
 * a ref update's `repositoryId` to the repository's id.
 */
export interface NewDevOpsPush {
    project?: string;
    repository: string;
    pushId?: number;
    date?: string;
    pushedBy: StoredPush["pushedBy"];
    commits?: StoredPush["commits"];
    refUpdates?: (Omit<StoredPush["refUpdates"][number], "repositoryId"> & { repositoryId?: string })[];
}

/** Registers the devops admin routes (relative to `/_admin`). */
export function registerDevOpsAdminRoutes(r: Router, rateLimit: DevOpsRateLimit): void {
    r.add("GET", "/devops", (ctx) => {
        const organizations = ctx.store.state.tenants.flatMap((t) => (t.devops?.organizations ?? []).map((o) => ({ ...o, tenantId: t.id })));
        const body: AdminDevOps = { organizations, rateLimit: rateLimit.get() };
        return jsonReply(200, body);
    });
    r.add("POST", "/devops/ratelimit", (ctx) => {
        rateLimit.set(parseRateLimit(parseJsonBody(ctx)));
        return jsonReply(200, rateLimit.get());
    });
    r.add("POST", "/devops/:organization/pushes", (ctx, p) => jsonReply(201, addPush(ctx, p.organization)));
}

function addPush(ctx: RequestContext, orgName: string): StoredPush {
    const body = parseJsonBody(ctx);
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new AdminError(400, "the body must be a push object");
    const input = body as Record<string, unknown>;
    if (typeof input.repository !== "string") throw new AdminError(400, "repository (name or id) is required");
    if (input.project !== undefined && typeof input.project !== "string") throw new AdminError(400, "project must be a string");
    return ctx.store.mutate((draft) => {
        const org = draft.tenants.flatMap((t: Tenant) => t.devops?.organizations ?? []).find((o) => o.name.toLowerCase() === orgName.toLowerCase());
        if (org === undefined) throw new AdminError(404, `no organization ${orgName}`);
        let at;
        try {
            at = locate(org, input.project as string | undefined, input.repository as string);
        } catch (err) {
            if (err instanceof DevOpsFailure) throw new AdminError(404, err.message);
            throw err;
        }
        const repo = at.repository;
        const refUpdates = Array.isArray(input.refUpdates)
            ? input.refUpdates.map((u: unknown) => (typeof u === "object" && u !== null ? { repositoryId: repo.id, ...u } : u))
            : [];
        const candidate = {
            pushId: input.pushId ?? Math.max(0, ...repo.pushes.map((x) => x.pushId)) + 1,
            date: input.date ?? ctx.now.toISOString(),
            pushedBy: input.pushedBy,
            commits: input.commits ?? [],
            refUpdates,
        };
        const problems: string[] = [];
        const push = checkPush(candidate, "$", problems);
        if (push === undefined) throw new AdminError(400, problems.join("; "));
        if (repo.pushes.some((x) => x.pushId === push.pushId)) throw new AdminError(409, `push ${push.pushId} exists in ${repo.name}`);
        repo.pushes.push(push);
        return push;
    });
}
