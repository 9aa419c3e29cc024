/**
 * Hand-written validation of seeds and state files (the emulator shares no schema code with the provider).
 * Every problem is collected with its JSON path, so one error names all of them.
 */
import { checkBranding } from "./branding/seed-check";
import { checkDevOps } from "./devops/seed-check";
import { checkPowerBi } from "./powerbi/seed-check";
import type { ClientApp, Permissions, Seed, Tenant, TemporaryAccessPass, User } from "./model";

/** A seed or an admin request body that does not validate; `problems` holds one line per issue. */
export class SeedError extends Error {
    override readonly name = "SeedError";
    constructor(
        readonly source: string,
        readonly problems: readonly string[],
    ) {
        super(`${source} is invalid:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    }
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Graph documents lifetimeInMinutes as 10 to 43200 (30 days). */
const LIFETIME_MIN = 10;
const LIFETIME_MAX = 43200;

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Validates a seed (or the directory part of a state file) and returns it normalized. */
export function validateSeed(value: unknown, source = "seed"): Seed {
    const problems: string[] = [];
    const tenants: Tenant[] = [];
    if (!isObj(value) || !Array.isArray(value.tenants)) {
        throw new SeedError(source, ["$: must be an object with a `tenants` array"]);
    }
    value.tenants.forEach((t, i) => {
        const tenant = checkTenant(t, `$.tenants[${i}]`, problems);
        if (tenant) tenants.push(tenant);
    });
    const ids = tenants.map((t) => t.id.toLowerCase());
    const domains = tenants.flatMap((t) => t.domains.map((d) => d.toLowerCase()));
    for (const dup of duplicates(ids)) problems.push(`$.tenants: tenant id ${dup} appears twice`);
    for (const dup of duplicates(domains)) problems.push(`$.tenants: domain ${dup} belongs to two tenants`);
    // Azure DevOps organization names are global (dev.azure.com/{organization}), whichever tenant owns them.
    const orgs = tenants.flatMap((t) => t.devops?.organizations.map((o) => o.name.toLowerCase()) ?? []);
    for (const dup of duplicates(orgs)) problems.push(`$.tenants: Azure DevOps organization ${dup} appears twice`);
    if (problems.length > 0) throw new SeedError(source, problems);
    return { tenants };
}

function checkTenant(v: unknown, at: string, problems: string[]): Tenant | undefined {
    if (!isObj(v)) return fail(problems, `${at}: must be an object`);
    const id = guid(v, "id", at, problems);
    const domains = stringArray(v, "domains", at, problems);
    if (domains?.length === 0) problems.push(`${at}.domains: must name at least one domain`);
    const clients = list(v, "clients", at, problems, checkClient);
    const users = list(v, "users", at, problems, checkUser);
    for (const dup of duplicates(clients.map((c) => c.clientId.toLowerCase()))) {
        problems.push(`${at}.clients: clientId ${dup} appears twice`);
    }
    for (const dup of duplicates(users.map((u) => u.id.toLowerCase()))) problems.push(`${at}.users: id ${dup} appears twice`);
    for (const dup of duplicates(users.map((u) => u.userPrincipalName.toLowerCase()))) {
        problems.push(`${at}.users: userPrincipalName ${dup} appears twice`);
    }
    if (id === undefined || domains === undefined) return undefined;
    const displayName = v.displayName === undefined ? organizationName(domains[0] ?? id) : str(v, "displayName", at, problems);
    if (v.premium !== undefined && typeof v.premium !== "boolean") problems.push(`${at}.premium: must be a boolean if present`);
    const branding = checkBranding(v.branding, id, `${at}.branding`, problems);
    const powerbi = v.powerbi === undefined ? undefined : checkPowerBi(v.powerbi, `${at}.powerbi`, problems);
    if (displayName === undefined || branding === undefined) return undefined;
    const tenant: Tenant = { id, domains, clients, users, displayName, premium: v.premium !== false, branding };
    if (powerbi !== undefined) tenant.powerbi = powerbi;
    const devops = v.devops === undefined ? undefined : checkDevOps(v.devops, `${at}.devops`, problems);
    if (devops !== undefined) tenant.devops = devops;
    return tenant;
}

/** `contoso.onmicrosoft.com` -> `Contoso`: a plausible organization name for seeds that give none. */
function organizationName(domain: string): string {
    const label = domain.split(".")[0];
    return label.charAt(0).toUpperCase() + label.slice(1);
}

function checkClient(v: unknown, at: string, problems: string[]): ClientApp | undefined {
    if (!isObj(v)) return fail(problems, `${at}: must be an object`);
    const clientId = guid(v, "clientId", at, problems);
    const displayName = str(v, "displayName", at, problems);
    const secret = str(v, "secret", at, problems);
    const permissions: Permissions = { graph: [], powerbi: [], devops: [] };
    if (v.permissions !== undefined && !isObj(v.permissions)) problems.push(`${at}.permissions: must be an object`);
    if (isObj(v.permissions)) {
        for (const key of Object.keys(v.permissions)) {
            if (key !== "graph" && key !== "powerbi" && key !== "devops") {
                problems.push(`${at}.permissions.${key}: unknown service (use graph, powerbi or devops)`);
                continue;
            }
            permissions[key] = stringArray(v.permissions, key, `${at}.permissions`, problems) ?? [];
        }
    }
    if (clientId === undefined || displayName === undefined || secret === undefined) return undefined;
    return { clientId, displayName, secret, permissions };
}

/** Validates one user (also used by `POST /_admin/tenants/{tid}/users`). */
export function checkUser(v: unknown, at: string, problems: string[]): User | undefined {
    if (!isObj(v)) return fail(problems, `${at}: must be an object`);
    const id = guid(v, "id", at, problems);
    const upn = str(v, "userPrincipalName", at, problems);
    if (upn !== undefined && !upn.includes("@")) problems.push(`${at}.userPrincipalName: must contain @`);
    const displayName = v.displayName === undefined ? upn : str(v, "displayName", at, problems);
    let tap: TemporaryAccessPass | null = null;
    if (v.temporaryAccessPass !== undefined && v.temporaryAccessPass !== null) {
        tap = checkTemporaryAccessPass(v.temporaryAccessPass, `${at}.temporaryAccessPass`, problems) ?? null;
    }
    if (id === undefined || upn === undefined || displayName === undefined) return undefined;
    return { id, userPrincipalName: upn, displayName, temporaryAccessPass: tap };
}

/** Validates a stored TAP method (also used by `PUT /_admin/.../temporaryAccessPass`). */
export function checkTemporaryAccessPass(v: unknown, at: string, problems: string[]): TemporaryAccessPass | undefined {
    if (!isObj(v)) return fail(problems, `${at}: must be an object or null`);
    const id = guid(v, "id", at, problems);
    const created = dateTime(v, "createdDateTime", at, problems);
    const start = dateTime(v, "startDateTime", at, problems);
    const lifetime = v.lifetimeInMinutes;
    const lifetimeOk = typeof lifetime === "number" && Number.isInteger(lifetime) && lifetime >= LIFETIME_MIN && lifetime <= LIFETIME_MAX;
    if (!lifetimeOk) problems.push(`${at}.lifetimeInMinutes: must be an integer from ${LIFETIME_MIN} to ${LIFETIME_MAX}`);
    const once = v.isUsableOnce;
    if (typeof once !== "boolean") problems.push(`${at}.isUsableOnce: must be a boolean`);
    for (const flag of ["used", "disabledByPolicy"] as const) {
        if (v[flag] !== undefined && typeof v[flag] !== "boolean") problems.push(`${at}.${flag}: must be a boolean if present`);
    }
    if (id === undefined || created === undefined || start === undefined || !lifetimeOk || typeof once !== "boolean") {
        return undefined;
    }
    const tap: TemporaryAccessPass = {
        id,
        createdDateTime: created,
        startDateTime: start,
        lifetimeInMinutes: lifetime,
        isUsableOnce: once,
    };
    if (v.used === true) tap.used = true;
    if (v.disabledByPolicy === true) tap.disabledByPolicy = true;
    return tap;
}

function list<T>(v: Obj, key: string, at: string, problems: string[], check: (x: unknown, at: string, p: string[]) => T | undefined): T[] {
    const raw = v[key];
    if (raw === undefined) return [];
    if (!Array.isArray(raw)) {
        problems.push(`${at}.${key}: must be an array`);
        return [];
    }
    return raw.flatMap((item, i) => check(item, `${at}.${key}[${i}]`, problems) ?? []);
}

function str(v: Obj, key: string, at: string, problems: string[]): string | undefined {
    const raw = v[key];
    if (typeof raw === "string" && raw.trim() !== "") return raw;
    return fail(problems, `${at}.${key}: must be a non-empty string`);
}

function guid(v: Obj, key: string, at: string, problems: string[]): string | undefined {
    const raw = str(v, key, at, problems);
    if (raw !== undefined && !GUID.test(raw)) return fail(problems, `${at}.${key}: must be a GUID, got "${raw}"`);
    return raw;
}

function dateTime(v: Obj, key: string, at: string, problems: string[]): string | undefined {
    const raw = str(v, key, at, problems);
    if (raw !== undefined && Number.isNaN(Date.parse(raw))) return fail(problems, `${at}.${key}: must be an ISO 8601 date-time`);
    return raw;
}

function stringArray(v: Obj, key: string, at: string, problems: string[]): string[] | undefined {
    const raw = v[key];
    if (Array.isArray(raw) && raw.every((x) => typeof x === "string" && x !== "")) return raw as string[];
    return fail(problems, `${at}.${key}: must be an array of non-empty strings`);
}

/** Records a problem; returns undefined so checks can `return fail(...)`. */
function fail(problems: string[], message: string): undefined {
    problems.push(message);
    return undefined;
}

function duplicates(values: readonly string[]): string[] {
    const seen = new Set<string>();
    return [...new Set(values.filter((v) => seen.has(v) || !seen.add(v)))];
}
