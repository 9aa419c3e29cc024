/**
 * The limits the Graph docs state for branding strings and localization ids (emulator/store/branding/limits.ts gives each
 * rule's source): each is accepted at the limit and refused one past it, with Graph's 400 and error code, on the
 * default branding's PATCH, a localization's PATCH and a localization's POST alike.
 */
import { strict as assert } from "node:assert";
import { brandingPath, graphCall, graphErrorOf, localePath, statusAndCode, tokens, type Tokens } from "./branding-helpers";
import { IDS, useEmulator } from "../support/emulator";

const DEFAULT = { "accept-language": "0" };

/** A URL of exactly `n` ASCII characters. */
const urlOf = (n: number) => {
    const base = "https://contoso.com/";
    return base + "a".repeat(n - base.length);
};

/** Each documented limit: a value at it and one past it. */
const LIMITS: ReadonlyArray<{ property: string; rule: string; atLimit: string; past: string }> = [
    { property: "signInPageText", rule: "1024 characters", atLimit: "é".repeat(1024), past: "é".repeat(1025) },
    { property: "usernameHintText", rule: "64 characters", atLimit: "x".repeat(64), past: "x".repeat(65) },
    ...[
        "customCannotAccessYourAccountText",
        "customForgotMyPasswordText",
        "customPrivacyAndCookiesText",
        "customResetItNowText",
        "customTermsOfUseText",
    ].map((property) => ({ property, rule: "256 characters", atLimit: "t".repeat(256), past: "t".repeat(257) })),
    ...["customAccountResetCredentialsUrl", "customCannotAccessYourAccountUrl", "customPrivacyAndCookiesUrl", "customTermsOfUseUrl"].flatMap(
        (property) => [
            { property, rule: "128 characters", atLimit: urlOf(128), past: urlOf(129) },
            { property, rule: "ASCII", atLimit: "https://contoso.com/t%C3%A9rms", past: "https://contoso.com/térms" },
        ],
    ),
    { property: "backgroundColor", rule: "#RRGGBB", atLimit: "#0f6CBD", past: "#0F6CBD0" },
];

describe("emulator Graph branding limits", () => {
    const f = useEmulator();
    let t: Tokens;
    beforeEach(async () => {
        t = await tokens(f.emu);
    });

    const patchDefault = (json: unknown) => graphCall(f.emu, "PATCH", brandingPath(), { token: t.contoso, json, headers: DEFAULT });

    for (const { property, rule, atLimit, past } of LIMITS) {
        it(`accepts ${property} at its limit (${rule})`, async () => {
            assert.equal((await patchDefault({ [property]: atLimit })).status, 204);
            assert.equal((await f.emu.admin.branding(IDS.tenantId))?.default[property as "signInPageText"], atLimit);
        });

        it(`refuses ${property} past its limit (${rule}) with 400 Request_BadRequest, and keeps the stored value`, async () => {
            const before = (await f.emu.admin.branding(IDS.tenantId))?.default[property as "signInPageText"];
            const res = await patchDefault({ [property]: past });
            assert.deepEqual(statusAndCode(res), [400, "Request_BadRequest"]);
            assert.equal(graphErrorOf(res).message, `Invalid value specified for property '${property}' of resource 'OrganizationalBranding'.`);
            assert.equal((await f.emu.admin.branding(IDS.tenantId))?.default[property as "signInPageText"], before);
        });
    }

    it("counts characters as code points: 64 emoji fit usernameHintText", async () => {
        assert.equal((await patchDefault({ usernameHintText: "😀".repeat(64) })).status, 204);
    });

    it("accepts an empty string for every limited property, which is how an unset text reads", async () => {
        assert.equal((await patchDefault(Object.fromEntries(LIMITS.map((l) => [l.property, ""])))).status, 204);
    });

    it("refuses a localization's PATCH past a limit as the default's", async () => {
        await graphCall(f.emu, "POST", `${brandingPath()}/localizations`, { token: t.contoso, json: { id: "fr-FR" } });
        const res = await graphCall(f.emu, "PATCH", localePath("fr-FR"), { token: t.contoso, json: { usernameHintText: "x".repeat(65) } });
        assert.deepEqual(statusAndCode(res), [400, "Request_BadRequest"]);
    });

    it("refuses a localization's POST past a limit and creates nothing", async () => {
        const res = await graphCall(f.emu, "POST", `${brandingPath()}/localizations`, {
            token: t.contoso,
            json: { id: "fr-FR", signInPageText: "x".repeat(1025) },
        });
        assert.deepEqual(statusAndCode(res), [400, "Request_BadRequest"]);
        assert.deepEqual((await f.emu.admin.branding(IDS.tenantId))?.localizations, {});
    });

    for (const id of ["fr-FR", "fr"]) {
        it(`creates a localization with the culture name ${id}`, async () => {
            const res = await graphCall(f.emu, "POST", `${brandingPath()}/localizations`, { token: t.contoso, json: { id } });
            assert.equal(res.status, 201);
        });
    }

    for (const id of ["fr-fr", "FR-fr", "fra", "fr_FR", "fr-FRA", "en-US-x"]) {
        it(`refuses the localization id ${id}, not a culture name as the docs write them, with 400 Request_BadRequest`, async () => {
            const res = await graphCall(f.emu, "POST", `${brandingPath()}/localizations`, { token: t.contoso, json: { id } });
            assert.deepEqual(statusAndCode(res), [400, "Request_BadRequest"]);
            assert.match(graphErrorOf(res).message, /Invalid locale id value/);
        });
    }
});
