/**
 * Validation of a tenant's `devops` member in seeds and state files: organizations, projects, repositories,
 * pushes and PATs, with each problem reported at its JSON path. Also used by the admin route that adds a push.
 */
import type { DevOpsData, Organization, PersonalAccessToken, Project, Repository, StoredPush } from "./model";

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

function strings(v: unknown): v is string[] {
    return Array.isArray(v) && v.every((s) => typeof s === "string");
}

function need(ok: boolean, problems: string[], message: string): boolean {
    if (!ok) problems.push(message);
    return ok;
}

function fail(problems: string[], message: string): undefined {
    problems.push(message);
    return undefined;
}

function named(v: unknown, at: string, problems: string[], keys: readonly string[]): v is Obj {
    if (!need(isObj(v), problems, `${at}: must be an object`)) return false;
    const o = v as Obj;
    return keys.map((k) => need(typeof o[k] === "string" && o[k] !== "", problems, `${at}.${k}: must be a non-empty string`)).every(Boolean);
}

function list<T>(v: unknown, at: string, problems: string[], check: (x: unknown, at: string, p: string[]) => T | undefined): T[] {
    if (!need(Array.isArray(v), problems, `${at}: must be an array`)) return [];
    return (v as unknown[]).flatMap((x, i) => check(x, `${at}[${i}]`, problems) ?? []);
}

function duplicates(values: string[], at: string, what: string, problems: string[]): void {
    const seen = new Set<string>();
    for (const v of values.map((x) => x.toLowerCase())) {
        if (seen.has(v)) problems.push(`${at}: ${what} ${v} appears twice`);
        seen.add(v);
    }
}

/** Checks one push (commits and ref updates included); returns it, or undefined after recording problems. */
export function checkPush(v: unknown, at: string, problems: string[]): StoredPush | undefined {
    const before = problems.length;
    if (!need(isObj(v), problems, `${at}: must be an object`)) return undefined;
    const o = v as Obj;
    need(Number.isInteger(o.pushId) && (o.pushId as number) > 0, problems, `${at}.pushId: must be a positive integer`);
    need(typeof o.date === "string" && !Number.isNaN(Date.parse(o.date)), problems, `${at}.date: must be an ISO date`);
    named(o.pushedBy, `${at}.pushedBy`, problems, ["id", "displayName", "uniqueName"]);
    list(o.commits, `${at}.commits`, problems, (c, cat, p) => {
        if (!named(c, cat, p, ["commitId", "comment"])) return undefined;
        named(c.author, `${cat}.author`, p, ["name", "email", "date"]);
        named(c.committer, `${cat}.committer`, p, ["name", "email", "date"]);
        const counts = c.changeCounts;
        need(
            isObj(counts) && ["Add", "Edit", "Delete"].every((k) => Number.isInteger(counts[k])),
            p,
            `${cat}.changeCounts: must be {Add, Edit, Delete} integers`,
        );
        need(strings(c.parents), p, `${cat}.parents: must be an array of commit ids`);
        return c;
    });
    list(o.refUpdates, `${at}.refUpdates`, problems, (r, rat, p) => {
        if (!named(r, rat, p, ["name", "oldObjectId", "newObjectId", "repositoryId"])) return undefined;
        need(r.isLocked === undefined || typeof r.isLocked === "boolean", p, `${rat}.isLocked: must be a boolean if present`);
        return r;
    });
    return problems.length === before ? (structuredClone(o) as unknown as StoredPush) : undefined;
}

function checkRepository(v: unknown, at: string, problems: string[]): Repository | undefined {
    if (!named(v, at, problems, ["id", "name"])) return undefined;
    const pushes = list(v.pushes, `${at}.pushes`, problems, checkPush);
    duplicates(
        pushes.map((p) => String(p.pushId)),
        `${at}.pushes`,
        "pushId",
        problems,
    );
    return { id: v.id as string, name: v.name as string, pushes };
}

function checkProject(v: unknown, at: string, problems: string[]): Project | undefined {
    if (!named(v, at, problems, ["id", "name"])) return undefined;
    const visibility = v.visibility ?? "private";
    if (visibility !== "private" && visibility !== "public") return fail(problems, `${at}.visibility: must be private or public`);
    const repositories = list(v.repositories, `${at}.repositories`, problems, checkRepository);
    duplicates(
        repositories.map((r) => r.name),
        `${at}.repositories`,
        "name",
        problems,
    );
    return { id: v.id as string, name: v.name as string, visibility, repositories };
}

function checkOrganization(v: unknown, at: string, problems: string[]): Organization | undefined {
    if (!named(v, at, problems, ["name"])) return undefined;
    const projects = list(v.projects, `${at}.projects`, problems, checkProject);
    duplicates(
        projects.map((p) => p.name),
        `${at}.projects`,
        "name",
        problems,
    );
    duplicates(
        projects.flatMap((p) => p.repositories.map((r) => r.id)),
        `${at}`,
        "repository id",
        problems,
    );
    return { name: v.name as string, projects };
}

function checkPat(v: unknown, at: string, problems: string[]): PersonalAccessToken | undefined {
    if (!named(v, at, problems, ["token", "user"])) return undefined;
    const ok = [
        need(strings(v.organizations), problems, `${at}.organizations: must be an array of organization names`),
        need(strings(v.scopes), problems, `${at}.scopes: must be an array of scopes`),
        need(
            v.validTo === undefined || (typeof v.validTo === "string" && !Number.isNaN(Date.parse(v.validTo))),
            problems,
            `${at}.validTo: must be an ISO date if present`,
        ),
    ].every(Boolean);
    return ok ? (structuredClone(v) as unknown as PersonalAccessToken) : undefined;
}

/** Checks a tenant's `devops` member; returns it normalized, or undefined after recording problems. */
export function checkDevOps(v: unknown, at: string, problems: string[]): DevOpsData | undefined {
    const before = problems.length;
    if (!need(isObj(v), problems, `${at}: must be an object`)) return undefined;
    const o = v as Obj;
    const organizations = list(o.organizations, `${at}.organizations`, problems, checkOrganization);
    const pats = o.pats === undefined ? [] : list(o.pats, `${at}.pats`, problems, checkPat);
    return problems.length === before ? { organizations, pats } : undefined;
}
