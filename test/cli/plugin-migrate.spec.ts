/**
 * A stack of dynamic tenantkit resources moved to the provider plugin's resources with aliases, under the real CLI:
 * no replacement and no write to the tenant (docs/provider-plugin.md, "Moving a stack from the dynamic resources to the plugin"). The program is installed outside
 * the repo with this checkout packed (`npm pack`) and the Node.js SDK (`npm run sdk:pack`), as a user would.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { useEmulator, IDS } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, programOutsideRepo, ROOT, TRANSPILE_ONLY } from "./pulumi";
import { exec, nodeSdkPackage, PULUMI_VERSION } from "./sdkToolchains";

describeCli("moving a stack from the dynamic resources to the provider plugin", (binDir) => {
    const fx = useEmulator();

    it("aliases move a dataset and a localization to the plugin's types with no replacement and no write to the tenant", async function () {
        this.timeout(900_000);
        const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-migrate-"));
        const dir = programOutsideRepo(path.join(ROOT, "test", "fixtures", "programs", "plugin-migrate"));
        // `npm test` has just built bin/ and plugin/; --ignore-scripts packs that build instead of rebuilding it.
        const packed = (await exec("npm", ["pack", "--ignore-scripts", "--pack-destination", scratch], { cwd: ROOT })).trim().split("\n").pop()!;
        const sdk = await nodeSdkPackage();
        await exec(
            "npm",
            ["install", "--no-audit", "--no-fund", "--prefer-offline", path.join(scratch, packed), sdk, `@pulumi/pulumi@${PULUMI_VERSION}`],
            { cwd: dir },
        );
        // The program (both phases) type-checks once here, not in each preview and up.
        await exec("npx", ["tsc", "--noEmit", "-p", "tsconfig.json"], { cwd: dir });
        const stack = await CliStack.create(binDir, {
            projectDir: dir,
            stack: "migrate",
            config: emulatorStackConfig(fx.emu.url),
            env: TRANSPILE_ONLY,
        });
        try {
            await stack.installPlugin();
            await stack.up();
            const [dataset] = (await fx.emu.admin.powerBi(IDS.tenantId)).datasets;
            assert.ok(dataset, "the dynamic resources created no dataset");

            await stack.setConfig("tenantkit-migrate:phase", "plugin");
            const preview = await stack.preview();
            assert.doesNotMatch(preview.stdout, /to replace|to create|to delete/, preview.stdout);
            await fx.emu.admin.clearRequests();
            await stack.up();
            const writes = (await fx.emu.admin.requests()).filter((r) => r.method !== "GET" && r.service !== "login");
            assert.deepEqual(writes, [], "moving to the plugin wrote to the tenant");

            const resources = (await stack.exportState()).deployment.resources ?? [];
            const moved = resources.filter((r) => r.type.startsWith("tenantkit:"));
            assert.deepEqual(moved.map((r) => r.type).sort(), [
                "tenantkit:entra:OrganizationalBrandingLocalization",
                "tenantkit:powerbi:PushDataset",
            ]);
            assert.equal(moved.find((r) => r.type === "tenantkit:powerbi:PushDataset")?.id, dataset.id, "the dataset's id changed");

            // The engine diffs what Read returned against the moved inputs through the plugin's Diff: the next up's diff.
            await stack.refresh(["--expect-no-changes"]);
            await stack.destroy();
            assert.deepEqual((await fx.emu.admin.powerBi(IDS.tenantId)).datasets, []);
            assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.localizations["fr-FR"], undefined);
        } finally {
            await stack.dispose();
            fs.rmSync(dir, { recursive: true, force: true });
            fs.rmSync(scratch, { recursive: true, force: true });
        }
    });
});
