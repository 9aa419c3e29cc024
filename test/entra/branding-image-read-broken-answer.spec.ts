/**
 * Regression: reading a branding image (bytes, not JSON) took any 2xx body as the image. An HTML page served with 200
 * (a proxy's, a sign-in page) or a JSON body cut short became the tenant's "prior" banner logo in state, and destroy
 * would have put that page back as the banner: the tenant's real prior branding lost. Such an answer is now an
 * InvalidResponse, retried like a broken JSON answer.
 */
import { strict as assert } from "node:assert";
import { BrandingApi } from "../../provider/entra/organizationalBranding/api";
import { DEFAULT_BANNER_LOGO_PNG } from "../../emulator/seeds/default";
import { emulatorClient } from "../support/emulatorClient";
import { IDS, useEmulator } from "../support/emulator";
import { rejection } from "../support/rejection";
import { graphService } from "../../provider/entra/graphService";

describe("regression: an HTML page or broken JSON is never read as a branding image", function () {
    this.timeout(30_000);
    const fx = useEmulator();
    const banner = () => new BrandingApi(emulatorClient(fx.emu.url, graphService), IDS.tenantId, "0");
    const image = { service: "graph", method: "GET", path: "/bannerLogo$" } as const;

    for (const fault of [{ kind: "html", status: 200 }, { kind: "malformed" }] as const) {
        it(`reads the banner again after ${fault.kind === "html" ? "an HTML page with 200" : "a malformed JSON body"}`, async () => {
            await fx.emu.admin.setFaults({ match: image, ...fault });
            const read = await banner().getImage("bannerLogo");
            assert.equal(read?.contentType, "image/png");
            assert.ok(read?.bytes.equals(DEFAULT_BANNER_LOGO_PNG), "the bytes are the seeded banner's");
            assert.equal((await fx.emu.admin.requests({ service: "graph", path: "/bannerLogo$" })).length, 2);
        });
    }

    it("says what came instead of the image when every attempt got the page", async () => {
        await fx.emu.admin.setFaults({ match: image, kind: "html", status: 200, times: 5 });
        const err = await rejection(banner().getImage("bannerLogo"));
        assert.equal(err.code, "InvalidResponse");
        assert.match(
            err.message,
            /^read bannerLogo: graph GET \/v1\.0\/organization\/[0-9a-f-]+\/branding\/localizations\/0\/bannerLogo failed after 5 attempts: 200 InvalidResponse: expected the object's bytes, got an HTML page titled "Sign in to your account"/,
        );
    });
});
