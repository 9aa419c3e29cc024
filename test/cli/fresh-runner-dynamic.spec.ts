/**
 * The stack's state is the only memory, for the dynamic resources (TypeScript), through the real CLI (issue 49): every
 * step of a scenario that spans runs starts from a new folder holding only the program (Pulumi.yaml and index.ts of
 * test/fixtures/programs/fresh), with the stack's state and config outside it (freshRunner.ts). Each scenario is one
 * the records under `.tenantkit/` got wrong before: the numbered defects of issue 49 name them.
 */
import { strict as assert } from "node:assert";
import { IDS, useEmulator } from "../support/emulator";
import { createDataset, pbiToken } from "../emulator/powerbi-helpers";
import { describeCli, TRANSPILE_ONLY } from "./pulumi";
import {
    brandingNow,
    datasetsNamed,
    failLaterDataset,
    FreshStack,
    SEED,
    type FreshDataset,
    type FreshLocalization,
    type FreshProgram,
} from "./freshRunner";

const BRANDING = "pulumi-nodejs:dynamic/tenantkit:OrganizationalBranding";
const LOCALIZATION = "pulumi-nodejs:dynamic/tenantkit:OrganizationalBrandingLocalization";
const DATASET = "pulumi-nodejs:dynamic/tenantkit:PushDataset";

const branding = { name: "branding", props: { signInPageText: "Welcome to Contoso", backgroundColor: "#102030" } };
const french: FreshLocalization = { name: "french", locale: "fr-FR", props: { signInPageText: "Bienvenue chez Contoso" } };
const sales: FreshDataset = { name: "sales", datasetName: "FreshSales" };
const later: FreshDataset = { name: "later", datasetName: "FreshLater", workspaceId: IDS.salesWorkspaceId };
const urn = (stack: string, type: string, name: string) => `urn:pulumi:${stack}::tkfresh::${type}::${name}`;

describeCli("a fresh runner for every step: the dynamic resources (TypeScript)", (binDir) => {
    const fx = useEmulator();
    let stack: FreshStack | undefined;
    afterEach(async () => {
        await stack?.dispose();
        stack = undefined;
    });
    const fresh = async (name: string) => (stack = await FreshStack.create(binDir, fx, "typescript", name, {}, TRANSPILE_ONLY));

    it("defect 1: `up --replace` of a dataset and a localization that failed on a later resource, resumed: nothing is deleted", async () => {
        const s = await fresh("d1");
        const program: FreshProgram = { localizations: [french], datasets: [sales] };
        const afterThem: FreshDataset = { ...later, options: { dependsOn: ["sales", "french"] } };
        await (await s.step(program)).up();
        const [made] = await datasetsNamed(fx, "FreshSales");

        await failLaterDataset(fx);
        const replacing = await s.step({ ...program, datasets: [sales, afterThem] });
        const replaced = await replacing.run(
            replacing.upArgs(["--replace", urn("d1", DATASET, "sales"), "--replace", urn("d1", LOCALIZATION, "french")]),
        );

        await fx.emu.admin.clearFaults();
        const resumed = await s.step({ ...program, datasets: [sales, afterThem] });
        await resumed.up();
        assert.deepEqual(await datasetsNamed(fx, "FreshSales"), [made], "the dataset was deleted or replaced");
        assert.equal((await brandingNow(fx)).locales["fr-FR"], "Bienvenue chez Contoso", "the localization was deleted");
        assert.notEqual(replaced.code, 0);
        assert.match(replaced.output, /set the resource option deleteBeforeReplace/, "the dataset's create-first replacement was not refused");
        await resumed.expectNoChanges();
    });

    it("defect 2 and 8: `up --replace` of the branding and a secret localization deletes first; destroy from another folder gives the tenant its own back", async () => {
        const s = await fresh("d2");
        const program: FreshProgram = { branding, localizations: [{ ...french, props: {}, secretText: "Accès réservé" }] };
        await (await s.step(program)).up();
        await (await s.step(program)).up(["--replace", urn("d2", BRANDING, "branding"), "--replace", urn("d2", LOCALIZATION, "french")]);
        assert.deepEqual(await brandingNow(fx), { text: "Welcome to Contoso", color: "#102030", locales: { "fr-FR": "Accès réservé" } });
        assert.doesNotMatch((await s.exportState()).text, /Accès réservé/, "the secret text is in the state in plain text");

        await (await s.step(program)).destroy();
        assert.deepEqual(await brandingNow(fx), SEED);
    });

    it("defect 5: a dataset named like the program's, made outside it, is refused with the adopt that takes it over; adopted, destroy deletes it", async () => {
        const s = await fresh("d5");
        const outside = await createDataset(fx.emu, await pbiToken(fx.emu), undefined, {
            name: "FreshSales",
            tables: [{ name: "Product", columns: [{ name: "ProductID", dataType: "Int64" }] }],
        });
        const creating = await s.step({ datasets: [sales] });
        const refused = await creating.run(creating.upArgs());
        await (await s.step({ datasets: [sales] })).destroy();
        assert.deepEqual(
            (await datasetsNamed(fx, "FreshSales")).map((d) => d.id),
            [outside],
            "destroy deleted a dataset the program never took over",
        );
        assert.notEqual(refused.code, 0, "the create took over the dataset it found");
        assert.match(refused.output, new RegExp(`set \`adopt: "${outside}"\``));

        await (await s.step({ datasets: [{ ...sales, adopt: outside }] })).up();
        await (await s.step({ datasets: [{ ...sales, adopt: outside }] })).destroy();
        assert.deepEqual(await datasetsNamed(fx, "FreshSales"), []);
    });

    it("a rename without an alias, resumed after a later resource failed, deletes nothing", async () => {
        const s = await fresh("rename");
        await (await s.step({ branding, datasets: [sales] })).up();
        const [made] = await datasetsNamed(fx, "FreshSales");
        const renamed: FreshProgram = {
            branding: { ...branding, name: "branding2" },
            datasets: [
                { ...sales, name: "sales2" },
                { ...later, options: { dependsOn: ["branding2", "sales2"] } },
            ],
        };
        await failLaterDataset(fx);
        const first = await s.step(renamed);
        const interrupted = await first.run(first.upArgs());
        await fx.emu.admin.clearFaults();
        const again = await s.step(renamed);
        const resumed = await again.run(again.upArgs());
        assert.deepEqual(await datasetsNamed(fx, "FreshSales"), [made], "the dataset was deleted");
        assert.equal((await brandingNow(fx)).text, "Welcome to Contoso", "the program's branding was given back");
        // A create never takes over what the renamed resources hold: both runs refuse, naming the alias.
        for (const r of [interrupted, resumed]) {
            assert.notEqual(r.code, 0);
            assert.match(r.output, /alias/);
        }
    });
});
