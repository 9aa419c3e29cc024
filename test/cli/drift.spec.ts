/**
 * Drift under the real engine: a change made outside the program (the emulator's admin API, as a portal would)
 * shows in `pulumi refresh` and the following preview, and the next `pulumi up` repairs it.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import { useEmulator, IDS, type EmulatorFixture } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, exampleCopy } from "./pulumi";

/** A stack of a copy of `examples/<example>` (the test removes the copy: it is the stack's `projectDir`). */
function exampleStack(fx: EmulatorFixture, example: string, stack: string) {
    return {
        projectDir: exampleCopy(example),
        stack,
        config: emulatorStackConfig(fx.emu.url),
    };
}

describeCli("drift through the real engine", (binDir) => {
    const fx = useEmulator();

    it("a sign-in text changed in the portal fails a refresh expecting no changes, shows in refresh and preview, and up puts the program's text back", async () => {
        const stack = await CliStack.create(binDir, exampleStack(fx, "branding", "drift-branding"));
        try {
            await stack.up();
            await fx.emu.admin.updateBranding(IDS.tenantId, "0", { signInPageText: "Changed in the portal" });

            // With --expect-no-changes, as the other suites refresh an unchanged tenant: the drift fails it, and it is
            // recorded all the same.
            const refresh = await stack.run(["refresh", "--yes", "--skip-preview", "--expect-no-changes", "--config-file", stack.configFile]);
            assert.notEqual(refresh.code, 0, `a refresh expecting no changes passed over the drift:\n${refresh.output}`);
            assert.match(refresh.output, /no changes were expected/);
            assert.match(refresh.stdout, /~ 1 updated/, "refresh did not report the drift");
            const preview = await stack.preview(["--diff"]);
            assert.match(preview.stdout, /signInPageText/);
            assert.match(preview.stdout, /~ 1 to update/);

            await stack.up();
            assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.default.signInPageText, "Authorized use only. Activity is monitored.");
            await stack.expectNoChanges();
        } finally {
            await stack.dispose();
            fs.rmSync(stack.opts.projectDir, { recursive: true, force: true });
        }
    });

    it("a dataset deleted out of band leaves the state on refresh, and up creates it again", async () => {
        const stack = await CliStack.create(binDir, exampleStack(fx, "push-dataset", "drift-dataset"));
        try {
            await stack.up();
            const [ds] = (await fx.emu.admin.powerBi(IDS.tenantId)).datasets;
            assert.ok(ds);
            await fx.emu.admin.deletePowerBiDataset(IDS.tenantId, ds.id);

            const refresh = await stack.refresh();
            assert.match(refresh.stdout, /- 1 deleted/, "refresh kept a dataset that is gone");
            assert.match((await stack.preview()).stdout, /\+ 1 to create/);

            await stack.up();
            const after = (await fx.emu.admin.powerBi(IDS.tenantId)).datasets;
            assert.equal(after.length, 1);
            assert.notEqual(after[0]?.id, ds.id);
            assert.equal((await stack.outputs()).datasetId, after[0]?.id);
        } finally {
            await stack.dispose();
            fs.rmSync(stack.opts.projectDir, { recursive: true, force: true });
        }
    });
});
