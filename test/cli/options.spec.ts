/**
 * Pulumi resource options on a tenantkit resource under the real engine (a push dataset whose options and column
 * type come from config). docs/dynamic-resources.md ("Resource options") says the same in words; this is the measurement.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { useEmulator, IDS } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, resourcesOfType, ROOT } from "./pulumi";

describeCli("resource options under the real engine", (binDir) => {
    const fx = useEmulator();
    const datasets = async () => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets;
    const optionsStack = (stack: string, options: object) =>
        CliStack.create(binDir, {
            projectDir: path.join(ROOT, "test", "fixtures", "programs", "options"),
            stack,
            config: { ...emulatorStackConfig(fx.emu.url), "optionsprog:options": JSON.stringify(options) },
        });

    it("ignoreChanges: a changed column type neither previews nor sends an update", async () => {
        const stack = await optionsStack("ignore", { ignoreChanges: ["tables"] });
        try {
            await stack.up();
            await stack.setConfig("optionsprog:idType", "String");
            await stack.expectNoChanges();
            await fx.emu.admin.clearRequests();
            await stack.up();
            assert.deepEqual(
                (await fx.emu.admin.requests({ service: "powerbi" })).filter((r) => r.method === "PUT"),
                [],
            );
        } finally {
            await stack.dispose();
        }
    });

    it("replaceOnChanges has no effect (a dynamic provider reports no changed keys); `up --replace <urn>` without deleteBeforeReplace is refused, and the dataset stays", async () => {
        const stack = await optionsStack("replace-on", { replaceOnChanges: ["tables"] });
        try {
            await stack.up();
            const first = (await datasets())[0]!.id;
            await stack.setConfig("optionsprog:idType", "String");
            const preview = await stack.preview(["--diff"]);
            assert.match(
                preview.stdout,
                /~ 1 to update/,
                "the engine now applies replaceOnChanges: docs/dynamic-resources.md and this test need updating",
            );
            await stack.up();
            assert.deepEqual(
                (await datasets()).map((d) => d.id),
                [first],
                "updated in place",
            );

            const [urn] = resourcesOfType((await stack.exportState()).deployment, "tenantkit:PushDataset").map((r) => r.urn);
            // Create-first: the replacement would find the dataset of its name, which a create never takes over.
            const refused = await stack.run(stack.upArgs(["--replace", urn!]));
            assert.notEqual(refused.code, 0, "the forced replacement went ahead create-first");
            assert.match(refused.output, /set the resource option deleteBeforeReplace/);
            assert.deepEqual(
                (await datasets()).map((d) => d.id),
                [first],
                "the forced replacement lost the dataset",
            );
            assert.deepEqual(
                resourcesOfType((await stack.exportState()).deployment, "tenantkit:PushDataset").map((r) => r.id),
                [first],
            );
            await stack.expectNoChanges();
            await stack.destroy();
            assert.deepEqual(await datasets(), []);
        } finally {
            await stack.dispose();
        }
    });

    it("deleteBeforeReplace with `up --replace <urn>`: a new, empty dataset of the name replaces the old one", async () => {
        const stack = await optionsStack("dbr", { deleteBeforeReplace: true });
        try {
            await stack.up();
            const first = (await datasets())[0]!.id;
            const [urn] = resourcesOfType((await stack.exportState()).deployment, "tenantkit:PushDataset").map((r) => r.urn);
            await stack.up(["--replace", urn!]);
            const now = await datasets();
            assert.equal(now.length, 1);
            assert.notEqual(now[0]!.id, first, "not replaced");
            await stack.destroy();
            assert.deepEqual(await datasets(), []);
        } finally {
            await stack.dispose();
        }
    });

    it("protect: a replacement and a destroy are refused by the engine, and nothing is sent", async () => {
        const stack = await optionsStack("protect", { protect: true });
        try {
            await stack.up();
            await stack.setConfig("optionsprog:name", "RenamedSales");
            await fx.emu.admin.clearRequests();
            const replace = await stack.run(stack.upArgs());
            assert.notEqual(replace.code, 0);
            assert.match(replace.output, /as it is currently marked for protection/);
            const destroy = await stack.run(["destroy", "--yes", "--skip-preview", "--config-file", stack.configFile]);
            assert.notEqual(destroy.code, 0);
            assert.match(destroy.output, /cannot be deleted\s+because it is protected/);
            assert.deepEqual(
                (await fx.emu.admin.requests({ service: "powerbi" })).filter((r) => r.method !== "GET"),
                [],
            );
            assert.equal((await datasets()).length, 1);
        } finally {
            await stack.dispose();
        }
    });

    it("retainOnDelete: destroy forgets the dataset and leaves it in the workspace", async () => {
        const stack = await optionsStack("retain", { retainOnDelete: true });
        try {
            await stack.up();
            const [kept] = await datasets();
            await stack.destroy();
            assert.deepEqual(
                (await datasets()).map((d) => d.id),
                [kept!.id],
            );
            assert.deepEqual(resourcesOfType((await stack.exportState()).deployment, "tenantkit:PushDataset"), []);
        } finally {
            await stack.dispose();
        }
    });

    it("a rename replaces create-first (deleteBeforeReplace not needed), so two datasets exist only during the up", async () => {
        const stack = await optionsStack("rename", {});
        try {
            await stack.up();
            const [old] = await datasets();
            await stack.setConfig("optionsprog:name", "RenamedSales");
            await fx.emu.admin.clearRequests();
            await stack.up();
            const writes = (await fx.emu.admin.requests({ service: "powerbi" }))
                .filter((r) => r.method !== "GET")
                .map((r) => `${r.method} ${r.path}`);
            assert.deepEqual(writes, ["POST /powerbi/v1.0/myorg/datasets", `DELETE /powerbi/v1.0/myorg/datasets/${old!.id}`]);
            assert.deepEqual(
                (await datasets()).map((d) => d.name),
                ["RenamedSales"],
            );
        } finally {
            await stack.dispose();
        }
    });
});
