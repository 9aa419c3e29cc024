/**
 * How a planned resource maps to rows of the limits table: which limits it uses, in which scope, how much.
 * Mappings read plain inputs (a value not known until apply is {@link UNKNOWN_INPUT}) and never throw on odd
 * input: a value of the wrong shape counts as unknown.
 */
import { UNKNOWN_INPUT } from "./types";
import type { LimitUse, PlannedResource, PlannedUsage } from "./types";

/** Scope keys that depend on more than one resource's inputs. */
export interface ScopeContext {
    /** The workspace a resource lives in: its `providerConfig.workspaceId`, else its provider's host, else the provider's name. */
    workspace(r: PlannedResource): string;
    /** The Databricks account (one per stack unless the provider names it). */
    account(r: PlannedResource): string;
    /** The Unity Catalog metastore of the resource's workspace (one per stack unless `metastores` maps workspaces). */
    metastore(r: PlannedResource): string;
    /** The Azure subscription (the provider's `subscriptionId`, else one per stack). */
    subscription(r: PlannedResource): string;
}

/** Maps one resource type to the limits it uses. */
export interface QuotaMapping {
    /** A type token (`databricks:index/job:Job`) or a pattern over type tokens. */
    type: string | RegExp;
    /**
     * The input names `uses` reads (besides `providerConfig`, which the workspace scope reads). When given,
     * `enforceQuotas` waits only for these, so a resource whose other inputs are outputs is judged at once; `uses`
     * must read no other input (it may still be an output). Omitted: every input is resolved first.
     */
    inputs?: readonly string[];
    /**
     * Array inputs among `inputs` of which `uses` reads only which elements are known (a count), never what an
     * element holds: an output inside an element (a column's comment) then does not delay the check. An element
     * that is itself an output is still waited for, as it may turn out unknown.
     */
    countOnly?: readonly string[];
    /**
     * The limits one planned resource uses, in which scope and how much. Must not throw: an input of the wrong shape
     * counts as unknown. Uses with an amount of 0 or less are dropped.
     */
    uses(r: PlannedResource, scope: ScopeContext): LimitUse[];
}

/** The input the default workspace scope reads on every resource. */
export const SCOPE_INPUT = "providerConfig";

/** Options that shape the scope keys. */
export interface ScopeOptions {
    /** Workspace key -> metastore id, for stacks whose workspaces use different metastores. */
    metastores?: Record<string, string>;
}

/** A known non-empty string input, else undefined. */
export function knownString(v: unknown): string | undefined {
    return typeof v === "string" && v !== UNKNOWN_INPUT && v !== "" ? v : undefined;
}

/** A known array input, else undefined. */
export function knownArray(v: unknown): unknown[] | undefined {
    return Array.isArray(v) ? v : undefined;
}

/** A known plain-object input, else undefined. */
export function knownObject(v: unknown): Record<string, unknown> | undefined {
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** `a.b.c` of known string parts, or null (unknown until apply) when any part is not known. */
export function knownPath(...parts: unknown[]): string | null {
    return parts.every((p) => knownString(p) !== undefined) ? parts.join(".") : null;
}

/** One object counted against `limit` in `scope`. */
export function countOne(limit: string, scope: string | null): LimitUse {
    return { limit, scope, amount: 1 };
}

/** @deprecated Renamed {@link countOne}; this name goes in the next major version. */
export const one = countOne;
/** @deprecated Renamed {@link knownString}; this name goes in the next major version. */
export const str = knownString;
/** @deprecated Renamed {@link knownArray}; this name goes in the next major version. */
export const list = knownArray;
/** @deprecated Renamed {@link knownObject}; this name goes in the next major version. */
export const obj = knownObject;
/** @deprecated Renamed {@link knownPath}; this name goes in the next major version. */
export const joined = knownPath;

/** The default scope keys. */
export function scopeContext(options: ScopeOptions = {}): ScopeContext {
    const workspace = (r: PlannedResource): string => {
        const fromConfig = knownString(knownObject(r.inputs.providerConfig)?.workspaceId);
        if (fromConfig) return fromConfig;
        const host = knownString(r.provider?.inputs.host);
        if (host)
            return host
                .replace(/^https?:\/\//i, "")
                .replace(/\/+$/, "")
                .toLowerCase();
        return r.provider ? `(provider ${r.provider.name})` : "(default provider)";
    };
    return {
        workspace,
        account: (r) => knownString(r.provider?.inputs.accountId) ?? "(this account)",
        metastore: (r) => options.metastores?.[workspace(r)] ?? "(this metastore)",
        subscription: (r) => knownString(r.provider?.inputs.subscriptionId) ?? "(this subscription)",
    };
}

/** What the mappings of one resource type do, as {@link MappingTable.forType} finds it. */
export interface TypeMappings {
    /** Every limit use of a resource of the type (amounts not yet checked); undefined when no mapping applies. */
    uses: QuotaMapping["uses"] | undefined;
    /**
     * The inputs the mappings read, with {@link SCOPE_INPUT}; undefined when one of them does not say (then every
     * input counts). A type with no mapping reads only the scope input.
     */
    inputs: readonly string[] | undefined;
    /**
     * The inputs of which every mapping that reads them reads only the count of known elements
     * ({@link QuotaMapping.countOnly}); undefined when there are none.
     */
    countOnly: ReadonlySet<string> | undefined;
}

/** The mappings in use, by type: exact types first, then patterns in order. */
export class MappingTable {
    /** Found at a type's first resource: a program has many resources of few types. */
    private readonly byType = new Map<string, TypeMappings>();

    constructor(private readonly mappings: readonly QuotaMapping[]) {}

    /** What the mappings of `type` do. */
    forType(type: string): TypeMappings {
        let found = this.byType.get(type);
        if (found === undefined) this.byType.set(type, (found = this.find(type)));
        return found;
    }

    /** Every limit use of one resource; uses with a non-positive or non-finite amount are dropped. */
    usesOf(r: PlannedResource, scope: ScopeContext): LimitUse[] {
        return this.forType(r.type).uses?.(r, scope).filter(positive) ?? [];
    }

    private find(type: string): TypeMappings {
        const exact = this.mappings.filter((m) => m.type === type);
        const patterns = this.mappings.filter((m) => typeof m.type !== "string" && m.type.test(type));
        const found = [...exact, ...patterns];
        const inputs = found.every((m) => m.inputs !== undefined) ? [...new Set([SCOPE_INPUT, ...found.flatMap((m) => m.inputs ?? [])])] : undefined;
        // Count-only when no mapping reads inside the input (one that reads it whole, or reads every input, does).
        const countOnly = new Set(
            found
                .flatMap((m) => m.countOnly ?? [])
                .filter((name) => !found.some((m) => m.inputs === undefined || (m.inputs.includes(name) && !(m.countOnly ?? []).includes(name)))),
        );
        const uses: TypeMappings["uses"] =
            found.length === 0 ? undefined : found.length === 1 ? found[0].uses : (r, scope) => found.flatMap((m) => m.uses(r, scope));
        return { uses, inputs, countOnly: countOnly.size > 0 ? countOnly : undefined };
    }
}

function positive(u: LimitUse): boolean {
    return Number.isFinite(u.amount) && u.amount > 0;
}

/** Sums limit uses into planned usage per (limit, scope). */
export function sumUses(uses: Iterable<LimitUse>): PlannedUsage[] {
    // Per limit, then per scope: no key string is built per use (a plan has hundreds of thousands).
    const sums = new Map<string, Map<string | null, PlannedUsage>>();
    const out: PlannedUsage[] = [];
    for (const u of uses) {
        let byScope = sums.get(u.limit);
        if (!byScope) sums.set(u.limit, (byScope = new Map()));
        const s = byScope.get(u.scope);
        if (s) s.planned += u.amount;
        else {
            const sum = { limit: u.limit, scope: u.scope, planned: u.amount };
            byScope.set(u.scope, sum);
            out.push(sum);
        }
    }
    return out;
}

/**
 * The `mappings` array (or default export) of a user's JS module at `file` (an absolute path): what
 * `tenantkit-quota --mappings` and the policy pack's `mappingsModule` name.
 * @throws Error saying the module exports no `mappings` array.
 */
export function loadMappingsModule(file: string): QuotaMapping[] {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a user's mappings module, named on a command line or in policy config
    const loaded = require(file) as { mappings?: unknown; default?: unknown };
    const mappings = loaded.mappings ?? loaded.default;
    if (!Array.isArray(mappings)) throw new Error(`${file} exports no \`mappings\` array`);
    return mappings as QuotaMapping[];
}
