/**
 * `bin/entra/organizationalBranding/live.js`, the branding preview's reader of a tenant's live branding, as the
 * preview runs it (a process, settings on stdin) against the emulator: every locale's properties and image bytes, and
 * a failure that says what to do without the secret it was given.
 */
import { strict as assert } from "node:assert";
import { spawn } from "node:child_process";
import * as path from "node:path";
import { DEFAULT_BANNER_LOGO_PNG } from "../../emulator/seeds/default";
import { IDS, useEmulator } from "../support/emulator";

const COMMAND = path.resolve(__dirname, "..", "..", "bin", "entra", "organizationalBranding", "live.js");

interface Run {
    readonly code: number | null;
    readonly stdout: string;
    readonly stderr: string;
}

/** Runs the command with `input` on stdin and none of the developer's TENANTKIT_/AZURE_ variables. */
function live(input: unknown): Promise<Run> {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(TENANTKIT_|AZURE_)/.test(k)));
    return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [COMMAND], { env, stdio: ["pipe", "pipe", "pipe"] });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
        child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, stdout, stderr }));
        child.stdin.end(JSON.stringify(input));
    });
}

interface Printed {
    organizationId: string;
    locales: Array<{ locale: string; properties: Record<string, unknown>; images: Record<string, { contentType: string; base64: string }> }>;
}

describe("the live branding reader (bin/entra/organizationalBranding/live.js)", function () {
    this.timeout(30_000);
    const f = useEmulator();
    const config = (clientId: string, secret: string) => ({
        "tenantkit:emulator": f.emu.url,
        "tenantkit:tenantId": IDS.domain,
        "tenantkit:clientId": clientId,
        "tenantkit:clientSecret": secret,
    });

    it("prints every locale's texts and images as the tenant holds them, with the stack's settings from stdin", async () => {
        await f.emu.admin.updateBranding(IDS.tenantId, "fr-FR", { signInPageText: "Réservé au personnel" }, { create: true });
        const run = await live({ config: config(IDS.quickstartClientId, IDS.quickstartClientSecret) });
        assert.equal(run.code, 0, run.stderr);
        const printed = JSON.parse(run.stdout) as Printed;
        assert.equal(printed.organizationId, IDS.tenantId);
        assert.deepEqual(
            printed.locales.map((l) => l.locale),
            ["default", "fr-FR"],
        );
        const [byDefault, french] = printed.locales;
        assert.equal(byDefault.properties.signInPageText, "Contoso");
        assert.equal(byDefault.properties.backgroundColor, "#0F6CBD");
        assert.equal(byDefault.images.bannerLogo.contentType, "image/png");
        assert.ok(Buffer.from(byDefault.images.bannerLogo.base64, "base64").equals(DEFAULT_BANNER_LOGO_PNG), "not the seeded banner logo's bytes");
        assert.deepEqual(Object.keys(byDefault.images), ["bannerLogo"]);
        assert.equal(french.properties.signInPageText, "Réservé au personnel");
        assert.deepEqual(french.images, {});
    });

    it("names the tenant, the status, the code, the request id and what to do when it may not read, and not the secret", async () => {
        const run = await live({ config: config(IDS.noPermissionsClientId, IDS.noPermissionsClientSecret) });
        assert.equal(run.code, 1);
        assert.equal(run.stdout, "");
        assert.match(run.stderr, new RegExp(`^could not read the live branding of tenant ${IDS.domain}: `));
        assert.match(run.stderr, /403 Authorization_RequestDenied/);
        assert.match(run.stderr, /request-id [0-9a-f-]{36}/);
        assert.match(run.stderr, /Next: /);
        assert.ok(!run.stderr.includes(IDS.noPermissionsClientSecret), `the secret is in the message:\n${run.stderr}`);
    });
});
