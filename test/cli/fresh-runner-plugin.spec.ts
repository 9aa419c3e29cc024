/**
 * The stack's state is the only memory, for the provider plugin (Pulumi YAML), through the real CLI (issue 49): every
 * step of a scenario that spans runs starts from a new folder holding only Pulumi.yaml, with the stack's state and
 * config outside it (freshRunner.ts). Each scenario is one the records under `.tenantkit/` got wrong before: the
 * numbered defects of issue 49 name them.
 */
import { strict as assert } from "node:assert";
import { IDS, useEmulator } from "../support/emulator";
import { createDataset, pbiToken } from "../emulator/powerbi-helpers";
import { descendants, killAll, until } from "./processes";
import { describeCli } from "./pulumi";
import {
    BRANDING as branding,
    brandingNow,
    datasetsNamed,
    failingUp,
    failLaterDataset,
    FRENCH as french,
    FreshStack,
    LATER as later,
    renameResumed,
    replaceResumed,
    SALES as sales,
    SEED,
    typesOf,
    urnOf,
    type FreshProgram,
} from "./freshRunner";

const { branding: BRANDING, localization: LOCALIZATION, dataset: DATASET } = typesOf("yaml");

describeCli("a fresh runner for every step: the provider plugin (YAML)", (binDir) => {
    const fx = useEmulator();
    let stack: FreshStack | undefined;
    afterEach(async () => {
        await stack?.dispose();
        stack = undefined;
    });
    const fresh = async (name: string) => (stack = await FreshStack.create(binDir, fx, "yaml", name));
    const powerBiWrites = async () => (await fx.emu.admin.requests({ service: "powerbi" })).filter((r) => r.method !== "GET");

    it("defect 1: `up --replace` of a dataset and a localization that failed on a later resource, resumed: nothing is deleted", async () => {
        const resumed = await replaceResumed(await fresh("d1"), fx, "yaml");
        await resumed.expectNoChanges();
    });

    it("defect 2 and 8: `up --replace` of the branding and a secret localization is refused; destroy from another folder gives the tenant its own back", async () => {
        const s = await fresh("d2");
        const program: FreshProgram = { branding, localizations: [{ ...french, props: {}, secretText: "Accès réservé" }] };
        await (await s.step(program)).up();
        const replacing = await s.step(program);
        const refused = await replacing.run(
            replacing.upArgs(["--replace", urnOf("d2", BRANDING, "branding"), "--replace", urnOf("d2", LOCALIZATION, "french")]),
        );
        const state = (await s.exportState()).text;

        await (await s.step(program)).destroy();
        assert.deepEqual(await brandingNow(fx), SEED, "destroy did not give the tenant its own branding back");
        assert.doesNotMatch(state, /Accès réservé/, "the secret text is in the state in plain text");
        assert.notEqual(refused.code, 0, "the create-first replacement went ahead");
        assert.match(refused.output, /deleteBeforeReplace: true/);
        assert.doesNotMatch(refused.output, /Accès réservé/, "the secret text is in the output");
    });

    it("defect 3: a delete-first `up --replace` from a second folder, then destroy from the first one, gives the tenant its own values back", async () => {
        const s = await fresh("d3");
        const program: FreshProgram = {
            branding: { ...branding, options: { deleteBeforeReplace: true } },
            localizations: [{ ...french, options: { deleteBeforeReplace: true } }],
            datasets: [{ ...sales, options: { deleteBeforeReplace: true } }],
        };
        const first = await s.step(program);
        await first.up();
        const [old] = await datasetsNamed(fx, "FreshSales");

        await (
            await s.step(program)
        ).up([
            "--replace",
            urnOf("d3", BRANDING, "branding"),
            "--replace",
            urnOf("d3", LOCALIZATION, "french"),
            "--replace",
            urnOf("d3", DATASET, "sales"),
        ]);
        const [replacement] = await datasetsNamed(fx, "FreshSales");
        assert.notEqual(replacement!.id, old!.id, "the dataset was not replaced by a new one");
        assert.equal((await brandingNow(fx)).text, "Welcome to Contoso");

        await first.destroy();
        assert.deepEqual(await brandingNow(fx), SEED, "destroy restored nothing (it took itself to be overtaken)");
        assert.deepEqual(await datasetsNamed(fx, "FreshSales"), []);
    });

    it("defect 4: a create-first replacement with new text, interrupted and resumed: the tenant and the state never disagree silently", async () => {
        const s = await fresh("d4");
        await (await s.step({ branding })).up();
        const changed: FreshProgram = {
            branding: { ...branding, props: { ...branding.props, signInPageText: "Authorized use only" } },
            datasets: [later],
        };

        await failLaterDataset(fx);
        await failingUp(await s.step(changed), ["--replace", urnOf("d4", BRANDING, "branding")]);
        await fx.emu.admin.clearFaults();

        const resumed = await s.step(changed);
        await resumed.up();
        // The replaced resource's pending delete gave the tenant its text back: a preview must not pass quietly then.
        if ((await brandingNow(fx)).text !== "Authorized use only") {
            const quiet = await resumed.run(["preview", "--expect-no-changes", "--config-file", resumed.configFile]);
            assert.notEqual(quiet.code, 0, "a no-change preview passed while the tenant shows another text than the state");
            assert.match(quiet.output, /the tenant shows other values than tenantkit last wrote for .*signInPageText/);
            await resumed.up();
        }
        assert.equal((await brandingNow(fx)).text, "Authorized use only");
        await resumed.expectNoChanges();
        await (await s.step(changed)).destroy();
        assert.deepEqual(await brandingNow(fx), SEED);
    });

    it("defect 5: a dataset named like the program's, made outside it, is refused with the import that takes it over, and destroy leaves it", async () => {
        const s = await fresh("d5");
        const outside = {
            id: await createDataset(fx.emu, await pbiToken(fx.emu), undefined, {
                name: "FreshSales",
                tables: [{ name: "Product", columns: [{ name: "ProductID", dataType: "Int64" }] }],
            }),
        };
        await fx.emu.admin.clearRequests();
        const creating = await s.step({ datasets: [sales] });
        const refused = await creating.run(creating.upArgs());
        await (await s.step({ datasets: [sales] })).destroy();
        assert.deepEqual(
            (await datasetsNamed(fx, "FreshSales")).map((d) => d.id),
            [outside.id],
            "destroy deleted a dataset the program never took over",
        );
        assert.notEqual(refused.code, 0, "the create took over the dataset it found");
        assert.match(refused.output, new RegExp(`a dataset named "FreshSales" already exists in My workspace \\(id ${outside.id}\\)`));
        assert.match(refused.output, new RegExp(`pulumi import tenantkit:powerbi:PushDataset sales ${outside.id}`));
    });

    it("a rename without an alias, resumed after a later resource failed, deletes nothing; with the alias it is no change", async () => {
        const s = await fresh("rename");
        await renameResumed(s, fx);
        await fx.emu.admin.clearRequests();
        const aliased: FreshProgram = {
            branding: { ...branding, name: "branding2", options: { aliases: ["branding"] } },
            datasets: [{ ...sales, name: "sales2", options: { aliases: ["sales"] } }],
        };
        const withAlias = await s.step(aliased);
        await withAlias.up();
        assert.deepEqual(await powerBiWrites(), []);
        await withAlias.expectNoChanges();
    });

    it("defect 7: the tenant moved from AZURE_TENANT_ID to tenantkit:tenantId (its domain), from another folder: nothing is replaced", async () => {
        const s = await fresh("tenant-moved");
        const env = { AZURE_TENANT_ID: IDS.tenantId };
        const first = await s.step({ datasets: [sales] });
        await s.removeConfig("tenantkit:tenantId");
        await first.ok(first.upArgs(), { env });
        const [made] = await datasetsNamed(fx, "FreshSales");
        await s.setConfig("tenantkit:tenantId", IDS.domain);
        await fx.emu.admin.clearRequests();
        const moved = await s.step({ datasets: [sales] });
        const up = await moved.up();
        assert.doesNotMatch(up.output, /replaced/, "the resources were replaced");
        assert.deepEqual(await powerBiWrites(), [], "the dataset was replaced");
        assert.deepEqual(await datasetsNamed(fx, "FreshSales"), [made]);
    });

    it("a crash mid-create of the branding, resumed from another folder: the next up does not take its values for the tenant's, and says what to do", async () => {
        const s = await fresh("crash-create");
        const program: FreshProgram = { branding };
        await fx.emu.admin.setFaults({
            match: { service: "graph", method: "PATCH", path: `organization/${IDS.tenantId}/branding$` },
            kind: "hold",
            delayMs: 30_000,
        });
        const crashing = await s.step(program);
        const running = crashing.start(crashing.upArgs());
        await until(async () => (await brandingNow(fx)).text === "Welcome to Contoso", "the held PATCH to be carried out");
        const children = descendants(running.pid!, /./);
        process.kill(running.pid!, "SIGKILL");
        await running.done;
        killAll(children);
        await fx.emu.admin.clearFaults();

        const next = await s.step(program);
        await next.ok(["cancel", "--yes"]);
        const refused = await failingUp(next);
        assert.match(refused.output, /the default branding already shows every value this resource sets/);
        assert.match(refused.output, /what the tenant showed before is not known/);
    });
});
