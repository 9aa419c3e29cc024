/**
 * The pure rules behind branding previews: what counts as a change, what replaces, and how refresh tells a value
 * the service normalized from drift (no perpetual diffs).
 */
import { strict as assert } from "node:assert";
import type { BrandingApi } from "../../provider/entra/organizationalBranding/api";
import { readState } from "../../provider/entra/organizationalBranding/read";
import type { BrandingInputs, BrandingOutputs } from "../../provider/entra/organizationalBranding/schema";
import { reconcileValue } from "../../provider/entra/organizationalBranding/state";
import { changedProperties, diffBranding } from "../../provider/entra/organizationalBranding/validate";

const ORG = "7d3f1c2a-5b9e-4f61-8a2d-0c4e6b8f9a10";
const image = (sha256: string, path = "a.png") => ({ path, sha256, size: 10, contentType: "image/png", width: 1, height: 1 });

function olds(extra: Partial<BrandingOutputs> = {}): BrandingOutputs {
    return {
        onDestroy: "restore",
        organizationId: ORG,
        managed: ["backgroundColor", "bannerLogo"],
        cdnList: [],
        prior: { existed: true, values: {}, images: {} },
        observed: { values: { backgroundColor: "#0f6cbd" }, images: { bannerLogo: { relativeUrl: "u1", sha256: "aa" } } },
        backgroundColor: "#0F6CBD",
        bannerLogo: image("aa"),
        ...extra,
    } as BrandingOutputs;
}
const news = (extra: Partial<BrandingInputs> = {}): BrandingInputs => ({
    onDestroy: "restore",
    backgroundColor: "#0F6CBD",
    bannerLogo: image("aa"),
    ...extra,
});

describe("branding diff and refresh rules", () => {
    it("sees no change when only the image's path differs, and a change when its content does", () => {
        assert.deepEqual(changedProperties(olds(), news({ bannerLogo: image("aa", "other/place.png") })), []);
        assert.deepEqual(changedProperties(olds(), news({ bannerLogo: image("bb") })), ["bannerLogo"]);
    });

    it("counts a property added to or removed from the program, and a new onDestroy", () => {
        assert.deepEqual(changedProperties(olds(), news({ signInPageText: "Hi" })), ["signInPageText"]);
        const { backgroundColor: _omit, ...rest } = news();
        assert.deepEqual(changedProperties(olds(), rest as BrandingInputs), ["backgroundColor"]);
        assert.deepEqual(changedProperties(olds(), news({ onDestroy: "retain" })), ["onDestroy"]);
    });

    it("replaces for another organization, not for the discovered one given explicitly", () => {
        assert.deepEqual(diffBranding(olds(), news({ organizationId: ORG })), {
            changes: false,
            replaces: [],
            updates: [],
            deleteBeforeReplace: false,
        });
        const moved = diffBranding(olds(), news({ organizationId: "0d7fadca-f01f-434d-a363-09d612f85bbf" }));
        assert.deepEqual(moved.replaces, ["organizationId"]);
        assert.equal(moved.deleteBeforeReplace, true, "a replacement of a branding is not delete-first");
        const loc = { ...olds(), locale: "fr-FR" } as BrandingOutputs & { locale: string };
        assert.deepEqual(diffBranding(loc, { ...news(), locale: "de-DE" } as BrandingInputs).replaces, ["locale"]);
    });

    it("reports the program's value while the service shows what it showed after the write", () => {
        assert.equal(reconcileValue("#0F6CBD", "#0f6cbd", "#0f6cbd"), "#0F6CBD", "normalized by the service: no drift");
        assert.equal(reconcileValue("#0F6CBD", "#FF0000", "#0f6cbd"), "#FF0000", "changed in the portal: drift");
        assert.deepEqual(
            reconcileValue(
                { hideForgotMyPassword: true },
                { hideForgotMyPassword: true, hideTermsOfUse: false },
                { hideForgotMyPassword: true, hideTermsOfUse: false },
            ),
            { hideForgotMyPassword: true },
        );
    });

    it("reads an image only when its RelativeUrl moved, and reports drift by hash", async () => {
        const calls: string[] = [];
        const fake = (url: string, bytes: Buffer | null) =>
            ({
                isDefault: true,
                get: async () => ({ backgroundColor: "#0f6cbd", bannerLogoRelativeUrl: url, cdnList: ["cdn"] }),
                getImage: async (p: string) => {
                    calls.push(p);
                    return bytes ? { bytes, contentType: "image/png" } : null;
                },
            }) as unknown as BrandingApi;
        const same = await readState(fake("u1", Buffer.from("x")), olds());
        assert.deepEqual(calls, [], "the URL did not move: no download");
        assert.deepEqual(same!.values, { backgroundColor: "#0F6CBD", bannerLogo: image("aa") });
        const moved = await readState(fake("u2", Buffer.from("new bytes")), olds());
        assert.deepEqual(calls, ["bannerLogo"]);
        assert.notEqual((moved!.values.bannerLogo as { sha256: string }).sha256, "aa", "a different image is drift");
        assert.equal((moved!.values.bannerLogo as { path: string }).path, "");
    });
});
