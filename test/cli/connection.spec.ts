/**
 * Two tenants in one stack under the real engine: the stack's config signs in to contoso, an explicit `connection`
 * to fabrikam. Each resource writes to its own tenant, the connection's secret never reaches state in clear text,
 * and refresh and destroy reach the second tenant with the connection saved in state.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { useEmulator, IDS, type EmulatorFixture } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, ROOT, secret, useStackUpOnce } from "./pulumi";

const PROGRAM = path.join(ROOT, "test", "fixtures", "programs", "connection");

describeCli("a second tenant through an explicit connection", (binDir) => {
    const fx = useEmulator();
    let stack: CliStack | undefined;
    afterEach(async () => {
        await stack?.dispose();
        stack = undefined;
    });

    /** The program's stack: both tenants on the emulator at `url`. */
    const twoTenants = (url: string, extra: Record<string, string> = {}) =>
        CliStack.create(binDir, {
            projectDir: PROGRAM,
            stack: "two-tenants",
            config: {
                ...emulatorStackConfig(url),
                "connectionprog:secondEmulator": url,
                "connectionprog:secondTenant": IDS.fabrikamDomain,
                "connectionprog:secondClientId": IDS.fabrikamClientId,
                "connectionprog:secondSecret": secret(IDS.fabrikamClientSecret),
                "tenantkit:devopsPat": secret(IDS.devopsPat),
                ...extra,
            },
        });
    const create = async (extra: Record<string, string> = {}) => (stack = await twoTenants(fx.emu.url, extra));
    const signInText = async (f: EmulatorFixture, tenant: string) => (await f.emu.admin.branding(tenant))?.localizations["fr-FR"]?.signInPageText;

    // These read what one up made: a preview and an export change nothing.
    describe("after one up", () => {
        const shared = useStackUpOnce((f) => twoTenants(f.emu.url));

        it("up writes each localization to its own tenant; preview then shows no changes", async () => {
            assert.equal(await signInText(shared.fx, IDS.tenantId), "Premier locataire");
            assert.equal(await signInText(shared.fx, IDS.fabrikamTenantId), "Second locataire");
            assert.equal((await shared.stack.outputs()).secondOrganization, IDS.fabrikamTenantId);
            await shared.stack.expectNoChanges();
        });

        it("the connection is a secret in state: stack export holds no client secret in clear text", async () => {
            const { text, deployment } = await shared.stack.exportState();
            assert.ok(!text.includes(IDS.fabrikamClientSecret), "the second tenant's secret is in state in clear text");
            const second = deployment.resources?.find((r) => r.urn.endsWith("::second-fr"));
            const stored = JSON.stringify(second?.outputs?.connection ?? null);
            assert.match(stored, /4dabf18193072939515e22adb298388d/, `connection output is not a secret: ${stored}`);
        });
    });

    it("getGitPushOutput with dependsOn reads nothing in the first preview and reads after the resource in up", async () => {
        const s = await create();
        await fx.emu.admin.clearRequests();
        await s.preview();
        assert.deepEqual(
            (await fx.emu.admin.requests({ service: "devops" })).length,
            0,
            "the first preview read the push before its dependency exists",
        );
        await s.up();
        assert.equal(typeof (await s.outputs()).pushedBy, "string");
        const log = await fx.emu.admin.requests();
        const lastBranding = Math.max(
            ...log.filter((q) => q.service === "graph" && q.path.includes(`${IDS.fabrikamTenantId}/branding`)).map((q) => q.seq),
        );
        const read = log.find((q) => q.service === "devops" && q.path.endsWith("/pushes/23"));
        assert.ok(read && read.seq > lastBranding, "the push was read before the localization it depends on was done");
    });

    it("refresh and destroy reach the second tenant with the connection saved in state", async () => {
        const s = await create();
        await s.up();
        await fx.emu.admin.updateBranding(IDS.fabrikamTenantId, "fr-FR", { signInPageText: "changed in the portal" });
        const refresh = await s.refresh();
        assert.match(refresh.output, /second-fr/);
        await s.destroy();
        assert.equal(await signInText(fx, IDS.fabrikamTenantId), undefined, "destroy left the second tenant's localization");
        assert.equal(await signInText(fx, IDS.tenantId), undefined, "destroy left the first tenant's localization");
    });

    it("a connection with an invalid value fails the preview, naming connection and the key", async () => {
        const s = await create({ "connectionprog:secondTenant": "not a tenant!" });
        const r = await s.run(["preview", "--config-file", s.configFile]);
        assert.notEqual(r.code, 0);
        assert.match(r.output, /connection\.tenantId: "not a tenant!" is neither a tenant id/);
    });
});
