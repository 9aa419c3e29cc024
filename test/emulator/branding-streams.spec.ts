import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import { DEFAULT_BANNER_LOGO_PNG } from "../../emulator/seeds/default";
import { solidPng } from "../../emulator/seeds/png";
import { brandingPath, graphCall, graphErrorOf, localePath, statusAndCode, tokens, type Tokens } from "./branding-helpers";
import { IDS, useEmulator } from "../support/emulator";

const KB = 1024;

describe("emulator Graph branding streams", () => {
    const f = useEmulator();
    let t: Tokens;
    beforeEach(async () => {
        t = await tokens(f.emu);
    });

    function put(locale: string, stream: string, body: Uint8Array | string, contentType = "image/png"): ReturnType<typeof graphCall> {
        return graphCall(f.emu, "PUT", `${localePath(locale)}/${stream}`, { token: t.contoso, body, headers: { "content-type": contentType } });
    }

    async function relativeUrl(name: string): Promise<unknown> {
        return ((await graphCall(f.emu, "GET", brandingPath(), { token: t.contoso })).json as Record<string, unknown>)[`${name}RelativeUrl`];
    }

    it("returns the seeded banner logo byte for byte with its content type", async () => {
        const res = await graphCall(f.emu, "GET", `${localePath("default")}/bannerLogo`, { token: t.contoso });
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("content-type"), "image/png");
        assert.ok(res.bytes.equals(DEFAULT_BANNER_LOGO_PNG));
        assert.deepEqual([...res.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "a real PNG");
    });

    it("round-trips an uploaded image by bytes and content type, with 204 for the PUT", async () => {
        const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
        const res = await put("0", "backgroundImage", jpeg, "image/jpeg");
        assert.deepEqual([res.status, res.text], [204, ""]);
        const back = await graphCall(f.emu, "GET", `${localePath("0")}/backgroundImage`, { token: t.contoso });
        assert.deepEqual([back.status, back.headers.get("content-type")], [200, "image/jpeg"]);
        assert.ok(back.bytes.equals(jpeg));
        const info = (await f.emu.admin.branding(IDS.tenantId))?.default.backgroundImage;
        assert.deepEqual([info?.size, info?.sha256], [jpeg.length, createHash("sha256").update(jpeg).digest("hex")]);
    });

    it("answers 200 {} for an image that is not set", async () => {
        const res = await graphCall(f.emu, "GET", `${localePath("0")}/squareLogoDark`, { token: t.contoso });
        assert.deepEqual([res.status, res.text], [200, "{}"]);
        assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    });

    it("gives every upload a new relative URL, and null once the image is deleted", async () => {
        const before = await relativeUrl("bannerLogo");
        await put("0", "bannerLogo", solidPng(10, 10, [9, 9, 9]));
        const first = await relativeUrl("bannerLogo");
        await put("0", "bannerLogo", solidPng(10, 10, [9, 9, 9]));
        const second = await relativeUrl("bannerLogo");
        assert.equal(new Set([before, first, second]).size, 3, "same clock, same bytes, still three URLs");
        assert.match(String(second), /\/logintenantbranding\/0\/bannerlogo\?ts=\d+$/);
        assert.equal((await graphCall(f.emu, "DELETE", `${localePath("0")}/bannerLogo`, { token: t.contoso })).status, 204);
        assert.equal(await relativeUrl("bannerLogo"), null);
        const body = (await graphCall(f.emu, "GET", brandingPath(), { token: t.contoso })).json as { cdnList: string[] };
        assert.deepEqual(body.cdnList, [], "no image left, no CDN");
    });

    it("deletes an unset image with 204 as well (idempotent)", async () => {
        assert.equal((await graphCall(f.emu, "DELETE", `${localePath("0")}/favicon`, { token: t.contoso })).status, 204);
    });

    it("puts a localization's images under its LCID in the relative URL", async () => {
        await f.emu.admin.updateBranding(IDS.tenantId, "fr-FR", {}, { create: true });
        assert.equal((await put("fr-FR", "bannerLogo", solidPng(8, 8, [1, 1, 1]))).status, 204);
        const fr = (await graphCall(f.emu, "GET", localePath("fr-FR"), { token: t.contoso })).json as Record<string, unknown>;
        assert.match(String(fr.bannerLogoRelativeUrl), /\/logintenantbranding\/1036\/bannerlogo\?ts=/);
        assert.equal((fr.cdnList as string[]).length, 3);
    });

    it("refuses a content type outside the documented list with 415, and an empty body with 400", async () => {
        const svg = await put("0", "squareLogo", "<svg/>", "image/svg+xml");
        assert.equal(svg.status, 415);
        assert.match(graphErrorOf(svg).message, /image\/svg\+xml/);
        assert.equal((await put("0", "squareLogo", "body", "")).status, 415, "no Content-Type at all");
        assert.equal((await put("0", "squareLogo", "")).status, 400);
        assert.equal((await f.emu.admin.branding(IDS.tenantId))?.default.squareLogo, null);
    });

    it("accepts text/css for customCSS (besides the image types the OpenAPI lists) but not for an image", async () => {
        const css = ".ext-sign-in-box { background: #fff; }";
        assert.equal((await put("0", "customCSS", css, "text/css; charset=utf-8")).status, 204);
        const back = await graphCall(f.emu, "GET", `${localePath("0")}/customCSS`, { token: t.contoso });
        assert.deepEqual([back.headers.get("content-type"), back.text], ["text/css", css]);
        assert.equal((await put("0", "favicon", css, "text/css")).status, 415);
    });

    it("accepts application/octet-stream, the Graph SDKs' default, and serves the bytes back with their image type", async () => {
        const png = solidPng(8, 8, [9, 9, 9]);
        assert.equal((await put("0", "bannerLogo", png, "application/octet-stream")).status, 204);
        const back = await graphCall(f.emu, "GET", `${localePath("0")}/bannerLogo`, { token: t.contoso });
        assert.deepEqual([back.status, back.headers.get("content-type")], [200, "image/png"]);
        assert.ok(back.bytes.equals(Buffer.from(png)));
        const css = ".ext-footer { display: none; }";
        assert.equal((await put("0", "customCSS", css, "application/octet-stream")).status, 204);
        const cssBack = await graphCall(f.emu, "GET", `${localePath("0")}/customCSS`, { token: t.contoso });
        assert.deepEqual([cssBack.headers.get("content-type"), cssBack.text], ["text/css", css]);
    });

    it("echoes the caller's client-request-id on a stream PUT, as on every Graph response", async () => {
        const id = "5e1f0c1a-0000-4000-8000-00000000abcd";
        const res = await graphCall(f.emu, "PUT", `${localePath("0")}/squareLogo`, {
            token: t.contoso,
            body: solidPng(8, 8, [1, 2, 3]),
            headers: { "content-type": "image/png", "client-request-id": id },
        });
        assert.equal(res.status, 204);
        assert.equal(res.headers.get("client-request-id"), id);
        assert.match(res.headers.get("request-id") ?? "", /^[0-9a-f-]{36}$/);
    });

    for (const [stream, kb] of [
        ["backgroundImage", 300],
        ["bannerLogo", 50],
        ["headerLogo", 10],
        ["squareLogo", 50],
        ["squareLogoDark", 50],
        ["favicon", 5],
        ["customCSS", 25],
    ] as const) {
        it(`accepts a ${stream} of exactly ${kb} KB and refuses one byte more with 400`, async () => {
            assert.equal((await put("0", stream, Buffer.alloc(kb * KB, 7))).status, 204);
            const res = await put("0", stream, Buffer.alloc(kb * KB + 1, 8));
            assert.deepEqual(statusAndCode(res), [400, "Request_BadRequest"]);
            assert.match(graphErrorOf(res).message, new RegExp(`${kb} KB`));
            assert.equal((await f.emu.admin.branding(IDS.tenantId))?.default[stream]?.size, kb * KB, "the accepted one stays");
        });
    }

    it("answers 404 to an upload for a locale without a localization, and in a tenant without branding", async () => {
        assert.deepEqual(statusAndCode(await put("nl-NL", "bannerLogo", "x")), [404, "Request_ResourceNotFound"]);
        const fabrikam = await graphCall(f.emu, "PUT", `${localePath("0", IDS.fabrikamTenantId)}/bannerLogo`, {
            token: t.fabrikam,
            body: "x",
            headers: { "content-type": "image/png" },
        });
        assert.deepEqual(statusAndCode(fabrikam), [404, "Request_ResourceNotFound"]);
    });

    it("refuses PUT of a JSON property with 405 and of an unknown segment with 400", async () => {
        assert.equal((await put("0", "signInPageText", "x")).status, 405);
        assert.equal((await put("0", "bannerLogos", "x")).status, 400);
    });

    it("answers PATCH /branding/{stream}, the undocumented form, with 400 Request_UnsupportedQuery", async () => {
        const res = await graphCall(f.emu, "PATCH", `${brandingPath()}/bannerLogo`, {
            token: t.contoso,
            body: "x",
            headers: { "content-type": "image/png" },
        });
        assert.deepEqual(statusAndCode(res), [400, "Request_UnsupportedQuery"]);
        assert.equal(graphErrorOf(res).message, "Invalid locale id value bannerLogo. It must be a valid ISO-639 locale.");
    });

    it("answers PUT /branding/{stream}, the OpenAPI form, with 405 Request_BadRequest and stores nothing", async () => {
        const res = await graphCall(f.emu, "PUT", `${brandingPath()}/squareLogo`, {
            token: t.contoso,
            body: "x",
            headers: { "content-type": "image/png" },
        });
        assert.deepEqual(statusAndCode(res), [405, "Request_BadRequest"]);
        assert.equal(graphErrorOf(res).message, "Uri is invalid for a PUT operation. The URI must refer to an entity.");
        assert.equal((await f.emu.admin.branding(IDS.tenantId))?.default.squareLogo, null);
    });
});
