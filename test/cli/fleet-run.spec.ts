/**
 * The fleet runner (provider/fleet/run.ts) through the real CLI and the provider plugin against the emulator: one stack
 * per tenant of one project, run through the Automation API, at most `parallel` at once. Two tenants of the default
 * seed (contoso and fabrikam), each with its own app and its secret in an environment variable.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PulumiCommand } from "@pulumi/pulumi/automation";
import type { Fleet } from "../../provider/fleet/fleetFile";
import { runFleet, type FleetResult, type FleetRunOptions, type TenantRow } from "../../provider/fleet/run";
import { IDS, useEmulator } from "../support/emulator";
import { fleetEnvironment } from "./fleetStacks";
import { describeCli } from "./pulumi";

describeCli("the fleet runner, one stack per tenant through the Automation API", (binDir) => {
    const fx = useEmulator();
    let work = "";
    let options: FleetRunOptions;

    beforeEach(async () => {
        work = fs.mkdtempSync(path.join(os.tmpdir(), "tk-fleet-"));
        const envVars = await fleetEnvironment(binDir, work);
        const pulumiCommand = await PulumiCommand.get({ root: path.dirname(binDir), skipVersionCheck: true });
        options = {
            parallel: 2,
            pulumiCommand,
            envVars,
            environment: { CONTOSO_SECRET: IDS.quickstartClientSecret, FABRIKAM_SECRET: IDS.fabrikamClientSecret },
        };
    });
    afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

    /** The run's options with fabrikam's secret replaced by `secret`. */
    const withFabrikamSecret = (secret: string): FleetRunOptions => ({
        ...options,
        environment: { ...options.environment, FABRIKAM_SECRET: secret },
    });

    /** Contoso and fabrikam, each with the standard's sign-in text. */
    const fleet = (text: string): Fleet => {
        const resources = { branding: { type: "tenantkit:entra:OrganizationalBranding", properties: { signInPageText: text } } };
        const settings = { emulator: fx.emu.url };
        return {
            file: path.join(work, "fleet.yaml"),
            project: "fleet-test",
            tenants: [
                {
                    name: "contoso",
                    tenant: IDS.domain,
                    settings: { ...settings, clientId: IDS.quickstartClientId },
                    secrets: { clientSecret: { env: "CONTOSO_SECRET" } },
                    resources,
                },
                {
                    name: "fabrikam",
                    tenant: "fabrikam.onmicrosoft.com",
                    settings: { ...settings, clientId: "1f6cf87b-0e44-44aa-b45a-cedc88c221e7" },
                    secrets: { clientSecret: { env: "FABRIKAM_SECRET" } },
                    resources,
                },
            ],
        };
    };
    const statuses = (rows: readonly TenantRow[]) => rows.map((r) => [r.stack, r.status, r.error ?? ""]);

    it("preview counts a create per tenant, up writes each tenant's branding, the next preview is converged, destroy gives both back", async function () {
        this.timeout(300_000);
        const before = [await fx.emu.admin.branding(IDS.tenantId), await fx.emu.admin.branding(IDS.fabrikamTenantId)].map(
            (b) => b?.default.signInPageText,
        );
        const preview = await runFleet(fleet("One standard"), "preview", options);
        assert.deepEqual(statuses(preview.rows), [
            ["contoso", "changes", ""],
            ["fabrikam", "changes", ""],
        ]);
        assert.equal(preview.totals.create, 2 * 3, "each tenant's stack, provider and branding");
        assert.equal(preview.converged, false);

        const up = await runFleet(fleet("One standard"), "up", options);
        assert.deepEqual(statuses(up.rows), [
            ["contoso", "converged", ""],
            ["fabrikam", "converged", ""],
        ]);
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.default.signInPageText, "One standard");
        assert.equal((await fx.emu.admin.branding(IDS.fabrikamTenantId))?.default.signInPageText, "One standard");

        const again = await runFleet(fleet("One standard"), "preview", options);
        assert.equal(again.converged, true, JSON.stringify(again.rows));

        const destroyed = await runFleet(fleet("One standard"), "destroy", options);
        assert.equal(destroyed.converged, true, JSON.stringify(destroyed.rows));
        const after = [await fx.emu.admin.branding(IDS.tenantId), await fx.emu.admin.branding(IDS.fabrikamTenantId)].map(
            (b) => b?.default.signInPageText,
        );
        assert.deepEqual(after, before);
    });

    it("a tenant whose secret is wrong is its row's error, without the secret, and the other tenant's up goes on", async function () {
        this.timeout(300_000);
        const wrong = "wrong-secret-value-for-fabrikam";
        const up = await runFleet(fleet("Goes on"), "up", withFabrikamSecret(wrong));
        assert.deepEqual(
            up.rows.map((r) => [r.stack, r.status]),
            [
                ["contoso", "converged"],
                ["fabrikam", "error"],
            ],
        );
        assert.match(up.rows[1]!.error ?? "", /invalid_client|AADSTS7000215/);
        // The CLI's diagnostics alone, not the Automation API's wrapping of the whole command's output.
        assert.doesNotMatch(up.rows[1]!.error ?? "", /^code: |\n ?stdout: |\n ?stderr: |Resources:\n/);
        assert.match(
            up.rows[1]!.error ?? "",
            /\nIn fleet\.yaml, this tenant's clientSecret is the environment variable FABRIKAM_SECRET: set that, not tenantkit's stack config\.$/,
        );
        assert.ok(!JSON.stringify(up).includes(wrong), "the secret shows in the result");
        assert.equal(up.converged, false);
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.default.signInPageText, "Goes on");
    });

    it("a tenant whose secret's environment variable is not set fails before its stack runs, naming the variable", async function () {
        this.timeout(120_000);
        const r = await runFleet(fleet("Unset"), "preview", { ...options, environment: { CONTOSO_SECRET: IDS.quickstartClientSecret } });
        assert.equal(r.rows[1]!.status, "error");
        assert.match(r.rows[1]!.error ?? "", /^tenant fabrikam: clientSecret \(environment variable FABRIKAM_SECRET\) not set/);
        assert.equal(r.rows[0]!.status, "changes");
    });

    it("parallel 1 runs one tenant after the other: each row says when it started, the second after the first ended", async function () {
        this.timeout(120_000);
        const r = await runFleet(fleet("One at a time"), "preview", { ...options, parallel: 1 });
        const [first, second] = r.rows.map((row) => ({ started: Date.parse(row.started), seconds: row.seconds }));
        assert.ok(Number.isFinite(first!.started) && Number.isFinite(second!.started), JSON.stringify(r.rows));
        // seconds is rounded to a tenth: the second may seem to start up to 50 ms before the first's rounded end.
        assert.ok(second!.started >= first!.started + first!.seconds * 1000 - 50, JSON.stringify(r.rows));
    });

    it("an up lists the stacks once, inits only new ones, runs no `pulumi` after a tenant's up, and counts the changes from the engine", async function () {
        this.timeout(180_000);
        // A `pulumi` that logs each command it runs, then runs the real one.
        const log = path.join(work, "commands.log");
        fs.mkdirSync(path.join(work, "logging", "bin"), { recursive: true });
        fs.writeFileSync(
            path.join(work, "logging", "bin", "pulumi"),
            `#!/bin/sh\necho "$*" >> ${JSON.stringify(log)}\nexec ${JSON.stringify(path.join(binDir, "pulumi"))} "$@"\n`,
            { mode: 0o755 },
        );
        const pulumiCommand = await PulumiCommand.get({ root: path.join(work, "logging"), skipVersionCheck: true });
        // Each command by its first two words (`stack init`, `up --yes`), sorted; the CLI's `version` check aside.
        const commandsRun = () => {
            const lines = fs.readFileSync(log, "utf8").trim().split("\n");
            fs.rmSync(log);
            return lines
                .map((c) => c.split(" ").slice(0, 2).join(" "))
                .filter((c) => c !== "version")
                .sort();
        };
        const changes = (r: FleetResult) => r.rows.map((row) => [row.stack, row.status, row.changes]);
        const counts = (create: number, same: number) => ({ create, update: 0, replace: 0, delete: 0, same });

        const first = await runFleet(fleet("Counted"), "up", { ...options, pulumiCommand });
        assert.deepEqual(changes(first), [
            ["contoso", "converged", counts(3, 0)],
            ["fabrikam", "converged", counts(3, 0)],
        ]);
        assert.deepEqual(commandsRun(), ["stack init", "stack init", "stack ls", "up --yes", "up --yes"]);

        const second = await runFleet(fleet("Counted"), "up", { ...options, pulumiCommand });
        assert.deepEqual(changes(second), [
            ["contoso", "converged", counts(0, 3)],
            ["fabrikam", "converged", counts(0, 3)],
        ]);
        assert.deepEqual(commandsRun(), ["stack ls", "up --yes", "up --yes"], "a stack that exists is not selected again");
    });

    /** The fleet converged, then contoso's sign-in text changed in the portal. */
    async function upThenChangeContosoByHand(): Promise<void> {
        await runFleet(fleet("The standard"), "up", options);
        await fx.emu.admin.updateBranding(IDS.tenantId, "0", { signInPageText: "Changed in the portal" });
    }

    it("drift names the tenant changed by hand and the property, and changes nothing; the other tenant is converged", async function () {
        this.timeout(300_000);
        await upThenChangeContosoByHand();
        const r = await runFleet(fleet("The standard"), "drift", options);
        assert.deepEqual(
            r.rows.map((row) => [row.stack, row.status, row.drift]),
            [
                [
                    "contoso",
                    "drifted",
                    [{ resource: "branding", type: "tenantkit:entra:OrganizationalBranding", op: "update", properties: ["signInPageText"] }],
                ],
                ["fabrikam", "converged", []],
            ],
        );
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.default.signInPageText, "Changed in the portal", "drift wrote to the tenant");
        assert.equal(r.converged, false);
    });

    it("status (the report's) says the tenant changed by hand is drifted, with the update that undoes it counted", async function () {
        this.timeout(300_000);
        await upThenChangeContosoByHand();
        const r = await runFleet(fleet("The standard"), "status", options);
        assert.deepEqual(
            r.rows.map((row) => [row.stack, row.status, row.changes.update, row.drift?.map((d) => d.properties)]),
            [
                ["contoso", "drifted", 1, [["signInPageText"]]],
                ["fabrikam", "converged", 0, []],
            ],
        );
        assert.equal(r.converged, false);
    });

    it("drift reads with the credentials the run gives, not those of the last up: a secret that no longer works is the row's error", async function () {
        this.timeout(300_000);
        await runFleet(fleet("Read now"), "up", options);
        const wrong = "a-secret-that-no-longer-works";
        const r = await runFleet(fleet("Read now"), "drift", withFabrikamSecret(wrong));
        assert.deepEqual(
            r.rows.map((row) => [row.stack, row.status]),
            [
                ["contoso", "converged"],
                ["fabrikam", "error"],
            ],
        );
        assert.match(r.rows[1]!.error ?? "", /invalid_client|AADSTS7000215/);
        assert.ok(!JSON.stringify(r).includes(wrong), "the secret shows in the result");
    });
});
