/**
 * The quota check as a Pulumi policy pack (CrossGuard): what `policy/index.js` runs for a stack policy. The engine
 * passes every resource the stack holds after the plan, in any language; this module turns them into planned
 * resources and counts them with `checkResources`, the same counting as `enforceQuotas` and `tenantkit-quota`.
 *
 * Kept free of `@pulumi/policy` types: the pack file holds the only dependency on it, and the package's public types
 * never name it.
 */
import * as path from "node:path";
import { formatApiTime } from "./apiTime";
import { checkResources, type CheckPlanOptions, type ResourcesCheck } from "./checkPlan";
import { loadMappingsModule } from "./mapping";
import { UNKNOWN_INPUT, type ExistingCounts, type Finding, type PlannedResource } from "./types";

/** A resource as a stack policy receives it (`PolicyResource` of `@pulumi/policy`, the parts read here). */
export interface PolicyResourceLike {
    readonly type: string;
    readonly name: string;
    readonly urn: string;
    readonly props: Record<string, unknown>;
    readonly provider?: { readonly name: string; readonly props: Record<string, unknown> };
}

/** The pack's configuration (`pulumi preview --policy-pack-config <file>`), the same for each of its policies. */
export interface QuotaPolicyConfig {
    /** Objects that exist outside the stack, by limit id then scope key ("*": every scope of that limit). */
    existing?: ExistingCounts;
    /** Share of a limit from which a finding is a warning, above 0 and at most 1; default 0.8. */
    warnAt?: number;
    /** Workspace key -> metastore id, when workspaces use different metastores. */
    metastores?: Record<string, string>;
    /**
     * A JS module exporting `mappings` (more type-to-limit mappings, as `tenantkit-quota --mappings` takes): an
     * absolute path, or one relative to the directory `pulumi preview` was started in (`$PWD`; the pack itself runs in
     * its own folder).
     */
    mappingsModule?: string;
    /** False to use only the module's mappings, without the built-in `@pulumi/databricks` and Azure ones. */
    defaultMappings?: boolean;
}

/** The JSON schema of {@link QuotaPolicyConfig}, which the engine checks the policy config against. */
export const QUOTA_POLICY_CONFIG_SCHEMA = {
    properties: {
        existing: {
            type: "object",
            additionalProperties: { type: "object", additionalProperties: { type: "number", minimum: 0 } },
        },
        warnAt: { type: "number", exclusiveMinimum: 0, maximum: 1 },
        metastores: { type: "object", additionalProperties: { type: "string" } },
        mappingsModule: { type: "string" },
        defaultMappings: { type: "boolean" },
    },
} as const;

/**
 * The markers of values not known during preview, as `@pulumi/policy` decodes them (its proxy.js: one per kind of
 * value: string, number, boolean, array, object, asset, archive). The quota mappings know one: `UNKNOWN_INPUT`.
 */
const UNKNOWN_MARKERS: ReadonlySet<string> = new Set([
    UNKNOWN_INPUT,
    "3eeb2bf0-c639-47a8-9e75-3b44932eb421",
    "1c4a061d-8072-4f0a-a4cb-0ff528b18fe7",
    "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2",
    "dd056dcd-154b-4c76-9bd3-c8f88648b5ff",
    "030794c1-ac77-496b-92df-f27374a8bd58",
    "e48ece36-62e2-4504-bad9-02848725956a",
]);

/**
 * `@pulumi/policy` wraps `props` in a proxy that throws on reading an unknown value, which turns the whole policy into a
 * "can't run during preview" advisory. The quota rule for unknowns is its own (an unknown scope counts everywhere), so
 * the raw values are read through the proxy's documented escape hatch.
 */
const PROXY_TARGET = "__getSpecialProxyTarget";

function raw(value: unknown): unknown {
    if (typeof value !== "object" || value === null) return value;
    const target = (value as Record<string, unknown>)[PROXY_TARGET];
    return target !== undefined ? target : value;
}

/** Plain JSON with every unknown marker as `UNKNOWN_INPUT`. */
function plain(value: unknown): unknown {
    const v = raw(value);
    if (typeof v === "string") return UNKNOWN_MARKERS.has(v) ? UNKNOWN_INPUT : v;
    if (Array.isArray(v)) return v.map(plain);
    if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
    return v;
}

/**
 * The stack's resources as planned resources. Whether each is created by this plan or kept is not passed to a stack
 * policy, so `creating` stays unknown: limits on creations count every resource (the conservative reading).
 */
export function plannedFromPolicy(resources: readonly PolicyResourceLike[]): PlannedResource[] {
    return resources.map((r) => ({
        type: r.type,
        name: r.name,
        inputs: plain(r.props) as Record<string, unknown>,
        provider: r.provider ? { name: r.provider.name, inputs: plain(r.provider.props) as Record<string, unknown> } : undefined,
    }));
}

/** The options of `checkResources` from the pack's configuration; `cwd` is where `pulumi preview` was started. */
export function optionsFromConfig(config: QuotaPolicyConfig, cwd: string = process.env.PWD ?? process.cwd()): CheckPlanOptions {
    return {
        existing: config.existing,
        warnAt: config.warnAt,
        metastores: config.metastores,
        defaultMappings: config.defaultMappings,
        mappings: config.mappingsModule === undefined ? undefined : loadMappingsModule(path.resolve(cwd, config.mappingsModule)),
    };
}

/** What each of the pack's policies reports. */
export interface QuotaPolicyReport {
    /** Exceeded limits: the mandatory policy's violations. */
    exceeded: string[];
    /** Limits at or above `warnAt`, and the plan's minimum API time: the advisory policy's violations. */
    advisories: string[];
}

/** Checks the stack's resources and words each finding as a violation message. */
export function quotaPolicyReport(resources: readonly PolicyResourceLike[], config: QuotaPolicyConfig, cwd?: string): QuotaPolicyReport {
    const check: ResourcesCheck = checkResources(plannedFromPolicy(resources), optionsFromConfig(config, cwd));
    const named = (f: Finding): string => f.message;
    const advisories = check.findings.filter((f) => f.status === "warning").map(named);
    if (check.apiTime.byQuota.length > 0) advisories.push(formatApiTime(check.apiTime));
    return { exceeded: check.findings.filter((f) => f.status === "exceeded").map(named), advisories };
}
