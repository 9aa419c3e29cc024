/**
 * examples/branding is a runnable program: preview, up, a no-op preview and destroy against the emulator,
 * leaving the tenant's branding as it was (content byte for byte; re-uploaded images get new CDN URLs).
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { LifecycleRunner } from "../../harness/lifecycle";
import { secret } from "../../harness/wire";
import { IDS, useEmulator } from "../support/emulator";

describe("examples/branding", function () {
    this.timeout(120_000);
    const fx = useEmulator();

    it("runs: preview, up, a second preview with no changes, destroy restoring the tenant", async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-example-"));
        const runner = new LifecycleRunner({
            programPath: path.resolve(__dirname, "..", "..", "examples", "branding", "index.ts"),
            statePath: path.join(dir, "state.json"),
            project: "tenantkit-branding",
            config: {
                "tenantkit:emulator": fx.emu.url,
                "tenantkit:tenantId": IDS.domain,
                "tenantkit:clientId": IDS.quickstartClientId,
                "tenantkit:clientSecret": secret(IDS.quickstartClientSecret),
            },
        });
        const content = async () => JSON.stringify(await fx.emu.admin.branding(IDS.tenantId), (k, v) => (k === "relativeUrl" ? undefined : v));
        const before = await content();
        try {
            assert.deepEqual((await runner.preview()).errors, []);
            const up = await runner.up();
            assert.deepEqual(up.errors, []);
            const live = (await fx.emu.admin.branding(IDS.tenantId))!;
            assert.equal(live.default.signInPageText, "Authorized use only. Activity is monitored.");
            assert.equal(live.default.customCSS?.contentType, "text/css");
            assert.equal(live.localizations["fr-FR"]?.signInPageText, "Accès réservé. L'activité est surveillée.");
            assert.match(String(up.outputs.bannerLogoUrl), /^https:\/\/.+\/logintenantbranding\/0\/bannerlogo/);
            const again = await runner.preview();
            assert.deepEqual(
                again.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.name}`),
                [],
            );
            assert.deepEqual((await runner.destroy()).errors, []);
            assert.equal(await content(), before);
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
