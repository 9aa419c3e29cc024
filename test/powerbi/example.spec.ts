/** examples/push-dataset is a runnable program: preview, up, a quiet second preview, destroy. */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { LifecycleRunner } from "../../harness/lifecycle";
import { secret } from "../../harness/wire";
import { IDS, useEmulator } from "../support/emulator";

describe("examples/push-dataset", function () {
    this.timeout(120_000);
    const fx = useEmulator();

    for (const workspace of [undefined, IDS.salesWorkspaceId]) {
        it(`runs in ${workspace ? "a named workspace" : "My workspace"}: preview, up, no changes, destroy`, async () => {
            const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-example-ds-"));
            const config = {
                "tenantkit:emulator": fx.emu.url,
                "tenantkit:tenantId": IDS.domain,
                "tenantkit:clientId": IDS.quickstartClientId,
                "tenantkit:clientSecret": secret(IDS.quickstartClientSecret),
                ...(workspace ? { "tenantkit-push-dataset:workspaceId": workspace } : {}),
            };
            const runner = new LifecycleRunner({
                programPath: path.resolve(__dirname, "..", "..", "examples", "push-dataset", "index.ts"),
                statePath: path.join(dir, "state.json"),
                project: "tenantkit-push-dataset",
                config,
            });
            try {
                assert.deepEqual((await runner.preview()).errors, []);
                const up = await runner.up();
                assert.deepEqual(up.errors, []);
                assert.match(String(up.outputs.datasetId), /^[0-9a-f-]{36}$/);
                const again = await runner.preview();
                assert.deepEqual(
                    again.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.name}`),
                    [],
                );
                assert.deepEqual((await runner.destroy()).errors, []);
                assert.ok(!JSON.stringify(await fx.emu.admin.powerBi(IDS.tenantId)).includes(String(up.outputs.datasetId)));
            } finally {
                fs.rmSync(dir, { recursive: true, force: true });
            }
        });
    }
});
