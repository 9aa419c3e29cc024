/**
 * The soak (scripts/soak.ts, `npm run soak`) at a reduced size: a few hundred mixed operations on every resource
 * through the engine harness, random faults on 10% of the API requests and the throttle on. Failures may happen, but
 * only as clean errors the next `up` repairs; after every successful `up` the emulator holds exactly what the state
 * file records, and `destroy` gives the tenant back as it was. The seed is printed; SOAK_SEED picks another.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { faultRules, runSoak, seeded, type SoakResults } from "../../scripts/soak";

const REPO = path.resolve(__dirname, "..", "..");

describe("soak: mixed operations under random faults and the throttle", function () {
    this.timeout(240_000);
    const workDir = path.join(REPO, ".tenantkit", `soak-test-${process.pid}`);
    after(() => fs.rmSync(workDir, { recursive: true, force: true }));

    it("sets up fault rules that answer 10% of each service's requests, and a repeatable random source", () => {
        const rules = faultRules(0.1);
        for (const service of ["graph", "powerbi", "devops"] as const) {
            const mine = rules.filter((r) => r.match.service === service);
            const chance = 1 - mine.reduce((p, r) => p * (1 - (r.probability ?? 1)), 1);
            assert.ok(Math.abs(chance - 0.1) < 1e-9, `${service}: ${chance}`);
            assert.deepEqual(new Set(mine.map((r) => r.kind)), new Set(["status", "reset", "malformed"]));
            assert.ok(mine.some((r) => r.status === 429 && r.retryAfter !== undefined) && mine.some((r) => r.served === true));
        }
        assert.equal(
            rules.some((r) => r.match.service === "login"),
            false,
            "token requests are left alone",
        );
        const a = seeded(42);
        const b = seeded(42);
        assert.deepEqual([a(), a(), a()], [b(), b(), b()]);
    });

    it("ends with no orphan, no duplicate, nothing missing, every failure repaired, and the tenant restored", async () => {
        const seed = Number(process.env.SOAK_SEED ?? 20240611);
        console.log(`      soak seed ${seed} (SOAK_SEED=${seed} repeats it)`);
        const lines: string[] = [];
        let results: SoakResults;
        try {
            results = await runSoak({
                operations: 120,
                seed,
                faultRate: 0.1,
                throttlePerSecond: 10,
                throttleRetryAfter: "0.5",
                requestTimeoutSeconds: 2,
                initialDatasets: 12,
                refreshShare: 0.5,
                workDir,
                log: (line) => lines.push(line),
            });
        } catch (err) {
            console.log(lines.join("\n"));
            throw err;
        }
        const figures = { ...results, failureMessages: results.failureMessages.slice(0, 5), operationsByKind: undefined };
        console.log(`      ${JSON.stringify(figures)}`);
        const explain = `\n${lines.join("\n")}`;
        assert.ok(results.operations >= 120, `${results.operations} operations`);
        assert.ok(
            results.faultsInjected > 0 && results.retries > 0,
            `faults were injected and retried: ${results.faultsInjected}, ${results.retries}`,
        );
        for (const kind of [
            "create PushDataset",
            "update PushDataset",
            "refresh:same PushDataset",
            "delete PushDataset",
            "create TemporaryAccessPassMethods",
            "create GitPush",
        ]) {
            assert.ok((results.operationsByKind[kind] ?? 0) > 0, `the run did ${kind}${explain}`);
        }
        assert.deepEqual(results.orphans, [], `orphans${explain}`);
        assert.deepEqual(results.duplicates, [], `duplicates${explain}`);
        assert.deepEqual(results.missing, [], `missing${explain}`);
        assert.deepEqual(results.mismatched, [], `mismatched${explain}`);
        assert.deepEqual(results.uncleanFailures, [], "every failure is a clean error");
        assert.equal(results.unrepaired, 0, `every failure is repaired by the next up${explain}`);
        assert.deepEqual(results.restoreProblems, [], `destroy restores the tenant${explain}`);
        assert.equal(results.restored, true);
    });
});
