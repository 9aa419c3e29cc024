/**
 * `checkUsage`: planned usage plus what exists, against the resource limits, every finding in one run. Pure:
 * no I/O, no Pulumi runtime. The judging here (a limit's counts, the total in a scope, the status, the finding and
 * its message) is the only one: `enforceQuotas` (through `Tally`), `checkPlan` and `tenantkit-quota` all use it.
 */
import { resourceLimits } from "./limits";
import type { ExistingCounts, Finding, PlannedUsage, ResourceLimit } from "./types";

/** Options of {@link checkUsage}. */
export interface CheckOptions {
    /** Counts outside the plan, by limit id then scope key ("*": every scope of that limit). */
    existing?: ExistingCounts;
    /** Share of a limit from which a finding is a warning; default 0.8. */
    warnAt?: number;
    /** The limits table; default {@link resourceLimits}. */
    limits?: readonly ResourceLimit[];
}

/** A usage the checks cannot evaluate: an unknown limit id or a limit that is no number. */
export class QuotaUsageError extends Error {
    /** The error's name: `QuotaUsageError`. */
    override name = "QuotaUsageError";
}

/** Default share of a limit from which findings are warnings. */
export const DEFAULT_WARN_AT = 0.8;

/**
 * Checks every (limit, scope) of `usage` against its limit. Usage whose scope is not known until apply
 * (`scope: null`) is added to every scope of that limit as the worst case (it may all land there). Exactly at the
 * limit is not exceeded. Findings come sorted: exceeded, warning, ok; then by limit id and scope.
 */
export function checkUsage(usage: readonly PlannedUsage[], options: CheckOptions = {}): Finding[] {
    const warnAt = validWarnAt(options.warnAt);
    const byId = new Map((options.limits ?? resourceLimits).map((l) => [l.id, l]));
    const counts = new Map<string, LimitCounts>();
    for (const u of usage) {
        if (!Number.isFinite(u.planned) || u.planned < 0) {
            throw new QuotaUsageError(`planned usage of ${u.limit} must be a non-negative number, got ${u.planned}`);
        }
        let c = counts.get(u.limit);
        if (!c) counts.set(u.limit, (c = countsOf(byId, u.limit, options.existing)));
        addTo(c, u.scope, u.planned);
    }
    return sortFindings([...counts.values()].flatMap((c) => judgeEvery(c, warnAt)));
}

/**
 * The usage of one limit: planned per scope, planned in scopes not known until apply, and what exists. Built up by
 * {@link checkUsage} from a whole plan and by `Tally` one registration at a time; both judge it here.
 */
export interface LimitCounts {
    /** The row of the limits table. */
    limit: ResourceLimit;
    /** Its numeric limit. */
    max: number;
    /** Planned usage by scope key. */
    planned: Map<string, number>;
    /** Usage whose scope is not known until apply: counted in whichever scope it hurts most. */
    unknown: number;
    /** What exists outside the plan. */
    existing: LimitExisting;
}

/** Empty counts of `limitId` with its existing counts; throws for an id the table does not have. */
export function countsOf(byId: ReadonlyMap<string, ResourceLimit>, limitId: string, existing: ExistingCounts | undefined): LimitCounts {
    const limit = byId.get(limitId);
    if (!limit) throw new QuotaUsageError(`no resource limit has the id "${limitId}"; see quota.resourceLimits for the ids`);
    return { limit, max: maxOf(limit), planned: new Map(), unknown: 0, existing: existingOf(existing, limitId) };
}

/** Adds `amount` in `scope` (null: a scope not known until apply). */
export function addTo(c: LimitCounts, scope: string | null, amount: number): void {
    if (scope === null) c.unknown += amount;
    else c.planned.set(scope, (c.planned.get(scope) ?? 0) + amount);
}

/** Objects that exist in `scope`: its own count, else the "*" one. */
export function existingIn(c: LimitCounts, scope: string | null): number {
    return (scope !== null ? c.existing.byScope.get(scope) : undefined) ?? c.existing.elsewhere;
}

/** Everything that may land in `scope`: planned there, existing there, and all usage of unknown scope (the worst case). */
export function totalIn(c: LimitCounts, scope: string | null): number {
    return (scope === null ? 0 : (c.planned.get(scope) ?? 0)) + existingIn(c, scope) + c.unknown;
}

/** The one rule of every check: above the limit is exceeded (exactly at it is not), from `warnAt` of it a warning. */
export function statusOf(total: number, max: number, warnAt: number): Finding["status"] {
    return total > max ? "exceeded" : total >= warnAt * max ? "warning" : "ok";
}

/** The finding of one (limit, scope). */
export function judge(c: LimitCounts, scope: string | null, warnAt: number): Finding {
    const total = totalIn(c, scope);
    const status = statusOf(total, c.max, warnAt);
    const finding: Finding = {
        status,
        limit: c.limit,
        scope,
        planned: scope === null ? 0 : (c.planned.get(scope) ?? 0),
        existing: existingIn(c, scope),
        unknownScope: c.unknown,
        total,
        max: c.max,
        over: status === "exceeded" ? total - c.max : 0,
        raisable: !c.limit.fixed,
        message: "",
    };
    finding.message = findingMessage(finding);
    return finding;
}

/**
 * The findings of every scope of one limit: each planned scope, and when some usage has a scope not known until
 * apply, every scope where objects exist too (it may all land there); with no scope at all, one finding of scope null.
 */
export function judgeEvery(c: LimitCounts, warnAt: number): Finding[] {
    const scopes = new Set<string | null>(c.planned.keys());
    if (c.unknown > 0) for (const scope of c.existing.byScope.keys()) scopes.add(scope);
    if (scopes.size === 0) scopes.add(null);
    return [...scopes].map((scope) => judge(c, scope, warnAt));
}

/** The existing counts of one limit: by scope, and in every other scope ("*", default 0). */
export interface LimitExisting {
    /** The existing count per scope key. */
    byScope: Map<string, number>;
    /** The existing count in every scope not in `byScope`: the "*" entry, 0 when there is none. */
    elsewhere: number;
}

/**
 * The existing counts of `limitId`, checked: own keys only (a scope named "constructor" is a scope, not a member
 * of Object.prototype), every count a non-negative number (a count given as "995" in stack config would otherwise
 * be added as text).
 */
export function existingOf(existing: ExistingCounts | undefined, limitId: string): LimitExisting {
    const out: LimitExisting = { byScope: new Map(), elsewhere: 0 };
    if (!checkExistingShape(existing) || !Object.prototype.hasOwnProperty.call(existing, limitId)) return out;
    const counts: unknown = existing[limitId];
    if (typeof counts !== "object" || counts === null || Array.isArray(counts)) {
        throw new QuotaUsageError(`existing counts of ${limitId} must be an object { "<scope>" | "*": <count> }, got ${describeValue(counts)}`);
    }
    for (const [scope, n] of Object.entries(counts)) {
        if (typeof n !== "number" || !Number.isFinite(n) || n < 0) {
            throw new QuotaUsageError(
                `existing count of ${limitId} in ${JSON.stringify(scope)} must be a non-negative number, got ${describeValue(n)}`,
            );
        }
        if (scope === "*") out.elsewhere = n;
        else out.byScope.set(scope, n);
    }
    return out;
}

/** False when no existing counts are given; throws when what is given is not an object of limits. */
export function checkExistingShape(existing: unknown): existing is ExistingCounts {
    if (existing === undefined || existing === null) return false;
    if (typeof existing !== "object" || Array.isArray(existing)) {
        throw new QuotaUsageError(`existing counts must be an object { "<limit id>": { "<scope>" | "*": <count> } }, got ${describeValue(existing)}`);
    }
    return true;
}

function describeValue(v: unknown): string {
    return v === undefined
        ? "undefined"
        : Array.isArray(v)
          ? "an array"
          : typeof v === "string"
            ? `the text ${JSON.stringify(v.slice(0, 40))}`
            : String(v);
}

/** The numeric maximum of a limit, or an error for limits that are not one number. */
export function maxOf(limit: ResourceLimit, dimension?: number): number {
    if (limit.limit.kind === "number") return limit.limit.value;
    if (limit.limit.kind === "byDimension") {
        if (dimension === undefined) {
            throw new QuotaUsageError(`${limit.id} depends on the embedding dimension; check it with limit.at(dimension)`);
        }
        return limit.limit.at(dimension);
    }
    throw new QuotaUsageError(`${limit.id} is not a number ("${limit.limitText}"); it cannot be checked`);
}

/** "12 SQL warehouses planned in workspace prod, 995 exist, limit 1000 (fixed): 7 over. <next step>" */
function findingMessage(f: Omit<Finding, "message">): string {
    const scopeKind = f.limit.scope.toLowerCase();
    const where = f.scope === null ? `in a ${scopeKind} not known until apply` : `in ${scopeKind} ${f.scope}`;
    const parts = [`${counted(f.planned, f.limit.noun)} planned ${where}`, `${f.existing} exist`];
    if (f.unknownScope > 0 && f.scope !== null) {
        parts.push(`${f.unknownScope} more whose ${scopeKind} is not known until apply (counted here as the worst case)`);
    } else if (f.unknownScope > 0) {
        parts[0] = `${counted(f.unknownScope, f.limit.noun)} planned ${where}`;
    }
    const unit = f.limit.limit.kind === "number" && f.limit.limit.unit !== "count" ? ` ${f.limit.limit.unit}` : "";
    const kind = f.limit.fixed ? "fixed" : "can be raised through the account team";
    const head = `${parts.join(", ")}, limit ${f.max}${unit} (${kind})`;
    if (f.status === "exceeded") return `${head}: ${f.over} over. ${nextStep(f)}`;
    return `${head}: ${Math.floor((f.total / f.max) * 100)}% used`;
}

/**
 * "1 SQL warehouse", "2 SQL warehouses". The limits table names what it counts in the plural ("tables", "jobs created
 * in one hour", "files (notebooks included)"); for one, each plural word up to the first qualifier is made singular.
 */
function counted(n: number, noun: string): string {
    return `${n} ${n === 1 ? singular(noun) : noun}`;
}

/** Words where dropping the plural ending is not enough. */
const IRREGULAR: Readonly<Record<string, string>> = { aliases: "alias", Gbps: "Gbps" };
/** Words from which the rest of a noun qualifies it and stays as it is ("layers of nested groups"). */
const QUALIFIER = new Set(["in", "of", "created", "running"]);

function singular(noun: string): string {
    const words = noun.split(" ");
    for (let i = 0; i < words.length; i++) {
        const w = words[i]!;
        if (QUALIFIER.has(w) || w.startsWith("(")) break;
        if (w === "and")
            words[i] = "or"; // "users and service principals": one is a user or a service principal
        else
            words[i] =
                IRREGULAR[w] ??
                w
                    .replace(/ies$/, "y")
                    .replace(/(x|ch|sh)es$/, "$1")
                    .replace(/([^s])s$/, "$1");
    }
    return words.join(" ");
}

function nextStep(f: Omit<Finding, "message">): string {
    const trim = `remove ${f.over} from the plan or delete ${f.over} that exist`;
    if (f.unknownScope > 0) {
        return `Make the ${f.limit.scope.toLowerCase()} known at preview (a plain value, not another resource's computed output), ${trim}.`;
    }
    return f.limit.fixed ? `The limit is fixed: ${trim}.` : `Ask the account team to raise it, or ${trim}.`;
}

/** `warnAt`, defaulted and checked. */
export function validWarnAt(warnAt: number | undefined): number {
    if (warnAt === undefined) return DEFAULT_WARN_AT;
    if (!(warnAt > 0 && warnAt <= 1)) throw new QuotaUsageError(`warnAt must be a share between 0 (exclusive) and 1, got ${warnAt}`);
    return warnAt;
}

const SEVERITY = { exceeded: 0, warning: 1, ok: 2 } as const;

/**
 * Findings in report order: exceeded, warning, ok; then by limit id and scope (code-unit order, the same on every
 * machine). Sorted per (severity, limit) group, so a plan with 100,000 tables sorts its scopes only.
 */
export function sortFindings(findings: readonly Finding[]): Finding[] {
    const groups = new Map<string, Finding[]>();
    for (const f of findings) {
        const key = `${SEVERITY[f.status]}${f.limit.id}`;
        const group = groups.get(key);
        if (group) group.push(f);
        else groups.set(key, [f]);
    }
    const out: Finding[] = [];
    for (const key of [...groups.keys()].sort(ordinal)) {
        const group = groups.get(key) ?? [];
        if (group.length > 1) group.sort((a, b) => ordinal(scopeText(a), scopeText(b)));
        out.push(...group);
    }
    return out;
}

function scopeText(f: Finding): string {
    return f.scope === null ? "null" : f.scope;
}

/** Code-unit order: the same on every machine (localeCompare depends on the locale, and is slow on 100,000 findings). */
function ordinal(a: string, b: string): number {
    return a < b ? -1 : a > b ? 1 : 0;
}
