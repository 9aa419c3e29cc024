/**
 * The quota benchmarks judge the whole cost a user pays (issue 26): quota-enforce by the wall-time ratio of the
 * program with and without enforceQuotas, not by the check's own timer; quota-cli-preview refuses a run whose
 * program did not say what it counted. No timing is measured here: the reports are made up.
 */
import { strict as assert } from "node:assert";
import { quotaEnforceResult, QUOTA_ENFORCE_GOAL, type RunReport } from "../../bench/quotaEnforce";
import { checkQuotaOutput } from "../../bench/quotaCliPreview";

const count = 1_000;
const findings = { total: 7, exceeded: 0, warnings: 0, fullest: "jobs/saved-jobs/workspace in ws at 300/12000" };
const plainRun = (ms: number, cpuMs = ms): RunReport => ({ ms, cpuMs, registered: count });
const enforcedRun = (ms: number, cpuMs = ms): RunReport => ({ ms, cpuMs, registered: count, findings });
/** A timed run whose own time is tiny: the old goal (own time at most 1%) would call every case below met. */
const timed: RunReport = { ...enforcedRun(1_000), transformMs: 4, gateMs: 1, gcInTransformMs: 0, p50Us: 3, p99Us: 20, waiting: 10, waitingMs: 1 };
const floor: RunReport = { ...plainRun(1_000), transformMs: 2, gateMs: 1 };

describe("quota-enforce judges the whole cost", () => {
    it("is not met when the wall time with enforceQuotas is 10.5% over, however small the check's own time", () => {
        const r = quotaEnforceResult({
            count,
            plain: [plainRun(1_000), plainRun(1_010)],
            enforced: [enforcedRun(1_105), enforcedRun(1_116)],
            timed,
            floor,
        });
        assert.equal(r.met, false);
        assert.ok(r.ratio > QUOTA_ENFORCE_GOAL);
        assert.match(r.goal, /whole cost: median wall time at most 1\.03x/);
    });

    it("is met at a ratio of the median wall times up to 1.03, and reports the CPU difference and the own time in the notes", () => {
        const r = quotaEnforceResult({
            count,
            plain: [plainRun(1_000, 900), plainRun(1_100, 1_000)],
            enforced: [enforcedRun(1_070, 950), enforcedRun(1_060, 960)],
            timed,
            floor,
        });
        assert.equal(r.ratio, 1.014);
        assert.equal(r.met, true);
        assert.match(r.notes ?? "", /difference 15 ms; CPU .* median 955 ms against 950 ms, difference 5 ms/);
        assert.match(r.notes ?? "", /Its own time, in one more run with timers: 5 ms/);
    });

    it("refuses runs that registered another count or broke a limit", () => {
        assert.throws(
            () => quotaEnforceResult({ count, plain: [plainRun(1_000)], enforced: [{ ...enforcedRun(1_000), registered: 999 }], timed, floor }),
            /registered 999 resources, expected 1000/,
        );
        const broken = { ...enforcedRun(1_000), findings: { ...findings, exceeded: 1 } };
        assert.throws(() => quotaEnforceResult({ count, plain: [plainRun(1_000)], enforced: [broken], timed, floor }), /within every limit/);
    });
});

describe("quota-cli-preview checks what each side's program said", () => {
    const outputs = (quota: string): string => `Outputs:\n    quota: "${quota}"\n\nResources:\n    + 51 to create\n`;

    it("takes the counted findings with enforceQuotas and 'off' without", () => {
        assert.equal(checkQuotaOutput("with", outputs("25 findings, 0 exceeded, 0 warnings")), "25 findings, 0 exceeded, 0 warnings");
        assert.equal(checkQuotaOutput("without", outputs("off")), "off");
    });

    it("refuses a run that counted nothing, exceeded a limit, ran on the wrong side or printed no output", () => {
        assert.throws(() => checkQuotaOutput("with", outputs("0 findings, 0 exceeded, 0 warnings")), /must count/);
        assert.throws(() => checkQuotaOutput("with", outputs("25 findings, 1 exceeded, 0 warnings")), /must count and stay within/);
        assert.throws(() => checkQuotaOutput("with", outputs("off")), /must count/);
        assert.throws(() => checkQuotaOutput("without", outputs("25 findings, 0 exceeded, 0 warnings")), /expected "off"/);
        assert.throws(() => checkQuotaOutput("with", "Resources:\n    + 51 to create\n"), /printed no quota output/);
    });
});
