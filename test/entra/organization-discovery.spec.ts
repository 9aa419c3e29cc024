/**
 * A branding or localization without `organizationId` asks Graph for the organization (`GET /organization`). It sent
 * that GET on every create: 500 in an up of 500 localizations. Now it is asked once per session (tenant, endpoint and
 * credentials) for the life of the provider host, concurrent first creates share the one request, and a failed
 * discovery is not kept: the next create asks again. Run the way the engine runs it: a program through the engine
 * harness, and concurrent steps on one real provider host; the requests are read from the emulator's log.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { LifecycleRunner } from "../../harness/lifecycle";
import { startHost, type ProviderHost } from "../../harness/host";
import { serializeProvider } from "../../harness/serialize";
import type { PropertyMap } from "../../harness/wire";
import { stub } from "../../provider/entra/brandingLocalization/resource";
import { IDS, useEmulator } from "../support/emulator";
import { emulatorConfig, useStateDir } from "../support/stacks";

const PROGRAM = path.resolve(__dirname, "..", "fixtures", "programs", "branding", "index.ts");
const URN = "urn:pulumi:dev::discovery::pulumi-nodejs:dynamic/tenantkit:OrganizationalBrandingLocalization::loc";
const LOCALES = ["fr-FR", "de-DE", "es-ES", "it-IT", "nl-NL"];

describe("the organization id of a branding without organizationId is discovered once per tenant and session", function () {
    this.timeout(120_000);
    const fx = useEmulator();
    const states = useStateDir("tk-org-discovery-", { hostCwd: true });
    let host: ProviderHost | undefined;
    let provider = "";

    before(async () => {
        provider = await serializeProvider(stub);
    });
    afterEach(async () => {
        await host?.close();
        host = undefined;
    });

    /** GET /organization requests in the emulator's log (the list, not one organization's paths). */
    const discoveries = async () => (await fx.emu.admin.requests({ service: "graph", method: "GET", path: "/v1\\.0/organization$" })).length;
    const locales = async (tenant: string) => Object.keys((await fx.emu.admin.branding(tenant))?.localizations ?? {}).sort();

    /** A provider host in a program folder of its own, configured with the quickstart app's stack config (contoso). */
    const startProgramHost = async (): Promise<ProviderHost> => {
        const cwd = fs.mkdtempSync(path.join(states.dir, "host-"));
        fs.symlinkSync(path.resolve(__dirname, "..", "..", "node_modules"), path.join(cwd, "node_modules"), "dir");
        host = await startHost({ cwd, project: "discovery" });
        await host.configure(emulatorConfig(fx));
        return host;
    };
    /** Check then create of a localization on the host, as the engine steps a new resource. */
    const create = async (h: ProviderHost, props: PropertyMap) => {
        const checked = await h.check({ urn: URN, news: { ...props, __provider: provider } });
        assert.deepEqual(checked.failures, []);
        return h.create({ urn: URN, properties: checked.inputs });
    };
    const fabrikam = () => ({
        emulator: fx.emu.url,
        tenantId: IDS.fabrikamDomain,
        clientId: IDS.fabrikamClientId,
        clientSecret: IDS.fabrikamClientSecret,
    });

    it("an up of five localizations sends one GET /organization", async () => {
        const localizations = Object.fromEntries(LOCALES.map((l) => [l, { signInPageText: `Sign in (${l})` }]));
        const stack = new LifecycleRunner({
            programPath: PROGRAM,
            cwd: states.dir,
            statePath: states.statePath("five"),
            project: "brandprog",
            config: { ...emulatorConfig(fx), "brandprog:localizations": JSON.stringify(localizations) },
        });
        const up = await stack.up();
        assert.deepEqual(up.errors, [], JSON.stringify(up.errors, null, 2));
        assert.deepEqual(await locales(IDS.tenantId), [...LOCALES].sort());
        assert.equal(await discoveries(), 1);
    });

    it("two tenants in one host each discover their own organization, once", async () => {
        const h = await startProgramHost();
        // Alternating: the stack config's tenant (contoso) and a connection to fabrikam, twice each.
        for (const [i, locale] of ["fr-FR", "de-DE", "es-ES", "it-IT"].entries()) {
            const connection: PropertyMap = i % 2 === 1 ? { connection: fabrikam() } : {};
            const made = await create(h, { locale, signInPageText: `Sign in (${locale})`, ...connection });
            assert.equal(made.outs.organizationId, i % 2 === 1 ? IDS.fabrikamTenantId : IDS.tenantId);
        }
        assert.deepEqual(await locales(IDS.tenantId), ["es-ES", "fr-FR"]);
        assert.deepEqual(await locales(IDS.fabrikamTenantId), ["de-DE", "it-IT"]);
        assert.equal(await discoveries(), 2);
    });

    it("a failed discovery is not kept: the next create asks again, and the one after uses its answer", async () => {
        const h = await startProgramHost();
        // Every attempt of the first create's GET /organization fails: the client gives up after five.
        await fx.emu.admin.setFaults({
            match: { service: "graph", method: "GET", path: "/organization$" },
            kind: "status",
            status: 503,
            retryAfter: "0",
            times: 5,
        });
        await assert.rejects(create(h, { locale: "fr-FR", signInPageText: "Accès réservé" }), /organization/);
        assert.equal(await discoveries(), 5);
        await create(h, { locale: "fr-FR", signInPageText: "Accès réservé" });
        assert.equal(await discoveries(), 6, "the create after the failure did not ask again");
        await create(h, { locale: "de-DE", signInPageText: "Zutritt nur mit Genehmigung" });
        assert.equal(await discoveries(), 6, "the answer of the successful discovery was not kept");
        assert.deepEqual(await locales(IDS.tenantId), ["de-DE", "fr-FR"]);
    });

    it("concurrent first creates share one GET /organization", async () => {
        const h = await startProgramHost();
        // The answer comes late, so every create starts while the first discovery is in flight.
        await fx.emu.admin.setFaults({ match: { service: "graph", method: "GET", path: "/organization$" }, kind: "delay", delayMs: 500, times: 1 });
        const made = await Promise.all(LOCALES.map((locale) => create(h, { locale, signInPageText: `Sign in (${locale})` })));
        assert.deepEqual(
            made.map((m) => m.outs.organizationId),
            LOCALES.map(() => IDS.tenantId),
        );
        assert.deepEqual(await locales(IDS.tenantId), [...LOCALES].sort());
        assert.equal(await discoveries(), 1);
    });
});
