/**
 * What each tenant's stack gets from a fleet file: the standard with the tenant's overrides applied and its own
 * resources added, the shared settings with its own, its credentials as references, assets as absolute paths.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { loadFleet } from "../../provider/fleet/fleetFile";
import { load, lines, removeFleets, SECRET_REF, TENANT, writeFleet } from "./fleetFiles";

const EXAMPLE = path.join(__dirname, "fixtures", "contoso", "fleet.yaml");

describe("fleet file: loading", () => {
    after(removeFleets);

    it("docs/fleet.md's example gives each tenant the standard, its overrides and its own resources", () => {
        const fleet = loadFleet(EXAMPLE);
        assert.equal(fleet.file, EXAMPLE);
        assert.equal(fleet.project, "contoso-fleet");
        assert.deepEqual(
            fleet.tenants.map((t) => [t.name, Object.keys(t.resources)]),
            [
                ["fabrikam", ["branding", "french", "sales", "german"]],
                ["contoso", ["branding", "french", "sales"]],
            ],
        );
        const [fabrikam, contoso] = fleet.tenants;
        assert.equal(contoso!.resources.sales!.properties.workspaceId, "f089354e-8366-4e18-aea3-4cb4a3a50b48");
        assert.equal(fabrikam!.resources.sales!.properties.workspaceId, undefined, "an override reaches only its tenant");
        assert.deepEqual(contoso!.settings, {
            emulator: "http://127.0.0.1:8787",
            requestTimeoutSeconds: "60",
            clientId: "3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70",
        });
        assert.deepEqual(contoso!.secrets, { clientSecret: { config: "contosoSecret" } });
        assert.deepEqual(fabrikam!.resources.german, {
            type: "tenantkit:entra:OrganizationalBrandingLocalization",
            properties: { locale: "de-DE", signInPageText: "Willkommen" },
        });
        assert.deepEqual(fabrikam!.resources.french!.options, { dependsOn: ["branding"] });
    });

    it("assets are absolute paths resolved against the fleet file's folder, an override's too", () => {
        const [fabrikam, contoso] = loadFleet(EXAMPLE).tenants;
        const logos = path.join(path.dirname(EXAMPLE), "logos");
        assert.deepEqual(fabrikam!.resources.branding!.properties.bannerLogo, { "fn::fileAsset": path.join(logos, "fabrikam.png") });
        assert.deepEqual(contoso!.resources.branding!.properties.bannerLogo, { "fn::fileAsset": path.join(logos, "banner.png") });
    });

    it("a relative path to the fleet file resolves assets against the file's folder, not the working directory", () => {
        const file = writeFleet(
            lines(
                "project: p",
                "standard:",
                "  css:",
                "    type: tenantkit:entra:OrganizationalBranding",
                "    properties: { customCSS: { fn::fileAsset: a.css } }",
                "tenants:",
                ...TENANT,
                SECRET_REF,
            ),
            { "a.css": "body{}" },
        );
        const relative = path.relative(process.cwd(), file);
        const [t] = loadFleet(relative).tenants;
        assert.deepEqual(t!.resources.css!.properties.customCSS, { "fn::fileAsset": path.join(path.dirname(file), "a.css") });
    });

    it("settings are the fleet's with the tenant's over them, plus clientId, as strings", () => {
        const fleet = load(
            lines(
                "project: p",
                "settings: { emulator: http://127.0.0.1:8787, cloud: Global, requestTimeoutSeconds: 20 }",
                "tenants:",
                ...TENANT,
                SECRET_REF,
                "    settings: { cloud: USGov }",
            ),
        );
        assert.deepEqual(fleet.tenants[0]!.settings, {
            emulator: "http://127.0.0.1:8787",
            cloud: "USGov",
            requestTimeoutSeconds: "20",
            clientId: "0b8f6a4e-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
        });
    });

    it("one clientId in the fleet's settings serves every tenant (a multi-tenant app registration)", () => {
        const fleet = load(
            lines("project: p", "settings: { clientId: app }", "tenants:", "  - name: a", "    tenant: a.onmicrosoft.com", SECRET_REF),
        );
        assert.equal(fleet.tenants[0]!.settings.clientId, "app");
    });

    it("credentials are references by provider config key: an environment variable or a stack config secret", () => {
        const fleet = load(lines("project: p", "tenants:", ...TENANT, SECRET_REF, "    powerBiToken: { config: fleet:powerBiToken }"));
        assert.deepEqual(fleet.tenants[0]!.secrets, { clientSecret: { env: "FABRIKAM_SECRET" }, powerBiToken: { config: "fleet:powerBiToken" } });
        assert.ok(!("clientSecret" in fleet.tenants[0]!.settings));
    });

    it("a tenant may sign in with a token alone", () => {
        const fleet = load(lines("project: p", "tenants:", "  - name: a", "    tenant: a.onmicrosoft.com", "    graphToken: { env: GRAPH_TOKEN }"));
        assert.deepEqual(fleet.tenants[0]!.secrets, { graphToken: { env: "GRAPH_TOKEN" } });
    });

    it("an override may set an input the standard leaves unset, and replaces a list whole", () => {
        const fleet = load(
            lines(
                "project: p",
                "standard:",
                "  sales:",
                "    type: tenantkit:powerbi:PushDataset",
                "    properties:",
                "      name: Sales",
                "      tables: [{ name: A, columns: [{ name: x, dataType: Int64 }] }]",
                "tenants:",
                ...TENANT,
                SECRET_REF,
                "    overrides:",
                "      sales:",
                "        defaultRetentionPolicy: basicFIFO",
                "        tables: [{ name: B, columns: [{ name: y, dataType: String }] }]",
            ),
        );
        assert.deepEqual(fleet.tenants[0]!.resources.sales!.properties, {
            name: "Sales",
            tables: [{ name: "B", columns: [{ name: "y", dataType: "String" }] }],
            defaultRetentionPolicy: "basicFIFO",
        });
    });

    it("an override of null removes the standard's value for that tenant only", () => {
        const fleet = load(
            lines(
                "project: p",
                "standard:",
                "  branding:",
                "    type: tenantkit:entra:OrganizationalBranding",
                "    properties: { signInPageText: Welcome, usernameHintText: you@contoso.com }",
                "tenants:",
                ...TENANT,
                SECRET_REF,
                "    overrides: { branding: { usernameHintText: null } }",
                "  - name: other",
                "    tenant: other.onmicrosoft.com",
                "    clientId: x",
                SECRET_REF,
            ),
        );
        assert.deepEqual(fleet.tenants[0]!.resources.branding!.properties, { signInPageText: "Welcome" });
        assert.deepEqual(fleet.tenants[1]!.resources.branding!.properties, { signInPageText: "Welcome", usernameHintText: "you@contoso.com" });
    });

    it("a required input the standard leaves to every tenant's overrides is accepted", () => {
        const fleet = load(
            lines(
                "project: p",
                "standard:",
                "  french: { type: tenantkit:entra:OrganizationalBrandingLocalization, properties: { signInPageText: Bonjour } }",
                "tenants:",
                ...TENANT,
                SECRET_REF,
                "    overrides: { french: { locale: fr-FR } }",
            ),
        );
        assert.deepEqual(fleet.tenants[0]!.resources.french!.properties, { signInPageText: "Bonjour", locale: "fr-FR" });
    });

    it("tenants' plans do not share objects: changing one leaves the others and the standard as they were", () => {
        const fleet = loadFleet(EXAMPLE);
        (fleet.tenants[0]!.resources.sales!.properties.tables as { name: string }[])[0]!.name = "changed";
        assert.equal((fleet.tenants[1]!.resources.sales!.properties.tables as { name: string }[])[0]!.name, "Orders");
    });

    it("a JSON fleet file loads as its YAML twin does", () => {
        const yamlFleet = loadFleet(EXAMPLE);
        const text = fs.readFileSync(EXAMPLE, "utf8");
        const json = JSON.stringify(parse(text), null, 2);
        const file = writeFleet(json, {}, "fleet.json");
        fs.cpSync(path.join(path.dirname(EXAMPLE), "logos"), path.join(path.dirname(file), "logos"), { recursive: true });
        const jsonFleet = loadFleet(file);
        const relative = (p: string) => p.split(path.dirname(file)).join("<folder>").split(path.dirname(EXAMPLE)).join("<folder>");
        assert.equal(relative(JSON.stringify(jsonFleet.tenants)), relative(JSON.stringify(yamlFleet.tenants)));
    });
});
