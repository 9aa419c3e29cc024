/**
 * `checkPlan`: the quota findings and minimum API time of a `pulumi preview --json` or `pulumi stack export`
 * document, without running the program. What `tenantkit-quota` prints.
 */
import { plannedCalls } from "./apiCalls";
import { checkUsage } from "./check";
import { MappingTable, scopeContext, sumUses } from "./mapping";
import type { QuotaMapping, ScopeOptions } from "./mapping";
import { defaultMappings } from "./mappings";
import { readPlanFile } from "./planFile";
import type { PlanFile } from "./planFile";
import { minimumApiTime } from "./rate";
import type { ApiTimeEstimate } from "./rate";
import type { ExistingCounts, Finding } from "./types";

/** Options of {@link checkPlan}. */
export interface CheckPlanOptions extends ScopeOptions {
    existing?: ExistingCounts;
    warnAt?: number;
    /** More mappings, used beside the defaults (or alone with `defaultMappings: false`). */
    mappings?: readonly QuotaMapping[];
    defaultMappings?: boolean;
}

/** The outcome of checking one plan file. */
export interface PlanCheck {
    kind: PlanFile["kind"];
    /** A preview made without `--show-sames` (none of its steps is an unchanged resource): existing resources are missing. */
    unchangedMissing: boolean;
    /** Resources in the file, and how many of them map to a limit. */
    resources: number;
    mapped: number;
    findings: Finding[];
    apiTime: ApiTimeEstimate;
}

/** Checks the plan in `json` (already parsed). */
export function checkPlan(json: unknown, options: CheckPlanOptions = {}): PlanCheck {
    const plan = readPlanFile(json);
    const table = new MappingTable([...(options.defaultMappings === false ? [] : defaultMappings), ...(options.mappings ?? [])]);
    const scopes = scopeContext(options);
    let mapped = 0;
    const uses = plan.resources.flatMap((r) => {
        const u = table.usesOf(r, scopes);
        if (u.length > 0) mapped += 1;
        return u;
    });
    return {
        kind: plan.kind,
        unchangedMissing: plan.kind === "preview" && plan.listsUnchanged === false,
        resources: plan.resources.length,
        mapped,
        findings: checkUsage(sumUses(uses), { existing: options.existing, warnAt: options.warnAt }),
        apiTime: minimumApiTime(plannedCalls(plan.resources, scopes)),
    };
}
