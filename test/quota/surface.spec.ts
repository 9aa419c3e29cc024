import { strict as assert } from "node:assert";
import * as tk from "../../provider";

describe("quota's public surface", () => {
    it("is the names index.ts lists, and none of the modules' internals", () => {
        assert.deepEqual(Object.keys(tk.quota).sort(), [
            "DEFAULT_WARN_AT",
            "PlanFileError",
            "QuotaExceededError",
            "QuotaUsageError",
            "THIS_MACHINE",
            "azureMappings",
            "checkPlan",
            "checkUsage",
            "countOne",
            "databricksMappings",
            "defaultBurst",
            "defaultMappings",
            "enforceQuotas",
            "formatApiTime",
            "formatDuration",
            "formatFindings",
            "joined",
            "knownArray",
            "knownObject",
            "knownPath",
            "knownString",
            "limitById",
            "limiterFor",
            "list",
            "minimumApiTime",
            "obj",
            "one",
            "plannedCalls",
            "rateLimits",
            "rateLimitsFor",
            "ratePerSecond",
            "readPlanFile",
            "resourceLimits",
            "scopeContext",
            "scopeKey",
            "str",
        ]);
        for (const internal of ["UNKNOWN_INPUT", "describe", "resetRateLimiters", "TokenBucket", "Tally", "MappingTable", "judge"]) {
            assert.ok(!(internal in tk.quota), internal);
            assert.ok(!(internal in tk), internal);
        }
    });
});
