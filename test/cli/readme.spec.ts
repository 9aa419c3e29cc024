/**
 * The documentation's program snippets (test/readme/<name>/, each shown verbatim on its page: test/readme/readme.spec.ts)
 * run through the real CLI against the emulator's default seed with the settings emulator/README.md gives, so a copied
 * snippet finds what it names: up, the outputs or the tenant's state, destroy. README's first program runs in
 * readme-first-program.spec.ts, with nothing but the CLI and the release asset.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { useEmulator, IDS } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, ROOT, secret } from "./pulumi";

describeCli("the documentation's program snippets against the emulator's seed", (binDir) => {
    const fx = useEmulator();
    let stack: CliStack | undefined;
    afterEach(async () => {
        await stack?.dispose();
        stack = undefined;
    });

    /** Contoso's branding as the emulator holds it, without the image URLs a write moves. */
    const contosoBranding = async () =>
        JSON.stringify(await fx.emu.admin.branding(IDS.tenantId), (k, v: unknown) => (k === "relativeUrl" ? undefined : v));

    /** A stack of one program with the settings of emulator/README.md, "Run your own program against the emulator". */
    const create = async (name: string, extra: Record<string, ReturnType<typeof secret> | string> = {}) => {
        stack = await CliStack.create(binDir, {
            projectDir: path.join(ROOT, "test", "readme", name),
            stack: `readme-${name}`,
            config: { ...emulatorStackConfig(fx.emu.url), "tenantkit:devopsPat": secret(IDS.devopsPat), ...extra },
        });
        return stack;
    };

    it("Lookups: alice's pass is usable, the guest's is not yet", async () => {
        const s = await create("tap");
        await s.up();
        assert.deepEqual(await s.outputs(), { usable: true, guestReason: "NotYetValid" });
    });

    it("a second tenant: the connection writes fabrikam's French localization, destroy removes it", async () => {
        const s = await create("connection", { "readme-connection:fabrikamSecret": secret(IDS.fabrikamClientSecret) });
        await s.up();
        assert.equal((await fx.emu.admin.branding(IDS.fabrikamTenantId))?.localizations["fr-FR"]?.signInPageText, "Bienvenue");
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.localizations["fr-FR"], undefined, "contoso was written");
        await s.destroy();
        assert.equal((await fx.emu.admin.branding(IDS.fabrikamTenantId))?.localizations["fr-FR"], undefined);
    });

    it("Organizational branding: up applies the texts, the banner and fr-FR; destroy restores contoso's branding", async () => {
        const before = await contosoBranding();
        const s = await create("branding");
        await s.up();
        const applied = await fx.emu.admin.branding(IDS.tenantId);
        assert.equal(applied?.default.signInPageText, "Authorized use only");
        assert.equal(applied?.default.loginPageTextVisibilitySettings?.hideForgotMyPassword, true);
        assert.equal(applied?.localizations["fr-FR"]?.signInPageText, "Accès réservé");
        await s.destroy();
        assert.equal(await contosoBranding(), before);
    });

    it("Power BI push datasets: the dataset is made in the workspace Sales", async () => {
        const s = await create("push-dataset");
        await s.up();
        const [made] = (await fx.emu.admin.powerBi(IDS.tenantId)).datasets;
        assert.equal(made?.name, "SalesMarketing");
        assert.equal(made?.workspaceId, IDS.salesWorkspaceId);
        assert.equal((await s.outputs()).datasetId, made?.id);
        await s.destroy();
        assert.deepEqual((await fx.emu.admin.powerBi(IDS.tenantId)).datasets, []);
    });

    it("Azure DevOps git pushes: push 2 of web in Web Portal by function, push 3 by resource without the project", async () => {
        const s = await create("git-push");
        await s.up();
        assert.deepEqual(await s.outputs(), { branches: ["refs/heads/feature/landing"], fixedBy: IDS.aliceUpn });
    });
});
