/**
 * Generated tenants (`startEmulator({ tenants: N })`, `--tenants N`): what a fleet program or a user's test relies on.
 * Each tenant's application signs in with the secret fleetTenant(i) gives and manages its own branding and workspace,
 * and nothing of another tenant's; the settings are the same on every run; the default seed's tenants are untouched.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fleetTenant, fleetTenants, startEmulator, type RunningEmulator } from "../../emulator/server";
import type { Seed } from "../../emulator/store/state";
import { defaultSeed } from "../../emulator/seeds/default";
import { brandingPath, graphCall, graphErrorOf, orgPath, statusAndCode, tenantToken } from "./branding-helpers";
import { base, createDataset, PBI_SCOPE, pbi, pbiError, simpleDataset } from "./powerbi-helpers";
import { Clock, postToken, T0 } from "../support/emulator";
import { appToken } from "../../harness/emulatorStack";

const [ONE, TWO] = [fleetTenant(1), fleetTenant(2)];

function graphToken(emu: RunningEmulator, t = TWO): Promise<string> {
    return tenantToken(emu, t.domain, t.clientId, t.clientSecret);
}

function powerBiToken(emu: RunningEmulator, t = TWO): Promise<string> {
    return appToken(emu.url, { scope: PBI_SCOPE, app: { domain: t.domain, clientId: t.clientId, secret: t.clientSecret } });
}

/** The directory as one string, to compare two starts byte for byte. */
function directory(seed: Seed): string {
    return JSON.stringify(seed.tenants);
}

describe("emulator: fleetTenant(i), the settings of generated tenant i", () => {
    it("publishes each tenant's settings as a readable scheme derived from its index", () => {
        assert.deepEqual(fleetTenant(12), {
            index: 12,
            tenantId: "f1ee7000-0000-4000-8000-000000000012",
            domain: "tenant-0012.onmicrosoft.com",
            displayName: "Tenant 0012",
            clientId: "f1ee7001-0000-4000-8000-000000000012",
            clientSecret: "tenant-0012-secret-not-for-production",
            workspaceId: "f1ee7002-0000-4000-8000-000000000012",
            workspaceName: "Reports",
        });
    });

    it("sorts the domains of 1,000 tenants in index order", () => {
        const domains = fleetTenants(1000).map((t) => t.domain);
        assert.deepEqual([...domains].sort(), domains);
        assert.equal(domains[999], "tenant-1000.onmicrosoft.com");
    });

    it("refuses an index outside 1 to 9999, naming the range", () => {
        assert.throws(() => fleetTenant(0), /index is an integer from 1 to 9999 \(tenant-0001 is 1\), got 0/);
        assert.throws(() => fleetTenant(10_000), /from 1 to 9999 .*got 10000/);
    });
});

describe("emulator: generated tenants (tenants: N)", () => {
    const clock = new Clock();
    let emu: RunningEmulator;
    let initial: Seed;

    before(async () => {
        emu = await startEmulator({ now: clock.now, tenants: 3 });
        initial = await emu.admin.state();
    });
    beforeEach(async () => {
        clock.set(T0);
        await emu.admin.seed(initial);
    });
    after(async () => {
        await emu.close();
    });

    it("serves the default seed's tenants first, exactly as an emulator without generated tenants does", async () => {
        const plain = await startEmulator({ now: clock.now });
        try {
            const state = await emu.admin.state();
            assert.equal(directory({ tenants: state.tenants.slice(0, 3) }), directory(await plain.admin.state()));
            assert.deepEqual(
                state.tenants.map((t) => t.domains[0]),
                [...defaultSeed(T0).tenants.map((t) => t.domains[0]), ONE.domain, TWO.domain, fleetTenant(3).domain],
            );
        } finally {
            await plain.close();
        }
    });

    it("gives the same tenants, ids and secrets on every start", async () => {
        const again = await startEmulator({ tenants: 3 });
        try {
            // The default seed's pass times and image URLs follow the start time; the generated tenants have neither.
            assert.equal(directory({ tenants: (await again.admin.state()).tenants.slice(3) }), directory({ tenants: initial.tenants.slice(3) }));
            const generated = initial.tenants.slice(3);
            assert.deepEqual(
                generated.map((t) => [t.id, t.domains[0], t.clients[0].clientId, t.clients[0].secret, t.powerbi?.workspaces[0].id]),
                fleetTenants(3).map((s) => [s.tenantId, s.domain, s.clientId, s.clientSecret, s.workspaceId]),
            );
        } finally {
            await again.close();
        }
    });

    it("a generated tenant's application signs in with its secret and reads its own organization and branding", async () => {
        const token = await graphToken(emu);
        const orgs = await graphCall(emu, "GET", "/v1.0/organization", { token });
        assert.deepEqual(
            (orgs.json as { value: { id: string; displayName: string }[] }).value.map((o) => [o.id, o.displayName]),
            [[TWO.tenantId, "Tenant 0002"]],
        );
        const branding = await graphCall(emu, "GET", brandingPath(TWO.tenantId), { token, headers: { "accept-language": "0" } });
        assert.equal(branding.status, 200);
        const body = branding.json as { signInPageText: string; backgroundColor: string };
        assert.deepEqual([body.signInPageText, body.backgroundColor], ["Tenant 0002", "#0F6CBD"]);
    });

    it("a generated tenant's application changes its branding and adds a localization", async () => {
        const token = await graphToken(emu);
        const patched = await graphCall(emu, "PATCH", brandingPath(TWO.tenantId), {
            token,
            headers: { "accept-language": "0" },
            json: { signInPageText: "Fleet standard" },
        });
        assert.equal(patched.status, 204, patched.text);
        const added = await graphCall(emu, "POST", `${brandingPath(TWO.tenantId)}/localizations`, {
            token,
            json: { id: "fr-FR", signInPageText: "Bonjour" },
        });
        assert.equal(added.status, 201, added.text);
        const stored = await emu.admin.branding(TWO.tenantId);
        assert.deepEqual([stored?.default.signInPageText, Object.keys(stored?.localizations ?? {})], ["Fleet standard", ["fr-FR"]]);
    });

    it("tenant 2's application gets 404 Request_ResourceNotFound for tenant 1's branding, and changes nothing there", async () => {
        const token = await graphToken(emu);
        const read = await graphCall(emu, "GET", brandingPath(ONE.tenantId), { token, headers: { "accept-language": "0" } });
        assert.deepEqual(statusAndCode(read), [404, "Request_ResourceNotFound"]);
        assert.match(graphErrorOf(read).message, new RegExp(`Resource '${ONE.tenantId}' does not exist`));
        const write = await graphCall(emu, "PATCH", brandingPath(ONE.tenantId), {
            token,
            headers: { "accept-language": "0" },
            json: { signInPageText: "x" },
        });
        assert.deepEqual(statusAndCode(write), [404, "Request_ResourceNotFound"]);
        assert.equal((await emu.admin.branding(ONE.tenantId))?.default.signInPageText, "Tenant 0001");
        const org = await graphCall(emu, "GET", orgPath(ONE.tenantId), { token });
        assert.equal(org.status, 404);
    });

    it("tenant 2's application cannot sign in to tenant 1: 400 AADSTS700016, the application is not in that directory", async () => {
        const res = await postToken(
            emu,
            {
                grant_type: "client_credentials",
                client_id: TWO.clientId,
                client_secret: TWO.clientSecret,
                scope: "https://graph.microsoft.com/.default",
            },
            ONE.domain,
        );
        assert.equal(res.status, 400);
        const body = res.json as { error: string; error_codes: number[]; error_description: string };
        assert.deepEqual([body.error, body.error_codes], ["unauthorized_client", [700016]]);
        assert.match(body.error_description, new RegExp(`not found in the directory '${ONE.domain}'`));
    });

    it("a generated tenant's application refuses another tenant's secret: 401 AADSTS7000215", async () => {
        const res = await postToken(
            emu,
            {
                grant_type: "client_credentials",
                client_id: TWO.clientId,
                client_secret: ONE.clientSecret,
                scope: "https://graph.microsoft.com/.default",
            },
            TWO.domain,
        );
        assert.equal(res.status, 401);
        assert.deepEqual((res.json as { error_codes: number[] }).error_codes, [7000215]);
    });

    it("a generated tenant's application creates a push dataset in its own workspace", async () => {
        const token = await powerBiToken(emu);
        const id = await createDataset(emu, token, TWO.workspaceId, simpleDataset("Fleet"));
        const list = await pbi(emu, "GET", `${base(TWO.workspaceId)}/datasets`, token);
        assert.deepEqual(
            (list.json as { value: { id: string; name: string }[] }).value.map((d) => [d.id, d.name]),
            [[id, "Fleet"]],
        );
    });

    it("tenant 2's application gets 404 PowerBIEntityNotFound for tenant 1's workspace", async () => {
        const res = await pbi(emu, "POST", `${base(ONE.workspaceId)}/datasets`, await powerBiToken(emu), simpleDataset());
        assert.equal(res.status, 404);
        assert.deepEqual(pbiError(res), { code: "PowerBIEntityNotFound", message: `Workspace ${ONE.workspaceId} was not found.` });
        assert.deepEqual((await emu.admin.powerBi(ONE.tenantId)).datasets, []);
    });
});

describe("emulator: starting with generated tenants", () => {
    it("refuses a count outside 0 to 9999 before it listens, naming the option", async () => {
        await assert.rejects(startEmulator({ tenants: -1 }), /tenants\) must be an integer from 0 to 9999, got -1/);
        await assert.rejects(startEmulator({ tenants: 2.5 }), /must be an integer from 0 to 9999, got 2\.5/);
    });

    it("refuses a seed that already holds a generated tenant's domain, naming the duplicate", async () => {
        const seed = defaultSeed(T0);
        seed.tenants[1].domains = [ONE.domain];
        await assert.rejects(startEmulator({ seed, tenants: 1 }), (err: Error) => {
            assert.match(err.message, /^the seed with 1 generated tenants is invalid:/);
            assert.match(err.message, /domain tenant-0001\.onmicrosoft\.com belongs to two tenants/);
            return true;
        });
    });

    it("adds the generated tenants after a seed of the user's own", async () => {
        const seed = { tenants: [defaultSeed(T0).tenants[1]] };
        const emu = await startEmulator({ seed, tenants: 2 });
        try {
            assert.deepEqual(
                (await emu.admin.state()).tenants.map((t) => t.domains[0]),
                ["fabrikam.onmicrosoft.com", ONE.domain, TWO.domain],
            );
        } finally {
            await emu.close();
        }
    });

    it("keeps the generated tenants in a new state file, which a later start without the option serves", async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-fleet-"));
        try {
            const statePath = path.join(dir, "state.json");
            await (await startEmulator({ statePath, tenants: 2 })).close();
            const later = await startEmulator({ statePath });
            try {
                assert.deepEqual(
                    (await later.admin.state()).tenants.slice(3).map((t) => t.domains[0]),
                    [ONE.domain, TWO.domain],
                );
            } finally {
                await later.close();
            }
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
