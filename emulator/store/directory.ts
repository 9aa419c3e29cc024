/**
 * Directory lookups shared by every service: tenants by id or domain, users by id or UPN, apps by client
 * id, and the computed usability of a temporary access pass.
 */
import type { ClientApp, Seed, Tenant, TemporaryAccessPass, User } from "./state";

/**
 * A tenant by id or by one of its domains. Entra accepts either in the authority path
 * (`login.microsoftonline.com/contoso.onmicrosoft.com/...`); both compare case-insensitively.
 */
export function findTenant(state: Seed, idOrDomain: string): Tenant | undefined {
    const key = idOrDomain.toLowerCase();
    return state.tenants.find((t) => t.id.toLowerCase() === key || t.domains.some((d) => d.toLowerCase() === key));
}

/** A user by object id or userPrincipalName; Graph matches UPNs case-insensitively. */
export function findUser(tenant: Tenant, idOrUpn: string): User | undefined {
    const key = idOrUpn.toLowerCase();
    return tenant.users.find((u) => u.id.toLowerCase() === key || u.userPrincipalName.toLowerCase() === key);
}

/** An app registration by client id. */
export function findClient(tenant: Tenant, clientId: string): ClientApp | undefined {
    const key = clientId.toLowerCase();
    return tenant.clients.find((c) => c.clientId.toLowerCase() === key);
}

/** The documented values of `methodUsabilityReason` (Graph v1.0 temporaryAccessPassAuthenticationMethod). */
export type MethodUsabilityReason = "EnabledByPolicy" | "DisabledByPolicy" | "Expired" | "NotYetValid" | "OneTimeUsed";

/** Whether a pass is usable at `now`, and why. */
export function tapUsability(tap: TemporaryAccessPass, now: Date): { isUsable: boolean; reason: MethodUsabilityReason } {
    const start = Date.parse(tap.startDateTime);
    const end = start + tap.lifetimeInMinutes * 60_000;
    const t = now.getTime();
    if (tap.disabledByPolicy) return { isUsable: false, reason: "DisabledByPolicy" };
    if (tap.used) return { isUsable: false, reason: "OneTimeUsed" };
    if (t < start) return { isUsable: false, reason: "NotYetValid" };
    if (t >= end) return { isUsable: false, reason: "Expired" };
    return { isUsable: true, reason: "EnabledByPolicy" };
}
