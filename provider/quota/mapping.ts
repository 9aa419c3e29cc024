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

/** The value, unless it is unknown until apply (or absent). */
export function known<T>(v: T | typeof UNKNOWN_INPUT | undefined | null): T | undefined {
    return v === UNKNOWN_INPUT || v === null ? undefined : v;
}

/** A known non-empty string input, else undefined. */
export function str(v: unknown): string | undefined {
    return typeof v === "string" && v !== UNKNOWN_INPUT && v !== "" ? v : undefined;
}

/** A known array input, else undefined. */
export function list(v: unknown): unknown[] | undefined {
    return Array.isArray(v) ? v : undefined;
}

/** A known plain-object input, else undefined. */
export function obj(v: unknown): Record<string, unknown> | undefined {
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** `a.b.c` of known string parts, or null (unknown until apply) when any part is not known. */
export function joined(...parts: unknown[]): string | null {
    for (let i = 0; i < parts.length; i++) if (str(parts[i]) === undefined) return null;
    // join makes one flat string: a key built by `+` is a rope that every Map lookup must flatten first.
    return parts.join(".");
}

/** One object counted against `limit` in `scope`. */
export function one(limit: string, scope: string | null): LimitUse {
    return { limit, scope, amount: 1 };
}

/** The default scope keys. */
export function scopeContext(options: ScopeOptions = {}): ScopeContext {
    // Hosts normalized once each: the key is derived for every registration, hosts are few.
    const hostKeys = new Map<string, string>();
    const providerKey = (provider: PlannedResource["provider"]): string => {
        const host = str(provider?.inputs.host);
        if (host) {
            let key = hostKeys.get(host);
            if (key === undefined)
                hostKeys.set(
                    host,
                    (key = host
                        .replace(/^https?:\/\//i, "")
                        .replace(/\/+$/, "")
                        .toLowerCase()),
                );
            return key;
        }
        return provider ? `(provider ${provider.name})` : "(default provider)";
    };
    // The last provider's key: registrations come in runs that share a provider (its inputs never change).
    let lastProvider: PlannedResource["provider"] | null = null;
    let lastKey = "";
    const workspace = (r: PlannedResource): string => {
        const config = r.inputs.providerConfig;
        const fromConfig = config === undefined ? undefined : str(obj(config)?.workspaceId);
        if (fromConfig) return fromConfig;
        if (r.provider !== lastProvider) {
            lastKey = providerKey(r.provider);
            lastProvider = r.provider;
        }
        return lastKey;
    };
    return {
        workspace,
        account: (r) => str(r.provider?.inputs.accountId) ?? "(this account)",
        metastore: (r) => options.metastores?.[workspace(r)] ?? "(this metastore)",
        subscription: (r) => str(r.provider?.inputs.subscriptionId) ?? "(this subscription)",
    };
}

/** Index of mappings by exact type, with patterns tried in order after; what applies to a type is found once. */
export class MappingTable {
    private readonly exact = new Map<string, QuotaMapping[]>();
    private readonly patterns: QuotaMapping[] = [];
    /** Type -> the mappings that apply to it, exact ones first (a program has tens of types, not thousands). */
    private readonly byType = new Map<string, readonly QuotaMapping[]>();
    private readonly inputsByType = new Map<string, readonly string[] | undefined>();
    private readonly countOnlyByType = new Map<string, ReadonlySet<string> | undefined>();

    constructor(mappings: readonly QuotaMapping[]) {
        for (const m of mappings) {
            if (typeof m.type === "string") this.exact.set(m.type, [...(this.exact.get(m.type) ?? []), m]);
            else this.patterns.push(m);
        }
    }

    /**
     * The inputs the mappings of `type` read, with {@link SCOPE_INPUT}; undefined when one of them does not say
     * (then every input counts). A type with no mapping reads only the scope input.
     */
    inputsRead(type: string): readonly string[] | undefined {
        if (this.inputsByType.has(type)) return this.inputsByType.get(type);
        const found = this.applying(type);
        const read = found.every((m) => m.inputs !== undefined) ? [...new Set([SCOPE_INPUT, ...found.flatMap((m) => m.inputs ?? [])])] : undefined;
        this.inputsByType.set(type, read);
        return read;
    }

    /**
     * The inputs of `type` of which every mapping that reads them reads only the count of known elements
     * ({@link QuotaMapping.countOnly}); undefined when there are none.
     */
    countOnly(type: string): ReadonlySet<string> | undefined {
        if (this.countOnlyByType.has(type)) return this.countOnlyByType.get(type);
        const found = this.applying(type);
        const candidates = new Set(found.flatMap((m) => m.countOnly ?? []));
        for (const name of candidates) {
            if (found.some((m) => m.inputs === undefined || (m.inputs.includes(name) && !(m.countOnly ?? []).includes(name))))
                candidates.delete(name);
        }
        const only = candidates.size > 0 ? candidates : undefined;
        this.countOnlyByType.set(type, only);
        return only;
    }

    /**
     * One function giving every limit use of a resource of `type` (the mapping's own when one applies), for callers
     * that drop non-positive amounts themselves; undefined when no mapping applies.
     */
    usesFor(type: string): QuotaMapping["uses"] | undefined {
        const found = this.applying(type);
        if (found.length === 0) return undefined;
        if (found.length === 1) return found[0].uses;
        return (r, scope) => found.flatMap((m) => m.uses(r, scope));
    }

    /** Every limit use of one resource; uses with a non-positive or non-finite amount are dropped. */
    usesOf(r: PlannedResource, scope: ScopeContext): LimitUse[] {
        const found = this.applying(r.type);
        if (found.length === 0) return [];
        const uses = found.length === 1 ? found[0].uses(r, scope) : found.flatMap((m) => m.uses(r, scope));
        return uses.every(positive) ? uses : uses.filter(positive);
    }

    private applying(type: string): readonly QuotaMapping[] {
        let found = this.byType.get(type);
        if (found === undefined) {
            found = [...(this.exact.get(type) ?? []), ...this.patterns.filter((m) => (m.type as RegExp).test(type))];
            this.byType.set(type, found);
        }
        return found;
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
