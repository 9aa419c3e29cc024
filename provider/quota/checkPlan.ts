/**
 * `checkPlan`: the quota findings and minimum API time of a `pulumi preview --json` or `pulumi stack export`
 * document, without running the program. What `tenantkit-quota` prints.
 */
import { minimumApiTime, plannedCalls } from "./apiTime";
import type { ApiTimeEstimate } from "./apiTime";
import { checkUsage } from "./check";
import { MappingTable, scopeContext, sumUses } from "./mapping";
import type { QuotaMapping, ScopeOptions } from "./mapping";
import { defaultMappings } from "./mappings";
import { readPlanFile } from "./planFile";
import type { PlanFile } from "./planFile";
import type { ExistingCounts, Finding, PlannedResource } from "./types";

/** Options of {@link checkPlan}. */
export interface CheckPlanOptions extends ScopeOptions {
    /** Objects that exist outside the plan, by limit id then scope key ("*": every scope of that limit). */
    existing?: ExistingCounts;
    /** Share of a limit from which a finding is a warning, above 0 and at most 1; default 0.8. */
    warnAt?: number;
    /** More mappings, used beside the defaults (or alone with `defaultMappings: false`). */
    mappings?: readonly QuotaMapping[];
    /** False to use only `mappings`, without the built-in `@pulumi/databricks` and Azure ones. */
    defaultMappings?: boolean;
}

/** The outcome of checking one plan file. */
export interface PlanCheck {
    /** `preview` for the JSON of `pulumi preview --json`, `export` for that of `pulumi stack export`. */
    kind: PlanFile["kind"];
    /** A preview made without `--show-sames` (none of its steps is an unchanged resource): existing resources are missing. */
    unchangedMissing: boolean;
    /** Resources in the file, and how many of them map to a limit. */
    resources: number;
    /** How many of the resources map to at least one limit. */
    mapped: number;
    /** Every (limit, scope) the plan uses, judged; sorted exceeded, warning, ok. */
    findings: Finding[];
    /** The least time the planned creations need under the API rate limits. */
    apiTime: ApiTimeEstimate;
}

/** The outcome of checking planned resources, whatever they were read from. */
export type ResourcesCheck = Omit<PlanCheck, "kind" | "unchangedMissing">;

/**
 * Checks planned resources: the counting behind `checkPlan` (a plan file), `tenantkit-quota` and the policy pack
 * (the resources the engine passes to a stack policy), so the three cannot count differently.
 */
export function checkResources(resources: readonly PlannedResource[], options: CheckPlanOptions = {}): ResourcesCheck {
    const table = new MappingTable([...(options.defaultMappings === false ? [] : defaultMappings), ...(options.mappings ?? [])]);
    const scopes = scopeContext(options);
    let mapped = 0;
    const uses = resources.flatMap((r) => {
        const u = table.usesOf(r, scopes);
        if (u.length > 0) mapped += 1;
        return u;
    });
    return {
        resources: resources.length,
        mapped,
        findings: checkUsage(sumUses(uses), { existing: options.existing, warnAt: options.warnAt }),
        apiTime: minimumApiTime(plannedCalls(resources, scopes)),
    };
}

/** Checks the plan in `json` (already parsed). */
export function checkPlan(json: unknown, options: CheckPlanOptions = {}): PlanCheck {
    const plan = readPlanFile(json);
    return {
        kind: plan.kind,
        unchangedMissing: plan.kind === "preview" && plan.listsUnchanged === false,
        ...checkResources(plan.resources, options),
    };
}
