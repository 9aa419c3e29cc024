/**
 * Out-of-band changes through the admin API: add a user, set or remove a user's temporary access pass.
 * They simulate what an administrator does in the portal, so tests can cause drift between a stack's
 * state and the directory.
 */
import { randomUUID } from "node:crypto";
import { findTenant, findUser } from "../store/directory";
import { BadRequestError } from "../base/bad-request";
import { parseJsonBody, type RequestContext } from "./http";
import { checkTemporaryAccessPass, checkUser, SeedError } from "../store/seed";
import type { Tenant, TemporaryAccessPass, User } from "../store/state";

/** A 4xx the admin API answers with `{error}`. */
export class AdminError extends Error {
    override readonly name = "AdminError";
    constructor(
        readonly status: number,
        message: string,
    ) {
        super(message);
    }
}

/** The tenant named in an admin path, or a 404. */
export function tenantOr404(ctx: RequestContext, key: string): Tenant {
    const tenant = findTenant(ctx.store.state, key);
    if (tenant === undefined) throw new AdminError(404, `no tenant ${key}`);
    return tenant;
}

/** `POST /_admin/tenants/{tid}/users`: adds a user (id generated when absent); 409 if it exists. */
export function addUser(ctx: RequestContext, tenantKey: string): User {
    const tenantId = tenantOr404(ctx, tenantKey).id;
    const body = parseJsonBody(ctx);
    const withId = typeof body === "object" && body !== null && !("id" in body) ? { ...body, id: randomUUID() } : body;
    const problems: string[] = [];
    const user = checkUser(withId, "$", problems);
    if (user === undefined) throw new SeedError("user", problems);
    return ctx.store.mutate((draft) => {
        const tenant = draft.tenants.find((t) => t.id === tenantId) as Tenant;
        if (findUser(tenant, user.id) || findUser(tenant, user.userPrincipalName)) {
            throw new AdminError(409, `a user with id ${user.id} or userPrincipalName ${user.userPrincipalName} exists`);
        }
        tenant.users.push(user);
        return user;
    });
}

/** `PUT .../users/{idOrUpn}/temporaryAccessPass`: sets the pass; absent fields get defaults (now, 60 minutes). */
export function putTap(ctx: RequestContext, tenantKey: string, userKey: string): TemporaryAccessPass {
    const tenantId = tenantOr404(ctx, tenantKey).id;
    const body = parseJsonBody(ctx);
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new BadRequestError("the body must be a TAP method object");
    const now = ctx.now.toISOString();
    const defaults = { id: randomUUID(), createdDateTime: now, startDateTime: now, lifetimeInMinutes: 60, isUsableOnce: false };
    const problems: string[] = [];
    const tap = checkTemporaryAccessPass({ ...defaults, ...body }, "$", problems);
    if (tap === undefined) throw new SeedError("temporaryAccessPass", problems);
    return ctx.store.mutate((draft) => {
        userIn(draft.tenants.find((t) => t.id === tenantId) as Tenant, userKey).temporaryAccessPass = tap;
        return tap;
    });
}

/** `DELETE .../users/{idOrUpn}/temporaryAccessPass`: removes the pass. */
export function deleteTap(ctx: RequestContext, tenantKey: string, userKey: string): void {
    const tenantId = tenantOr404(ctx, tenantKey).id;
    ctx.store.mutate((draft) => {
        userIn(draft.tenants.find((t) => t.id === tenantId) as Tenant, userKey).temporaryAccessPass = null;
    });
}

function userIn(tenant: Tenant, key: string): User {
    const user = findUser(tenant, key);
    if (user === undefined) throw new AdminError(404, `no user ${key} in tenant ${tenant.id}`);
    return user;
}
