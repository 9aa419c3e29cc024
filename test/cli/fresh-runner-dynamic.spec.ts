/**
 * The stack's state is the only memory, for the dynamic resources (TypeScript), through the real CLI (issue 49): every
 * step of a scenario that spans runs starts from a new folder holding only the program (Pulumi.yaml and index.ts of
 * test/fixtures/programs/fresh), with the stack's state and config outside it (freshRunner.ts). Each scenario is one
 * the records under `.tenantkit/` got wrong before: the numbered defects of issue 49 name them.
 */
import { strict as assert } from "node:assert";
import { useEmulator } from "../support/emulator";
import { createDataset, pbiToken } from "../emulator/powerbi-helpers";
import { describeCli, TRANSPILE_ONLY } from "./pulumi";
import {
    BRANDING as branding,
    brandingNow,
    datasetsNamed,
    FRENCH as french,
    FreshStack,
    renameResumed,
    replaceResumed,
    SALES as sales,
    SEED,
    typesOf,
    urnOf,
    type FreshProgram,
} from "./freshRunner";

const { branding: BRANDING, localization: LOCALIZATION } = typesOf("typescript");

describeCli("a fresh runner for every step: the dynamic resources (TypeScript)", (binDir) => {
    const fx = useEmulator();
    let stack: FreshStack | undefined;
    afterEach(async () => {
        await stack?.dispose();
        stack = undefined;
    });
    const fresh = async (name: string) => (stack = await FreshStack.create(binDir, fx, "typescript", name, {}, TRANSPILE_ONLY));

    it("defect 1: `up --replace` of a dataset and a localization that failed on a later resource, resumed: nothing is deleted", async () => {
        const resumed = await replaceResumed(await fresh("d1"), fx, "typescript");
        await resumed.expectNoChanges();
    });

    it("defect 2 and 8: `up --replace` of the branding and a secret localization deletes first; destroy from another folder gives the tenant its own back", async () => {
        const s = await fresh("d2");
        const program: FreshProgram = { branding, localizations: [{ ...french, props: {}, secretText: "Accès réservé" }] };
        await (await s.step(program)).up();
        await (await s.step(program)).up(["--replace", urnOf("d2", BRANDING, "branding"), "--replace", urnOf("d2", LOCALIZATION, "french")]);
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
        await renameResumed(await fresh("rename"), fx);
    });
});
