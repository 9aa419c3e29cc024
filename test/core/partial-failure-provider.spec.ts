/**
 * Regression: a create or update that failed half-way (ErrorResourceInitFailed) reported its outputs without
 * `__provider`: the host adds it to results but not to an error's properties, and the engine records those properties
 * as the outputs that delete deserializes its provider from. A `destroy` right after the failure then failed with
 * "delete failed: code must be a string, not undefined", and the tenant's prior branding was never restored.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { LifecycleRunner } from "../../harness/lifecycle";
import { IDS, useEmulator } from "../support/emulator";
import { png, writeFixture } from "../../harness/images";
import { emulatorConfig, useStateDir } from "../support/stacks";

const PROGRAM = path.resolve(__dirname, "..", "fixtures", "programs", "branding", "index.ts");

describe("regression: a partial failure keeps __provider in the recorded outputs", function () {
    this.timeout(120_000);
    const fx = useEmulator();
    const states = useStateDir("tk-partial-provider-", { hostCwd: true });

    it("destroys (and restores the branding) right after a create whose image upload failed", async () => {
        const before = await fx.emu.admin.branding(IDS.tenantId);
        const runner = () =>
            new LifecycleRunner({
                programPath: PROGRAM,
                cwd: states.dir,
                statePath: states.statePath("partial"),
                project: "brandprog",
                config: {
                    ...emulatorConfig(fx),
                    "brandprog:props": JSON.stringify({ signInPageText: "Half way" }),
                    "brandprog:assets": JSON.stringify({ squareLogo: writeFixture(states.dir, "sq.png", png(100, 100)) }),
                },
            });
        await fx.emu.admin.setFaults({ match: { service: "graph", method: "PUT" }, kind: "status", status: 400 });
        const failed = await runner().up();
        assert.match(failed.errors[0]?.message ?? "", /failed to initialize/);
        const recorded = runner()
            .state()
            .resources.find((r) => r.type.endsWith("OrganizationalBranding"))!;
        assert.equal(typeof recorded.outputs.__provider, "string", "the recorded outputs carry the provider");

        const destroy = await runner().destroy();
        assert.deepEqual(destroy.errors, []);
        const strip = (x: unknown) => JSON.parse(JSON.stringify(x, (k, v) => (k === "relativeUrl" ? undefined : v)));
        assert.deepEqual(strip(await fx.emu.admin.branding(IDS.tenantId)), strip(before));
    });
});
