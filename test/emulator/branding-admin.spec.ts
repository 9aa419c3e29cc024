import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../../emulator/server";
import { DEFAULT_BANNER_LOGO_PNG, DEFAULT_SEED_BRANDING, defaultSeed } from "../../emulator/seeds/default";
import { solidPng } from "../../emulator/seeds/png";
import { brandingPath, graphCall, localePath, tokens } from "./branding-helpers";
import { Clock, IDS, T0, useEmulator } from "../support/emulator";

describe("emulator admin API for branding", () => {
    const f = useEmulator();

    it("shows contoso's seeded branding with the banner logo by hash, size, type and URL", async () => {
        const branding = await f.emu.admin.branding(IDS.domain);
        const b = DEFAULT_SEED_BRANDING;
        assert.deepEqual(
            [branding?.default.backgroundColor, branding?.default.signInPageText, branding?.default.usernameHintText],
            [b.backgroundColor, b.signInPageText, b.usernameHintText],
        );
        const logo = branding?.default.bannerLogo;
        assert.deepEqual([logo?.sha256, logo?.size, logo?.contentType], [b.bannerLogoSha256, b.bannerLogoSize, "image/png"]);
        assert.match(logo?.relativeUrl ?? "", /\/logintenantbranding\/0\/bannerlogo\?ts=/);
        assert.deepEqual([branding?.default.backgroundImage, branding?.localizations], [null, {}]);
        assert.equal(await f.emu.admin.branding(IDS.fabrikamTenantId), null);
        assert.equal(await f.emu.admin.branding(IDS.northwindDomain), null);
    });

    it("returns a stream's raw bytes, and null for an unset one", async () => {
        const logo = await f.emu.admin.brandingStream(IDS.tenantId, "0", "bannerLogo");
        assert.ok(logo?.bytes.equals(DEFAULT_BANNER_LOGO_PNG));
        assert.equal(logo?.contentType, "image/png");
        assert.equal(await f.emu.admin.brandingStream(IDS.tenantId, "0", "favicon"), null);
    });

    it("changes properties out of band so that Graph reads the drift", async () => {
        await f.emu.admin.updateBranding(IDS.tenantId, "0", {
            signInPageText: "Changed in the portal",
            loginPageTextVisibilitySettings: { hideResetItNow: true },
        });
        const body = (await graphCall(f.emu, "GET", brandingPath(), { token: (await tokens(f.emu)).contoso })).json as Record<string, unknown>;
        assert.equal(body.signInPageText, "Changed in the portal");
        assert.equal((body.loginPageTextVisibilitySettings as Record<string, unknown>).hideResetItNow, true);
    });

    it("creates a default branding or a localization only when asked with create", async () => {
        await assert.rejects(f.emu.admin.updateBranding(IDS.fabrikamTenantId, "0", { signInPageText: "x" }), /404/);
        const created = await f.emu.admin.updateBranding(IDS.fabrikamTenantId, "sv-SE", { signInPageText: "Välkommen" }, { create: true });
        assert.deepEqual([created.default.signInPageText, created.localizations["sv-SE"]?.signInPageText], ["", "Välkommen"]);
        await assert.rejects(f.emu.admin.updateBranding(IDS.tenantId, "0", { bannerLogo: "x" } as never), /400.*Stream types/);
    });

    it("uploads an image out of band, visible through Graph with a new relative URL", async () => {
        const before = (await f.emu.admin.branding(IDS.tenantId))?.default.bannerLogo?.relativeUrl;
        const png = solidPng(100, 20, [200, 0, 0]);
        const info = await f.emu.admin.putBrandingStream(IDS.tenantId, "0", "bannerLogo", png, "image/png");
        assert.equal(info.size, png.length);
        assert.notEqual(info.relativeUrl, before);
        const res = await graphCall(f.emu, "GET", `${localePath("0")}/bannerLogo`, { token: (await tokens(f.emu)).contoso });
        assert.ok(res.bytes.equals(png));
        await assert.rejects(f.emu.admin.putBrandingStream(IDS.tenantId, "0", "favicon", Buffer.alloc(6 * 1024), "image/png"), /400/);
        await assert.rejects(f.emu.admin.putBrandingStream(IDS.tenantId, "0", "favicon", png, "image/webp"), /415/);
    });

    it("deletes an image, a localization with its images, and the whole branding out of band", async () => {
        await f.emu.admin.updateBranding(IDS.tenantId, "fr-FR", {}, { create: true });
        await f.emu.admin.putBrandingStream(IDS.tenantId, "fr-FR", "squareLogo", solidPng(4, 4, [0, 0, 0]), "image/png");
        await f.emu.admin.deleteBrandingLocalization(IDS.tenantId, "fr-FR");
        assert.deepEqual((await f.emu.admin.branding(IDS.tenantId))?.localizations, {});
        await assert.rejects(f.emu.admin.deleteBrandingLocalization(IDS.tenantId, "0"), /400/);
        await f.emu.admin.deleteBrandingStream(IDS.tenantId, "0", "bannerLogo");
        assert.equal((await f.emu.admin.branding(IDS.tenantId))?.default.bannerLogo, null);
        await f.emu.admin.deleteBranding(IDS.tenantId);
        assert.equal(await f.emu.admin.branding(IDS.tenantId), null);
    });

    it("withdraws and restores the custom branding license", async () => {
        const token = (await tokens(f.emu)).contoso;
        const patch = (): ReturnType<typeof graphCall> =>
            graphCall(f.emu, "PATCH", brandingPath(), { token, json: { signInPageText: "x" }, headers: { "accept-language": "0" } });
        await f.emu.admin.setPremium(IDS.tenantId, false);
        assert.equal((await patch()).status, 403);
        assert.equal((await f.emu.admin.state()).tenants[0].premium, false);
        await f.emu.admin.setPremium(IDS.tenantId, true);
        assert.equal((await patch()).status, 204);
    });

    it("answers 404 for an unknown tenant, locale or stream name", async () => {
        await assert.rejects(f.emu.admin.branding("nowhere.onmicrosoft.com"), /404/);
        await assert.rejects(f.emu.admin.brandingStream(IDS.tenantId, "it-IT", "bannerLogo"), /404/);
        await assert.rejects(f.emu.admin.brandingStream(IDS.tenantId, "0", "logo" as never), /404.*no stream logo/);
        await assert.rejects(f.emu.admin.setPremium("nowhere.onmicrosoft.com", true), /404/);
    });
});

describe("emulator branding persistence", () => {
    const clock = new Clock();
    let dir: string;

    beforeEach(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-branding-"));
    });
    afterEach(() => {
        fs.rmSync(dir, { recursive: true, force: true });
    });

    it("keeps images as base64 in the state file, so a restarted emulator serves the same bytes", async () => {
        const statePath = path.join(dir, "state.json");
        const png = solidPng(30, 30, [10, 20, 30], [40, 50, 60]);
        const first = await startEmulator({ statePath, now: clock.now, seed: defaultSeed(T0) });
        try {
            await first.admin.updateBranding(IDS.tenantId, "ja-JP", { signInPageText: "ようこそ" }, { create: true });
            await first.admin.putBrandingStream(IDS.tenantId, "ja-JP", "squareLogo", png, "image/png");
        } finally {
            await first.close();
        }
        const saved = JSON.parse(fs.readFileSync(statePath, "utf8")) as {
            tenants: Array<{ branding: { localizations: Record<string, { streams: Record<string, { base64: string }> }> } | null }>;
        };
        assert.equal(saved.tenants[0].branding?.localizations["ja-JP"].streams.squareLogo.base64, png.toString("base64"));
        const second = await startEmulator({ statePath, now: clock.now, seed: { tenants: [] } });
        try {
            const back = await second.admin.brandingStream(IDS.tenantId, "ja-JP", "squareLogo");
            assert.ok(back?.bytes.equals(png));
            assert.equal((await second.admin.branding(IDS.tenantId))?.localizations["ja-JP"].signInPageText, "ようこそ");
        } finally {
            await second.close();
        }
    });

    it("refuses a state file whose branding is damaged, naming each problem", async () => {
        const statePath = path.join(dir, "state.json");
        const state = JSON.parse(JSON.stringify({ ...defaultSeed(T0), tokenSecret: "s".repeat(32) })) as { tenants: Array<Record<string, unknown>> };
        state.tenants[1].branding = { default: { signInPageText: 1, streams: { logo: {} } }, localizations: { french: {} } };
        state.tenants[2].premium = "no";
        fs.writeFileSync(statePath, JSON.stringify(state));
        await assert.rejects(startEmulator({ statePath }), (err: Error) => {
            assert.match(err.message, /state file .*state\.json is invalid/);
            assert.match(err.message, /\$\.tenants\[1\]\.branding\.default: Invalid value specified for property 'signInPageText'/);
            assert.match(err.message, /\$\.tenants\[1\]\.branding\.localizations\.french: the key must be a culture name/);
            assert.match(err.message, /\$\.tenants\[2\]\.premium: must be a boolean/);
            return true;
        });
    });
});
