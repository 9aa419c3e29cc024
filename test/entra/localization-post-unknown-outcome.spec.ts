/**
 * Regression: the POST that creates a branding localization (and, through one, a tenant's default branding) was not
 * repeated after a 5xx, a reset or a broken answer, so the create failed although repeating it is safe: a localization
 * is keyed by its locale, and the service answers 409 to a second one. And when that POST had acted, the next up took
 * the localization for one that existed before tenantkit, so destroy left it behind. Now it is looked up first (after
 * one request timeout when no answer came) and posted again only when it is not there.
 */
import { strict as assert } from "node:assert";
import { BrandingApi } from "../../provider/entra/organizationalBranding/api";
import { emulatorClient } from "../support/emulatorClient";
import { IDS, useEmulator } from "../support/emulator";
import { graphService } from "../../provider/entra/graphService";

describe("regression: a localization POST with an unknown outcome is looked up, then sent again", function () {
    this.timeout(30_000);
    const fx = useEmulator();
    const org = IDS.fabrikamTenantId;
    const fabrikam = {
        tenantId: IDS.fabrikamDomain,
        clientId: IDS.fabrikamClientId,
        clientSecret: IDS.fabrikamClientSecret,
        requestTimeoutSeconds: "1",
    };
    const api = (locale: string) => new BrandingApi(emulatorClient(fx.emu.url, graphService, fabrikam), org, locale);
    const localizations = async () => Object.keys((await fx.emu.admin.branding(org))?.localizations ?? {});
    const calls = async () =>
        (await fx.emu.admin.requests({ service: "graph" })).map(
            (r) => `${r.method} ${r.path.split("/branding")[1]} ${r.status}${r.fault ? ` (${r.fault})` : ""}`,
        );

    for (const fault of [{ kind: "status", status: 500 }, { kind: "reset" }, { kind: "malformed" }] as const) {
        it(`creates the localization after a ${fault.kind === "status" ? fault.status : fault.kind} on its POST`, async () => {
            await fx.emu.admin.setFaults({ match: { service: "graph", method: "POST" }, ...fault });
            await api("fr-FR").createLocalization({});
            assert.deepEqual(await localizations(), ["fr-FR"]);
            assert.deepEqual(
                (await calls()).map((c) => c.split(" ").slice(0, 2).join(" ")),
                ["POST /localizations", "GET /localizations/fr-FR", "POST /localizations"],
            );
        });
    }

    it("waits for a POST served after the timeout instead of sending a second one", async () => {
        await fx.emu.admin.setFaults({ match: { service: "graph", method: "POST" }, kind: "delay", delayMs: 1500 });
        await api("fr-FR").createLocalization({});
        assert.deepEqual(await localizations(), ["fr-FR"]);
        assert.deepEqual(await calls(), ["POST /localizations 201 (delay)", "GET /localizations/fr-FR 200"]);
    });
});
