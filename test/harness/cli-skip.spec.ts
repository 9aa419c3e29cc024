/**
 * Without a Pulumi CLI outside CI, the suites that need it show their tests as pending, each suite saying why: the
 * summary's "N skipped" then tells that part of the product went unproven (before, they vanished and it said 0).
 */
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");

describe("the CLI suites without a CLI", () => {
    it("count as skipped, with the reason in the suite's title, and none of them runs", function () {
        this.timeout(120_000);
        const env: NodeJS.ProcessEnv = { ...process.env, TENANTKIT_PULUMI_BIN: path.join(ROOT, "no-such-folder") };
        delete env.CI;
        const r = spawnSync(
            process.execPath,
            [
                require.resolve("mocha/bin/mocha.js"),
                "--no-config",
                ...["-r", "./test/support/register.js", "--extension", "ts", "--reporter", "test/support/summary-reporter.js"],
                "test/cli/stack-config.spec.ts",
            ],
            { cwd: ROOT, env, encoding: "utf8" },
        );
        assert.equal(r.status, 0, r.stdout + r.stderr);
        assert.match(
            r.stdout,
            /stack config mistakes through the real engine \(skipped: TENANTKIT_PULUMI_BIN=.* holds no pulumi; `npm run pulumi:install` builds it\)/,
        );
        assert.match(r.stdout, /tests: 0 passed, 0 failed, 5 skipped/);
    });
});
