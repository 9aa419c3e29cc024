/**
 * The branding routes against the official example payloads in test/fixtures/conformance/graph-branding-*
 * (microsoft-graph-docs-contrib, see SOURCES.md there). The examples' organizations are seeded with the
 * examples' own ids and values, so responses can be compared key by key; only the tenant-specific first
 * segment of a relative URL and its `ts` differ, and are normalized before comparing.
 */
import { strict as assert } from "node:assert";
import { defaultSeed } from "../../emulator/seeds/default";
import { solidPng } from "../../emulator/seeds/png";
import type { TenantInput } from "../../emulator/store/state";
import { conformance } from "../support/conformance";
import { brandingPath, graphCall, localePath, shape, tenantToken } from "./branding-helpers";
import { T0, useEmulator } from "../support/emulator";

type Json = Record<string, unknown>;

/** Organization ids of the documented examples. */
const ORG_GET = "99b24e1b-abec-4598-9d63-a2baf0a3cea1"; // branding get, localization get, property get
const ORG_LIST = "84841066-274d-4ec0-a5c1-276be684bdd3"; // fr-FR get, localizations list
const ORG_CREATE = "d69179bf-f4a4-41a9-a9de-249c0f2efb1d"; // localization create, update
const CLIENT = { clientId: "5e0c4b7a-1d2f-4e3a-9b8c-7d6e5f4a3b2c", secret: "conformance-secret" };

function tenant(id: string): TenantInput {
    const clients = [
        {
            clientId: CLIENT.clientId,
            displayName: "conformance",
            secret: CLIENT.secret,
            permissions: { graph: ["OrganizationalBranding.ReadWrite.All"], powerbi: [], devops: [] },
        },
    ];
    return { id, domains: [`${id.slice(0, 8)}.onmicrosoft.com`], clients, users: [] };
}

/** The relative URLs with the tenant-specific segment and the ticks replaced, so two tenants' URLs compare. */
function normalize(body: Json): Json {
    return JSON.parse(
        JSON.stringify(body, (_k, v: unknown) =>
            typeof v === "string" && v.includes("/logintenantbranding/") ? v.replace(/^[^/]+/, "TENANT").replace(/ts=\d+/, "ts=TICKS") : v,
        ),
    ) as Json;
}

/** `$select` of the example's properties (everything but annotations and id). */
function selectOf(example: Json): string {
    return `$select=${Object.keys(example)
        .filter((k) => !k.startsWith("@") && k !== "id")
        .join(",")}`;
}

describe("emulator conformance with the official Graph branding examples", () => {
    const f = useEmulator();
    const png = solidPng(16, 16, [0, 120, 212]);
    const token = (tid: string): Promise<string> => tenantToken(f.emu, tid, CLIENT.clientId, CLIENT.secret);

    beforeEach(async () => {
        await f.emu.admin.seed({ tenants: [...defaultSeed(T0).tenants, tenant(ORG_GET), tenant(ORG_LIST), tenant(ORG_CREATE)] });
        const admin = f.emu.admin;
        await admin.updateBranding(ORG_GET, "0", { backgroundColor: "", signInPageText: "Contoso", usernameHintText: "" }, { create: true });
        for (const stream of ["backgroundImage", "bannerLogo", "squareLogo"] as const)
            await admin.putBrandingStream(ORG_GET, "0", stream, png, "image/png");
        const france = "Welcome to Contoso France";
        await admin.updateBranding(ORG_GET, "fr-FR", { signInPageText: france, usernameHintText: france }, { create: true });
        await admin.putBrandingStream(ORG_GET, "fr-FR", "bannerLogo", png, "image/png");
        await admin.updateBranding(ORG_LIST, "0", { signInPageText: "Contoso" }, { create: true });
        for (const stream of ["backgroundImage", "bannerLogo", "squareLogo"] as const)
            await admin.putBrandingStream(ORG_LIST, "0", stream, png, "image/png");
        await admin.updateBranding(ORG_LIST, "fr-FR", { backgroundColor: "#FFFF33", signInPageText: " ", usernameHintText: " " }, { create: true });
        await admin.updateBranding(
            ORG_LIST,
            "fr",
            { backgroundColor: "#FFFF33", signInPageText: "Welcome", usernameHintText: "hint" },
            { create: true },
        );
    });

    it("reproduces the default branding GET (Accept-Language: 0) key for key", async () => {
        const official = conformance<Json>("graph-branding-get.response.json");
        const res = await graphCall(f.emu, "GET", `${brandingPath(ORG_GET)}?${selectOf(official)}`, {
            token: await token(ORG_GET),
            headers: { "accept-language": "0" },
        });
        assert.deepEqual(normalize(res.json as Json), normalize(official));
        assert.deepEqual(Object.keys(res.json as Json), Object.keys(official));
    });

    it("answers the unselected GET with every documented key and value type, plus the other properties", async () => {
        const official = conformance<Json>("graph-branding-get.response.json");
        const body = (await graphCall(f.emu, "GET", brandingPath(ORG_GET), { token: await token(ORG_GET) })).json as Json;
        const ours = shape(body);
        for (const [key, type] of Object.entries(shape(official))) assert.equal(ours[key], type, key);
    });

    it("reproduces the fr-FR GET by Accept-Language exactly", async () => {
        const official = conformance<Json>("graph-branding-get-locale-fr-fr.response.json");
        const res = await graphCall(f.emu, "GET", `${brandingPath(ORG_LIST)}?${selectOf(official)}`, {
            token: await token(ORG_LIST),
            headers: { "accept-language": "fr-FR" },
        });
        assert.deepEqual(res.json, official);
    });

    it("reproduces the localizations list (default first) with the example's keys per item", async () => {
        await f.emu.admin.deleteBrandingLocalization(ORG_LIST, "fr-FR"); // the list example holds the default and fr only
        const official = conformance<{ "@odata.context": string; value: Json[] }>("graph-branding-localizations-list.response.json");
        const res = await graphCall(f.emu, "GET", `${brandingPath(ORG_LIST)}/localizations?${selectOf(official.value[0])}`, {
            token: await token(ORG_LIST),
        });
        assert.deepEqual(normalize(res.json as Json), normalize(official as unknown as Json));
    });

    it("reproduces the localization GET with its annotations and the LCID in the image URL", async () => {
        const official = conformance<Json>("graph-branding-localization-get.response.json");
        const res = await graphCall(f.emu, "GET", `${localePath("fr-FR", ORG_GET)}?${selectOf(official)}`, { token: await token(ORG_GET) });
        assert.deepEqual(normalize(res.json as Json), normalize(official));
    });

    it("reproduces the property GET exactly", async () => {
        const official = conformance<Json>("graph-branding-localization-get-property.response.json");
        const res = await graphCall(f.emu, "GET", `${localePath("fr-FR", ORG_GET)}/usernameHintText`, { token: await token(ORG_GET) });
        assert.deepEqual(res.json, official);
    });

    it("accepts the documented create request and answers with the documented annotations, keys and types", async () => {
        const official = conformance<Json>("graph-branding-localization-create.response.json");
        const res = await graphCall(f.emu, "POST", `${brandingPath(ORG_CREATE)}/localizations`, {
            token: await token(ORG_CREATE),
            json: conformance("graph-branding-localization-create.request.json"),
        });
        assert.equal(res.status, 201);
        const body = res.json as Json;
        assert.deepEqual([body["@odata.context"], body["@odata.id"], body.id], [official["@odata.context"], official["@odata.id"], official.id]);
        const ours = shape(body);
        for (const [key, type] of Object.entries(shape(official))) assert.equal(ours[key], type, key);
    });

    it("answers exactly {} for the banner logo of a branding that has none", async () => {
        await graphCall(f.emu, "POST", `${brandingPath(ORG_CREATE)}/localizations`, { token: await token(ORG_CREATE), json: { id: "fr-FR" } });
        const res = await graphCall(f.emu, "GET", `${localePath("default", ORG_CREATE)}/bannerLogo`, { token: await token(ORG_CREATE) });
        assert.deepEqual([res.status, res.json], [200, conformance("graph-branding-get-bannerlogo-not-set.response.json")]);
        assert.equal(res.text, "{}");
    });

    it("accepts the documented update, localization update and blank-override requests with 204", async () => {
        const t = await token(ORG_GET);
        const update = await graphCall(f.emu, "PATCH", brandingPath(ORG_GET), {
            token: t,
            headers: { "accept-language": "0" },
            json: conformance("graph-branding-update.request.json"),
        });
        const fr = await graphCall(f.emu, "PATCH", localePath("fr-FR", ORG_GET), {
            token: t,
            json: conformance("graph-branding-localization-update.request.json"),
        });
        const blank = await graphCall(f.emu, "PATCH", localePath("fr-FR", ORG_GET), {
            token: t,
            json: conformance("graph-branding-localization-update-blank-override.request.json"),
        });
        assert.deepEqual([update.status, fr.status, blank.status], [204, 204, 204]);
        const stored = await f.emu.admin.branding(ORG_GET);
        assert.deepEqual([stored?.default.signInPageText, stored?.default.usernameHintText], ["Default", "DefaultHint"]);
        const frFr = stored?.localizations["fr-FR"];
        assert.deepEqual([frFr?.backgroundColor, frFr?.signInPageText, frFr?.usernameHintText], ["#00000F", "Welcome to Contoso France.", " "]);
    });

    it("accepts the documented delete request once the images are removed", async () => {
        const t = await token(ORG_LIST);
        for (const stream of ["backgroundImage", "bannerLogo", "squareLogo"]) {
            await graphCall(f.emu, "DELETE", `${localePath("0", ORG_LIST)}/${stream}`, { token: t });
        }
        const res = await graphCall(f.emu, "DELETE", brandingPath(ORG_LIST), { token: t, json: conformance("graph-branding-delete.request.json") });
        assert.equal(res.status, 204);
        assert.equal(await f.emu.admin.branding(ORG_LIST), null);
    });
});
