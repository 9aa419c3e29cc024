/**
 * From what a program declares to the pages to render, without a browser: the steps of `pulumi preview --json`
 * (their shape as CLI 3.259 writes them: `oldState`/`newState` with the checked `inputs`), inputs files, a
 * localization over the default branding, files read and checked against the state's hashes, and the messages for
 * what cannot be shown.
 */
import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { noticesOf, pageBrandingOf, UNKNOWN, type AssetFolders, type Side } from "../../branding-preview/assets";
import { DeclarationError, fromInputsFile, fromPreviewJson } from "../../branding-preview/declared";
import { effectiveBranding } from "../../branding-preview/model";
import { plannedPages } from "../../branding-preview/pages";
import { png, rgb } from "./browser";

const DYNAMIC = "pulumi-nodejs:dynamic/tenantkit:OrganizationalBranding";
const DYNAMIC_LOC = "pulumi-nodejs:dynamic/tenantkit:OrganizationalBrandingLocalization";

function state(type: string, inputs: Record<string, unknown>, provider?: string) {
    return {
        urn: `urn:pulumi:dev::p::${type}::r`,
        type,
        inputs: { __provider: "exports.handler = ...", ...inputs },
        ...(provider ? { provider } : {}),
    };
}

function sha256(bytes: Buffer): string {
    return createHash("sha256").update(bytes).digest("hex");
}

/** A program folder with a banner logo in assets/. */
function programWith(banner: Buffer): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bp-"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets", "banner.png"), banner);
    return dir;
}

/** One branding's page as a locale shows it: its branding and its problems worded for that page. */
function pageOf(inputs: Record<string, unknown>, locale: string, side: Side, folders: AssetFolders) {
    const { branding, problems } = pageBrandingOf(inputs, side, folders);
    return { branding, notices: noticesOf(problems, locale, side) };
}

const RED = png(24, 8, () => rgb("#D13438"));
const GREEN = png(24, 8, () => rgb("#107C10"));

describe("branding preview: what the program declares", () => {
    it("takes the declared inputs from newState and the applied ones from oldState of an update", () => {
        const [t] = fromPreviewJson({
            steps: [
                {
                    op: "same",
                    urn: "stack",
                    oldState: { type: "pulumi:pulumi:Stack", inputs: {} },
                    newState: { type: "pulumi:pulumi:Stack", inputs: {} },
                },
                { op: "update", oldState: state(DYNAMIC, { backgroundColor: "#0F6CBD" }), newState: state(DYNAMIC, { backgroundColor: "#AA2200" }) },
                {
                    op: "same",
                    oldState: state(DYNAMIC_LOC, { locale: "fr-FR", signInPageText: "Bonjour" }),
                    newState: state(DYNAMIC_LOC, { locale: "fr-FR", signInPageText: "Bonjour" }),
                },
            ],
        });
        assert.equal(t.tenant, "");
        assert.equal(t.after.get("default")?.backgroundColor, "#AA2200");
        assert.equal(t.before?.get("default")?.backgroundColor, "#0F6CBD");
        assert.deepEqual([...t.after.keys()], ["default", "fr-FR"]);
    });

    it("has no applied side for a stack that never applied a branding", () => {
        const [t] = fromPreviewJson({ steps: [{ op: "create", newState: state(DYNAMIC, { signInPageText: "x" }) }] });
        assert.equal(t.before, undefined);
    });

    it("reads the provider plugin's types and tells its tenants apart by explicit provider", () => {
        const tenants = fromPreviewJson({
            steps: [
                {
                    op: "create",
                    newState: state(
                        "tenantkit:entra:OrganizationalBranding",
                        { signInPageText: "a" },
                        "urn:pulumi:dev::p::pulumi:providers:tenantkit::default_0_1_0::id1",
                    ),
                },
                {
                    op: "create",
                    newState: state(
                        "tenantkit:entra:OrganizationalBranding",
                        { signInPageText: "b" },
                        "urn:pulumi:dev::p::pulumi:providers:tenantkit::fabrikam::id2",
                    ),
                },
            ],
        });
        assert.deepEqual(
            tenants.map((t) => [t.tenant, t.after.get("default")?.signInPageText]),
            [
                ["", "a"],
                ["fabrikam", "b"],
            ],
        );
    });

    it("keeps a deleted localization on the applied side only", () => {
        const [t] = fromPreviewJson({
            steps: [
                { op: "same", oldState: state(DYNAMIC, {}), newState: state(DYNAMIC, {}) },
                { op: "delete", oldState: state(DYNAMIC_LOC, { locale: "de-DE", signInPageText: "Hallo" }) },
            ],
        });
        assert.equal(t.after.has("de-DE"), false);
        assert.equal(t.before?.get("de-DE")?.signInPageText, "Hallo");
    });

    it("refuses a preview whose program failed part way, with pulumi's words, though it lists some steps", () => {
        // What CLI 3.259 prints when a localization's arguments throw: the steps planned so far, and the error.
        const failed = {
            steps: [{ op: "create", newState: state(DYNAMIC, { signInPageText: "x" }) }],
            diagnostics: [{ message: "error: Running program '/p' failed with an unhandled exception:\nError: boom\n", severity: "error" }],
        };
        assert.throws(
            () => fromPreviewJson(failed),
            (err: Error) =>
                err instanceof DeclarationError &&
                /^the preview failed, so it does not show the whole program; pulumi said:\nerror: Running program/.test(err.message),
        );
    });

    it("says what pulumi said when the preview has no steps", () => {
        assert.throws(
            () => fromPreviewJson({ diagnostics: [{ message: "error: no credentials for Microsoft Graph", severity: "error" }] }),
            (err: Error) => err instanceof DeclarationError && /pulumi said:\nerror: no credentials for Microsoft Graph/.test(err.message),
        );
    });

    it("reads an inputs file, and names a localization without its locale", () => {
        const [t] = fromInputsFile({ branding: { backgroundColor: "#0F6CBD" }, localizations: [{ locale: "ar-SA", signInPageText: "مرحبا" }] });
        assert.deepEqual([...t.after.keys()], ["default", "ar-SA"]);
        assert.throws(() => fromInputsFile({ localizations: [{ signInPageText: "x" }] }), /localizations\[0\] has no "locale"/);
    });
});

describe("branding preview: a locale's page", () => {
    it("shows a localization over the default branding; a blank text overrides, an empty one inherits", () => {
        const b = effectiveBranding(
            {
                texts: { backgroundColor: "#0F6CBD", signInPageText: "Default", usernameHintText: "hint" },
                images: { bannerLogo: { dataUrl: "data:x", source: "b.png" } },
            },
            { texts: { signInPageText: "Localized", usernameHintText: " ", backgroundColor: "" }, images: {} },
        );
        assert.deepEqual(b.texts, { backgroundColor: "#0F6CBD", signInPageText: "Localized", usernameHintText: "" });
        assert.equal(b.images.bannerLogo?.source, "b.png");
    });

    it("reads an image from the program's folder when its hash is the declared one", () => {
        const dir = programWith(RED);
        const { branding, notices } = pageOf({ bannerLogo: { path: "assets/banner.png", sha256: sha256(RED) } }, "default", "declared", {
            programDir: dir,
        });
        assert.deepEqual(notices, []);
        assert.equal(branding.images.bannerLogo?.dataUrl, `data:image/png;base64,${RED.toString("base64")}`);
    });

    it("shows an applied image that changed on disk only from --base, and says so without it", () => {
        const dir = programWith(GREEN);
        const base = programWith(RED);
        const applied = { bannerLogo: { path: "assets/banner.png", sha256: sha256(RED) } };
        const without = pageOf(applied, "fr-FR", "applied", { programDir: dir });
        assert.equal(without.branding.images.bannerLogo, undefined);
        assert.match(
            without.notices[0]?.message ?? "",
            /^bannerLogo \(fr-FR, as applied\): assets\/banner.png on disk is not the file the stack applied .*pass --base/,
        );
        const withBase = pageOf(applied, "fr-FR", "applied", { programDir: dir, baseDir: base });
        assert.deepEqual(withBase.notices, []);
        assert.ok(withBase.branding.images.bannerLogo?.dataUrl.endsWith(RED.toString("base64")));
    });

    it("names a missing file by property and locale", () => {
        const { notices } = pageOf({ favicon: "assets/nope.ico" }, "ja-JP", "declared", { programDir: os.tmpdir() });
        assert.equal(notices.length, 1);
        assert.match(notices[0].message, /^favicon \(ja-JP\): assets\/nope.ico is not on disk .*; the page is shown without it$/);
    });

    it("shows a text known only after up as a placeholder, and says so", () => {
        const { branding, notices } = pageOf({ signInPageText: UNKNOWN }, "default", "declared", { programDir: os.tmpdir() });
        assert.equal(branding.texts.signInPageText, "[signInPageText: known after up]");
        assert.match(notices[0].message, /^signInPageText \(default\): known only after `pulumi up`/);
    });

    it("renders a requested locale without a branding as the default one, and says so", () => {
        const [t] = fromInputsFile({ branding: { signInPageText: "Hello" } });
        const pages = plannedPages([t], { programDir: os.tmpdir() }, ["de-DE"]);
        assert.deepEqual(
            pages.map((p) => [p.file, p.page.branding.texts.signInPageText, p.page.notices.map((n) => n.message)]),
            [
                [
                    "de-DE.png",
                    "Hello",
                    [
                        "de-DE: no OrganizationalBrandingLocalization is declared for it; users with this language see the default branding, shown here",
                    ],
                ],
            ],
        );
    });

    it("says on each page that no default branding is declared when a program declares only localizations", () => {
        const [t] = fromInputsFile({ localizations: [{ locale: "fr-FR", signInPageText: "Bonjour" }] });
        assert.deepEqual(
            plannedPages([t], { programDir: os.tmpdir() }).map((p) => [p.file, p.page.notices.map((n) => n.message)]),
            [
                [
                    "default.png",
                    [
                        "default: no OrganizationalBranding is declared; the tenant's own default branding is not known here, so Microsoft's default look is shown",
                    ],
                ],
                [
                    "fr-FR.png",
                    [
                        "fr-FR: no OrganizationalBranding is declared; the tenant's own default branding is not known here, so Microsoft's default look is shown under the localization",
                    ],
                ],
            ],
        );
    });

    it("names the applied side in the messages of a before page", () => {
        const [t] = fromPreviewJson({ steps: [{ op: "update", oldState: state(DYNAMIC, {}), newState: state(DYNAMIC, {}) }] });
        assert.deepEqual(
            plannedPages([t], { programDir: os.tmpdir() }).map((p) => p.page.label),
            ["default", "default, as applied"],
        );
    });

    it("says on a localization's page that the default branding's image it inherits cannot be shown", () => {
        const dir = programWith(GREEN);
        const applied = { bannerLogo: { path: "assets/banner.png", sha256: sha256(RED) } };
        const [t] = fromPreviewJson({
            steps: [
                {
                    op: "same",
                    oldState: state(DYNAMIC, applied),
                    newState: state(DYNAMIC, { bannerLogo: { path: "assets/banner.png", sha256: sha256(GREEN) } }),
                },
                { op: "same", oldState: state(DYNAMIC_LOC, { locale: "fr-FR" }), newState: state(DYNAMIC_LOC, { locale: "fr-FR" }) },
            ],
        });
        const before = plannedPages([t], { programDir: dir }).find((p) => p.file === "fr-FR.before.png");
        assert.deepEqual(
            before?.page.notices.map((n) => n.message.split(":")[0]),
            ["bannerLogo (fr-FR, as applied)"],
        );
    });

    it("pairs each locale's declared page with its applied one, and says when a localization goes away", () => {
        const [t] = fromPreviewJson({
            steps: [
                { op: "update", oldState: state(DYNAMIC, { signInPageText: "old" }), newState: state(DYNAMIC, { signInPageText: "new" }) },
                { op: "delete", oldState: state(DYNAMIC_LOC, { locale: "de-DE", signInPageText: "Hallo" }) },
            ],
        });
        const pages = plannedPages([t], { programDir: os.tmpdir() });
        assert.deepEqual(
            pages.map((p) => [p.file, p.page.branding.texts.signInPageText]),
            [
                ["default.png", "new"],
                ["default.before.png", "old"],
                ["de-DE.png", "new"],
                ["de-DE.before.png", "Hallo"],
            ],
        );
        assert.match(pages[2].page.notices[0].message, /^de-DE: the program no longer declares a branding for it/);
    });
});
