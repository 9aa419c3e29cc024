/**
 * Area E: the spec's limits and rate-limits tables as typed data, checks of planned usage against them, a
 * stack-wide transform that stops a preview before a plan breaks a quota, and rate-limit helpers. The public
 * surface is listed here name by name: the modules' other exports are internal.
 */
export { resourceLimits, limitById } from "./limits";
export { rateLimits, rateLimitsFor } from "./rateLimits";
export { checkUsage, QuotaUsageError, DEFAULT_WARN_AT } from "./check";
export type { CheckOptions } from "./check";
export { enforceQuotas, QuotaExceededError } from "./enforce";
export type { EnforceOptions, QuotaEnforcement } from "./enforce";
export { checkPlan } from "./checkPlan";
export type { CheckPlanOptions, PlanCheck } from "./checkPlan";
export { readPlanFile, PlanFileError } from "./planFile";
export type { PlanFile } from "./planFile";
export { defaultMappings, databricksMappings, azureMappings } from "./mappings";
export { countOne, knownPath, knownString, knownArray, knownObject, scopeContext } from "./mapping";
// The earlier names, kept so that existing mappings compile; deprecated, each names its successor.
export { one, joined, str, list, obj } from "./mapping";
export type { QuotaMapping, ScopeContext, ScopeOptions } from "./mapping";
export { formatFindings } from "./report";
export type { FormatOptions } from "./report";
export { plannedCalls, minimumApiTime, formatApiTime, formatDuration, ratePerSecond, scopeKey, THIS_MACHINE } from "./apiTime";
export type { PlannedCall, QuotaTime, ApiTimeEstimate } from "./apiTime";
export { limiterFor, defaultBurst } from "./rateLimiter";
export type { LimiterBudget, LimiterForOptions, RateLimiter } from "./rateLimiter";
export type {
    DimensionLimit,
    DimensionPoint,
    ExistingCounts,
    Finding,
    LimitUnit,
    LimitUse,
    LimitValue,
    NumericLimit,
    OperationMatch,
    PlannedResource,
    PlannedUsage,
    RateLimit,
    RatePeriod,
    ReferenceLimit,
    ResourceLimit,
} from "./types";
