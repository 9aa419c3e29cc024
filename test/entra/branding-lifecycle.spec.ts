/**
 * Organizational branding as desired state, the way the engine runs it: a real program, the real provider host,
 * the emulator. Wire requests are read from the emulator's log.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { createHash } from "node:crypto";
import { LifecycleRunner, type RunResult } from "../../harness/lifecycle";
import type { StackConfig } from "../../harness/wire";
import { IDS, useEmulator } from "../support/emulator";
import { emulatorConfig, useStateDir } from "../support/stacks";
import { png, writeFixture } from "../../harness/images";

const PROGRAM = path.resolve(__dirname, "..", "fixtures", "programs", "branding", "index.ts");
const TYPE = "pulumi-nodejs:dynamic/tenantkit:OrganizationalBranding";
const LOC_TYPE = "pulumi-nodejs:dynamic/tenantkit:OrganizationalBrandingLocalization";
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("OrganizationalBranding through the engine harness", function () {
    this.timeout(120_000);
    const fx = useEmulator();
    const states = useStateDir("tk-branding-", { hostCwd: true });

    const tenants = {
        contoso: { tenant: IDS.tenantId, domain: IDS.domain, clientId: IDS.quickstartClientId, secret: IDS.quickstartClientSecret },
        fabrikam: { tenant: IDS.fabrikamTenantId, domain: IDS.fabrikamDomain, clientId: IDS.fabrikamClientId, secret: IDS.fabrikamClientSecret },
        northwind: { tenant: IDS.northwindTenantId, domain: IDS.northwindDomain, clientId: IDS.northwindClientId, secret: IDS.northwindClientSecret },
    };
    type Tenant = keyof typeof tenants;
    const runner = (
        stack: string,
        cfg: { props?: object; assets?: Record<string, string>; localizations?: object; connection?: object },
        tenant: Tenant = "contoso",
    ) => {
        const t = tenants[tenant];
        const config: StackConfig = emulatorConfig(fx, { domain: t.domain, clientId: t.clientId, secret: t.secret });
        if (cfg.props) config["brandprog:props"] = JSON.stringify(cfg.props);
        if (cfg.assets) config["brandprog:assets"] = JSON.stringify(cfg.assets);
        if (cfg.localizations) config["brandprog:localizations"] = JSON.stringify(cfg.localizations);
        if (cfg.connection) config["brandprog:connection"] = JSON.stringify(cfg.connection);
        return new LifecycleRunner({ programPath: PROGRAM, cwd: states.dir, statePath: states.statePath(stack), project: "brandprog", config });
    };
    const ok = (r: RunResult) => assert.deepEqual(r.errors, [], JSON.stringify(r.errors, null, 2));
    const ops = (r: RunResult, type = TYPE) => r.steps.filter((s) => s.type === type).map((s) => s.op);
    const graphWrites = async () =>
        (await fx.emu.admin.requests({ service: "graph" }))
            .filter((r) => r.method !== "GET")
            .map((r) => ({
                method: r.method,
                path: r.path,
                body: r.bodyText,
                type: r.headers["content-type"],
                lang: r.headers["accept-language"],
                sha: r.bodySha256,
            }));
    const banner = (w: number, h: number, name = `banner-${w}x${h}.png`) => writeFixture(states.dir, name, png(w, h));

    it("lists every invalid input at preview and calls no API", async () => {
        const r = await runner("invalid", {
            props: {
                backgroundColor: "blue",
                usernameHintText: "see https://contoso.com",
                customResetItNowText: "x",
                signInPageText: "a".repeat(1025),
                customTermsOfUseUrl: "https://contoso.com/tér",
            },
            assets: { bannerLogo: banner(300, 36) },
        }).preview();
        const failures = (r.errors[0]?.checkFailures ?? []).map((f) => f.property).sort();
        assert.deepEqual(failures, [
            "backgroundColor",
            "bannerLogo",
            "customResetItNowText",
            "customTermsOfUseUrl",
            "signInPageText",
            "usernameHintText",
        ]);
        assert.match(r.errors.map((e) => e.message).join("\n"), /bannerLogo allows at most 245x36/);
        assert.equal((await fx.emu.admin.requests({ service: "graph" })).length, 0);
    });

    it("adopts the default branding, applies only what the program sets, and previews no change afterwards", async () => {
        const bannerPath = banner(200, 30, "a.png");
        const stack = runner("adopt", {
            props: { backgroundColor: "#112233", signInPageText: "Authorized use only" },
            assets: { bannerLogo: bannerPath },
        });
        const up = await stack.up();
        ok(up);
        assert.deepEqual(ops(up), ["create"]);
        const writes = await graphWrites();
        assert.deepEqual(
            writes.map((w) => `${w.method} ${w.path}`),
            [
                `PATCH /graph/v1.0/organization/${IDS.tenantId}/branding`,
                `PUT /graph/v1.0/organization/${IDS.tenantId}/branding/localizations/0/bannerLogo`,
            ],
        );
        assert.deepEqual(JSON.parse(writes[0]!.body!), { backgroundColor: "#112233", signInPageText: "Authorized use only" });
        assert.equal(writes[0]!.lang, "0");
        assert.equal(writes[1]!.type, "image/png");
        assert.equal(writes[1]!.sha, sha(fs.readFileSync(bannerPath)));
        const b = (await fx.emu.admin.branding(IDS.tenantId))!.default;
        assert.equal(b.signInPageText, "Authorized use only");
        assert.equal(b.usernameHintText, "", "unmanaged properties are left alone");
        assert.equal(up.outputs.usernameHintText, "(not managed)", "an unmanaged property's output is undefined");
        assert.equal(up.outputs.bannerLogoSha256, sha(fs.readFileSync(bannerPath)));
        // cdnList and the RelativeUrls are outputs (derived from the one state object `cdn`) with the service's values.
        assert.equal(up.outputs.organizationId, IDS.tenantId);
        assert.match(String(up.outputs.bannerLogoRelativeUrl), /\/logintenantbranding\/0\/bannerlogo\?ts=/);
        assert.ok(Array.isArray(up.outputs.cdnList) && (up.outputs.cdnList as string[]).length > 0, "the CDN hosts");
        const entry = stack.state().resources.find((r) => r.type === TYPE)!;
        assert.deepEqual(Object.keys(entry.outputs.cdn as object).sort(), [
            "backgroundImageRelativeUrl",
            "bannerLogoRelativeUrl",
            "cdnList",
            "customCSSRelativeUrl",
            "faviconRelativeUrl",
            "headerLogoRelativeUrl",
            "squareLogoDarkRelativeUrl",
            "squareLogoRelativeUrl",
        ]);
        assert.equal(entry.outputs.bannerLogoRelativeUrl, undefined, "state keeps them once, inside cdn");
        const again = await stack.preview();
        ok(again);
        assert.deepEqual(ops(again), ["same"]);
    });

    it("sends exactly one PATCH with the one changed field, and one PUT for a changed image", async () => {
        const a = banner(200, 30, "one.png");
        ok(await runner("onefield", { props: { backgroundColor: "#112233", signInPageText: "One" }, assets: { bannerLogo: a } }).up());
        await fx.emu.admin.clearRequests();
        const changed = await runner("onefield", { props: { backgroundColor: "#112233", signInPageText: "Two" }, assets: { bannerLogo: a } }).up();
        ok(changed);
        assert.deepEqual(ops(changed), ["update"]);
        let writes = await graphWrites();
        assert.deepEqual(
            writes.map((w) => w.method),
            ["PATCH"],
        );
        assert.deepEqual(JSON.parse(writes[0]!.body!), { signInPageText: "Two" });

        await fx.emu.admin.clearRequests();
        const b = banner(100, 20, "two.png");
        ok(await runner("onefield", { props: { backgroundColor: "#112233", signInPageText: "Two" }, assets: { bannerLogo: b } }).up());
        writes = await graphWrites();
        assert.deepEqual(
            writes.map((w) => `${w.method} ${w.path.split("/").slice(-2).join("/")}`),
            ["PUT 0/bannerLogo"],
        );
        assert.equal(writes[0]!.sha, sha(fs.readFileSync(b)));
    });

    it("detects drift made in the portal on refresh, and the next up repairs it", async () => {
        const stack = () => runner("drift", { props: { signInPageText: "Managed" } });
        ok(await stack().up());
        await fx.emu.admin.updateBranding(IDS.tenantId, "0", { signInPageText: "Changed in the portal" });
        const refresh = await stack().refresh();
        ok(refresh);
        assert.deepEqual(ops(refresh), ["refresh:update"]);
        const preview = await stack().preview();
        assert.deepEqual(ops(preview), ["update"]);
        await fx.emu.admin.clearRequests();
        ok(await stack().up());
        const writes = await graphWrites();
        assert.deepEqual(
            writes.map((w) => JSON.parse(w.body!)),
            [{ signInPageText: "Managed" }],
        );
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))!.default.signInPageText, "Managed");
    });

    it("restores the tenant's branding byte for byte on destroy", async () => {
        const before = await fx.emu.admin.branding(IDS.tenantId);
        const stack = runner("restore", {
            props: { backgroundColor: "#445566", signInPageText: "Temp", usernameHintText: "you@contoso.com" },
            assets: { bannerLogo: banner(120, 20, "r.png"), squareLogo: writeFixture(states.dir, "sq.png", png(100, 100)) },
        });
        ok(await stack.up());
        assert.notDeepEqual(await fx.emu.admin.branding(IDS.tenantId), before);
        const destroy = await stack.destroy();
        ok(destroy);
        const afterDestroy = await fx.emu.admin.branding(IDS.tenantId);
        const strip = (x: unknown) => JSON.parse(JSON.stringify(x, (k, v) => (k === "relativeUrl" ? undefined : v)));
        assert.deepEqual(strip(afterDestroy), strip(before));
    });

    it("moving the branding to an explicit connection replaces it delete-first: the program's branding stays, and destroy still restores the original", async () => {
        const signInPageText = async () => (await fx.emu.admin.branding(IDS.tenantId))!.default.signInPageText;
        const original = await signInPageText();
        const props = { signInPageText: "Managed" };
        ok(await runner("moved", { props }).up());
        // The same tenant and app, named by its id where the stack config names its domain: the target changed, so the
        // diff replaces, delete-first (the branding keeps its identity): the replaced resource's delete, signed in with the
        // stack config, gives the tenant its values back; then the replacement, with the connection, takes them over.
        const connection = {
            emulator: fx.emu.url,
            tenantId: IDS.tenantId,
            clientId: IDS.quickstartClientId,
            clientSecret: IDS.quickstartClientSecret,
        };
        const moved = runner("moved", { props, connection });
        const up = await moved.up();
        ok(up);
        assert.deepEqual(ops(up), ["delete-replaced", "replace"]);
        assert.equal(await signInPageText(), "Managed", "the replaced resource's delete restored the original over its replacement");
        ok(await moved.destroy());
        assert.equal(await signInPageText(), original, "destroy after the replacement did not give the tenant its original branding back");
    });

    it("creates the default branding in a tenant that has none, and removes it again on destroy", async () => {
        assert.equal(await fx.emu.admin.branding(IDS.fabrikamTenantId), null);
        const stack = runner("fresh", { props: { signInPageText: "Fabrikam" } }, "fabrikam");
        const up = await stack.up();
        ok(up);
        assert.equal((await fx.emu.admin.branding(IDS.fabrikamTenantId))!.default.signInPageText, "Fabrikam");
        assert.deepEqual((await fx.emu.admin.branding(IDS.fabrikamTenantId))!.localizations, {}, "the bootstrap localization is gone");
        ok(await stack.preview());
        ok(await stack.destroy());
        assert.equal(await fx.emu.admin.branding(IDS.fabrikamTenantId), null);
    });

    it("says that custom branding needs a license when the tenant has none", async () => {
        const up = await runner("nolicense", { props: { signInPageText: "Northwind" } }, "northwind").up();
        assert.equal(up.errors.length, 1);
        assert.match(up.errors[0]!.message, /403 Authorization_RequestDenied/);
        assert.match(up.errors[0]!.message, /P1 or P2 .*license/);
    });

    it("creates a localization with its image, and deletes it (image first) on destroy", async () => {
        const logo = banner(150, 25, "fr.png");
        const stack = runner("loc", { localizations: { "fr-FR": { signInPageText: "Accès réservé", bannerLogo: logo } } });
        const up = await stack.up();
        ok(up);
        assert.deepEqual(ops(up, LOC_TYPE), ["create"]);
        const fr = (await fx.emu.admin.branding(IDS.tenantId))!.localizations["fr-FR"]!;
        assert.equal(fr.signInPageText, "Accès réservé");
        assert.equal(fr.bannerLogo?.sha256, sha(fs.readFileSync(logo)));
        ok(await stack.preview());
        await fx.emu.admin.clearRequests();
        ok(await stack.destroy());
        const writes = await graphWrites();
        assert.deepEqual(
            writes.map((w) => `${w.method} ${w.path.replace(`/graph/v1.0/organization/${IDS.tenantId}/branding`, "")}`),
            ["DELETE /localizations/fr-FR/bannerLogo", "DELETE /localizations/fr-FR"],
        );
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))!.localizations["fr-FR"], undefined);
    });

    it("records a create whose image upload failed, finishes it on the next up, and still restores on destroy", async () => {
        const before = await fx.emu.admin.branding(IDS.tenantId);
        const logo = banner(210, 30, "partial.png");
        const stack = () => runner("partial", { props: { signInPageText: "Half way" }, assets: { bannerLogo: logo } });
        await fx.emu.admin.setFaults({ match: { service: "graph", method: "PUT" }, kind: "status", status: 400, times: 1 });
        const failed = await stack().up();
        assert.equal(failed.errors.length, 1);
        assert.match(failed.errors[0]!.message, /upload bannerLogo|bannerLogo/);
        assert.match(failed.errors[0]!.message, /run up again to finish/);
        const recorded = stack()
            .state()
            .resources.find((r) => r.type === TYPE)!;
        assert.ok(recorded, "the half-created branding is in state");
        assert.ok(recorded.initErrors?.length, "with its init error");
        const finish = await stack().up();
        ok(finish);
        assert.deepEqual(ops(finish), ["update"]);
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))!.default.bannerLogo?.sha256, sha(fs.readFileSync(logo)));
        ok(await stack().destroy());
        const strip = (x: unknown) => JSON.parse(JSON.stringify(x, (k, v) => (k === "relativeUrl" ? undefined : v)));
        assert.deepEqual(strip(await fx.emu.admin.branding(IDS.tenantId)), strip(before));
    });

    it("adopts an existing localization and, on destroy, puts its text back and keeps it", async () => {
        await fx.emu.admin.updateBranding(
            IDS.tenantId,
            "de-DE",
            { signInPageText: "Nur für Befugte", usernameHintText: "name@contoso.com" },
            { create: true },
        );
        const stack = runner("adoptloc", { localizations: { "de-DE": { signInPageText: "Zutritt nur mit Genehmigung" } } });
        ok(await stack.up());
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))!.localizations["de-DE"]!.signInPageText, "Zutritt nur mit Genehmigung");
        ok(await stack.destroy());
        const de = (await fx.emu.admin.branding(IDS.tenantId))!.localizations["de-DE"];
        assert.equal(de?.signInPageText, "Nur für Befugte");
        assert.equal(de?.usernameHintText, "name@contoso.com");
    });

    it("clears what it managed with onDestroy reset, and leaves it with retain", async () => {
        ok(
            await runner("reset", {
                props: { signInPageText: "To clear", onDestroy: "reset" },
                assets: { bannerLogo: banner(100, 10, "reset.png") },
            }).up(),
        );
        ok(
            await runner("reset", {
                props: { signInPageText: "To clear", onDestroy: "reset" },
                assets: { bannerLogo: banner(100, 10, "reset.png") },
            }).destroy(),
        );
        let b = (await fx.emu.admin.branding(IDS.tenantId))!.default;
        assert.equal(b.signInPageText, "");
        assert.equal(b.bannerLogo, null);
        assert.equal(b.backgroundColor, "#0F6CBD", "unmanaged properties are untouched");
        ok(await runner("retain", { props: { signInPageText: "Kept", onDestroy: "retain" } }).up());
        ok(await runner("retain", { props: { signInPageText: "Kept", onDestroy: "retain" } }).destroy());
        b = (await fx.emu.admin.branding(IDS.tenantId))!.default;
        assert.equal(b.signInPageText, "Kept");
    });
});
