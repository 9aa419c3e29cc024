/**
 * Config changed between `up` and `refresh`/`destroy`, under the real engine: without `--run-program` the engine
 * configures the provider from the config saved in state at the last `up` (the default provider's inputs), so the
 * old secret and the old endpoint are used. tenantkit's error then says what was refused and that `--run-program`
 * (or an `up` first) is needed; with `--run-program` both commands use the current config.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { startEmulator } from "../../emulator/server";
import { defaultSeed } from "../../emulator/seeds/default";
import { rotateQuickstartSecret, useEmulator, IDS, T0 } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, resourcesOfType, ROOT } from "./pulumi";

const DATASET_DIR = path.join(ROOT, "examples", "push-dataset");
const ROTATED = "rotated-secret-after-up";

describeCli("config changed between up and refresh/destroy", (binDir) => {
    const fx = useEmulator();

    async function datasetStack(stackName: string, emulatorUrl: string): Promise<CliStack> {
        const stack = await CliStack.create(binDir, {
            projectDir: DATASET_DIR,
            stack: stackName,
            config: emulatorStackConfig(emulatorUrl),
        });
        await stack.up();
        return stack;
    }

    it("a client secret rotated after up: refresh fails saying the secret was refused and to use --run-program, which then works", async () => {
        const stack = await datasetStack("rotated", fx.emu.url);
        try {
            const { deployment } = await stack.exportState();
            const provider = deployment.resources?.find((r) => r.type === "pulumi:providers:pulumi-nodejs");
            assert.ok(provider?.inputs?.["tenantkit:clientSecret"], "the engine saved the config in the default provider's state");

            await rotateQuickstartSecret(fx.emu, stack, ROTATED);

            const refresh = await stack.run(["refresh", "--yes", "--skip-preview", "--config-file", stack.configFile]);
            assert.notEqual(refresh.code, 0, "refresh signed in although the saved secret was rotated");
            assert.match(refresh.output, /401 invalid_client\/AADSTS7000215/);
            assert.match(refresh.output, /the client secret is wrong or expired/);
            assert.match(refresh.output, /sign in with the config saved at that up, so run them with `--run-program`/);
            assert.doesNotMatch(refresh.output, /Power BI scope/, "a refused secret was explained as a missing scope");
            assert.ok(!refresh.output.includes(ROTATED) && !refresh.output.includes(IDS.quickstartClientSecret));

            await stack.refresh(["--run-program"]);
            assert.equal(resourcesOfType((await stack.exportState()).deployment, "tenantkit:PushDataset").length, 1, "refresh lost the dataset");
            await stack.destroy(["--run-program"]);
            assert.deepEqual((await fx.emu.admin.powerBi(IDS.tenantId)).datasets, []);
        } finally {
            await stack.dispose();
        }
    });

    it("an endpoint moved after up: refresh goes to the saved endpoint and says so; with --run-program refresh and destroy use the new one", async () => {
        const old = await startEmulator({ now: () => T0 });
        await old.admin.seed(defaultSeed(T0));
        const stack = await datasetStack("moved", old.url);
        try {
            // The tenant moves to the fixture's emulator, and the old address stops answering.
            await fx.emu.admin.seed(await old.admin.state());
            await old.close();
            await stack.setConfig("tenantkit:emulator", fx.emu.url);

            const refresh = await stack.run(["refresh", "--yes", "--skip-preview", "--config-file", stack.configFile]);
            assert.notEqual(refresh.code, 0);
            assert.match(refresh.output, /ECONNREFUSED/);
            assert.match(refresh.output, /run them with `--run-program`/);

            await stack.refresh(["--run-program"]);
            assert.equal((await fx.emu.admin.powerBi(IDS.tenantId)).datasets.length, 1);
            await stack.destroy(["--run-program"]);
            assert.deepEqual((await fx.emu.admin.powerBi(IDS.tenantId)).datasets, []);
        } finally {
            await old.close().catch(() => undefined);
            await stack.dispose();
        }
    });
});
