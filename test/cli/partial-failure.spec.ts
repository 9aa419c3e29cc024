/**
 * A partial failure under the real engine: the branding's text PATCH succeeds and its image PUTs fail. The engine
 * records the resource with what was written and an init error; the next `up` sends only what is missing; destroy
 * still gives the tenant its branding back.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import { useEmulator, IDS } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, exampleCopy, resourcesOfType } from "./pulumi";

describeCli("a partial failure under the real engine", (binDir) => {
    const fx = useEmulator();
    const brandingNow = async () =>
        JSON.stringify(await fx.emu.admin.branding(IDS.tenantId), (k, v: unknown) => (k === "relativeUrl" ? undefined : v));
    const graphWrites = async () =>
        (await fx.emu.admin.requests({ service: "graph" }))
            .filter((r) => r.method !== "GET")
            .map((r) => `${r.method} ${r.path.split("/branding")[1] ?? r.path}`);

    it("image PUTs refused after the text PATCH: up fails but records the branding, the next up PUTs only the images, destroy restores", async () => {
        const before = await brandingNow();
        const program = exampleCopy("branding");
        const stack = await CliStack.create(binDir, {
            projectDir: program,
            stack: "partial",
            config: emulatorStackConfig(fx.emu.url),
        });
        try {
            await fx.emu.admin.setFaults({ match: { service: "graph", method: "PUT" }, kind: "status", status: 400, times: 0 });
            const failed = await stack.run(stack.upArgs());
            assert.notEqual(failed.code, 0, "up succeeded although the images were refused");
            assert.match(failed.output, /The object exists and its state is recorded; run up again to finish/);
            const [recorded] = resourcesOfType((await stack.exportState()).deployment, "tenantkit:OrganizationalBranding");
            assert.ok(recorded, "the engine did not record the half-written branding");
            assert.ok((recorded.initErrors ?? []).length > 0, "the record carries no init error");
            assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.default.signInPageText, "Authorized use only. Activity is monitored.");

            await fx.emu.admin.clearFaults();
            await fx.emu.admin.clearRequests();
            await stack.up();
            // The default branding's writes (the French localization, never reached by the failed up, is created now).
            const writes = (await graphWrites()).filter((w) => !/localizations\/(?!0\/)|POST /.test(w));
            assert.deepEqual(
                writes,
                ["PUT /localizations/0/bannerLogo", "PUT /localizations/0/squareLogo", "PUT /localizations/0/customCSS"],
                "the finishing up sent more than the images",
            );
            await stack.expectNoChanges();

            await stack.destroy();
            assert.equal(await brandingNow(), before, "destroy did not restore the tenant's branding");
        } finally {
            await stack.dispose();
            fs.rmSync(program, { recursive: true, force: true });
        }
    });
});
