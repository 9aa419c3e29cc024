/**
 * A fleet file with a mistake is refused before any stack runs, with one line per problem that names the file, the
 * line, the column and the field (`file:line:col: <path> <message>`), and says what to write instead. A credential
 * written where a reference belongs never appears in the error, whichever rule catches it.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { FleetFileError, loadFleet } from "../../provider/fleet/fleetFile";
import { lines, refused, removeFleets, SECRET_REF, TENANT, writeFleet } from "./fleetFiles";

/** What a careless paste looks like; no message may contain it. */
const SECRET = "Qx8~s3cr3t.VALUE_do-not-print";

const BRANDING = ["  branding:", "    type: tenantkit:entra:OrganizationalBranding", "    properties:", "      signInPageText: Welcome"];

/** The file's one problem, as its line. */
function onlyProblem(text: string, files: Record<string, string> = {}): { line: string; file: string; error: FleetFileError } {
    const { error, file, lines: found } = refused(text, files);
    assert.equal(found.length, 1, `expected one problem, got:\n${found.join("\n")}`);
    return { line: found[0]!, file, error };
}

function assertNoSecret(error: FleetFileError): void {
    assert.ok(!error.message.includes(SECRET), `the message shows the secret:\n${error.message}`);
    assert.ok(!JSON.stringify(error.problems).includes(SECRET), "a problem holds the secret");
    assert.ok(!String(error.stack).includes(SECRET), "the stack shows the secret");
}

describe("fleet file: problems", () => {
    after(removeFleets);

    describe("the file's own structure", () => {
        it("an unknown top-level field is named with what it most likely meant", () => {
            const { line, file } = onlyProblem(lines("project: contoso-fleet", "standrd: {}", "tenants:", ...TENANT, SECRET_REF));
            assert.equal(line, `${file}:2:1: standrd is not a field of a fleet file (did you mean standard?)`);
        });

        it("an unknown field of a tenant is named with what it most likely meant", () => {
            const { line, file } = onlyProblem(lines("project: p", "tenants:", ...TENANT, SECRET_REF, "    overides: {}"));
            assert.equal(line, `${file}:7:5: tenants[0].overides is not a field of a tenant (did you mean overrides?)`);
        });

        it("a provider setting written in a tenant says to put it under the tenant's settings", () => {
            const { line, file } = onlyProblem(lines("project: p", "tenants:", ...TENANT, SECRET_REF, "    cloud: USGov"));
            assert.equal(
                line,
                `${file}:7:5: tenants[0].cloud is not a field of a tenant (it is a provider setting: write it under tenants[0].settings)`,
            );
        });

        it("an unknown provider setting is named with what it most likely meant", () => {
            const { line, file } = onlyProblem(
                lines("project: p", "settings:", "  emulatr: http://127.0.0.1:8787", "tenants:", ...TENANT, SECRET_REF),
            );
            assert.equal(line, `${file}:3:3: settings.emulatr is not a field of the provider settings (did you mean emulator?)`);
        });

        it("a file without project or tenants says which is missing", () => {
            const { lines: found, file } = refused(lines("settings: {}"));
            assert.deepEqual(found, [`${file}:1:1: has no project`, `${file}:1:1: has no tenants`]);
        });

        it("an empty file is one problem: it is not a map", () => {
            const { line, file } = onlyProblem("# nothing yet\n");
            assert.equal(line, `${file}:1:1: must be a fleet file (a map), not nothing`);
        });

        it("a file that does not exist is named", () => {
            const file = path.join(path.dirname(writeFleet("")), "missing.yaml");
            assert.throws(() => loadFleet(file), { name: "FleetFileError", message: `the fleet file has 1 problem:\n${file}: does not exist` });
        });

        it("invalid YAML is refused at its line without repeating the line's text", () => {
            const { line, file, error } = onlyProblem(lines("project: p", "tenants:", ...TENANT, `    clientSecret: ${SECRET}: x`));
            assert.match(line, new RegExp(`^${file}:6:\\d+: is not valid YAML: `));
            assertNoSecret(error);
        });

        it("a JSON fleet file is read, and its problems have positions too", () => {
            const json = JSON.stringify(
                { project: "p", tenants: [{ name: "a", tenant: "a.onmicrosoft.com", clientId: "x", clientSecret: { env: "A" }, colour: 1 }] },
                null,
                2,
            );
            const { line, file } = onlyProblem(`${json}\n`);
            assert.equal(
                line,
                `${file}:11:7: tenants[0].colour is not a field of a tenant (a tenant has ${["name", "tenant", "clientId", "settings", "overrides", "resources", "clientSecret", "graphToken", "powerBiToken", "devopsToken", "devopsPat"].join(", ")})`,
            );
        });

        it("every problem of the file is listed at once, in the file's order", () => {
            const { lines: found, file } = refused(
                lines(
                    "project: p",
                    "standrd: {}",
                    "tenants:",
                    "  - name: a/b",
                    "    tenant: a.onmicrosoft.com",
                    "    clientId: x",
                    SECRET_REF,
                    "    overides: {}",
                ),
            );
            assert.deepEqual(found, [
                `${file}:2:1: standrd is not a field of a fleet file (did you mean standard?)`,
                `${file}:4:11: tenants[0].name must be a Pulumi stack name: 1 to 100 letters, digits, \`-\`, \`_\` or \`.\``,
                `${file}:8:5: tenants[0].overides is not a field of a tenant (did you mean overrides?)`,
            ]);
        });
    });

    describe("resources against the package schema", () => {
        it("a type tenantkit does not have is named with the type it most likely meant", () => {
            const { line, file } = onlyProblem(
                lines("project: p", "standard:", "  sales:", "    type: tenantkit:entra:PushDataset", "tenants:", ...TENANT, SECRET_REF),
            );
            assert.equal(line, `${file}:4:11: standard.sales.type is not a tenantkit resource type (did you mean tenantkit:powerbi:PushDataset?)`);
        });

        it("a property the type does not have is named with the input it most likely meant", () => {
            const { line, file } = onlyProblem(
                lines("project: p", "standard:", ...BRANDING, "      signInPageTxt: Hi", "tenants:", ...TENANT, SECRET_REF),
            );
            assert.equal(
                line,
                `${file}:7:7: standard.branding.properties.signInPageTxt is not an input of tenantkit:entra:OrganizationalBranding (did you mean signInPageText?)`,
            );
        });

        it("a value of the wrong type names the type the schema wants and the kind written", () => {
            const { line, file } = onlyProblem(
                lines("project: p", "standard:", ...BRANDING, "      usernameHintText: 42", "tenants:", ...TENANT, SECRET_REF),
            );
            assert.equal(line, `${file}:7:25: standard.branding.properties.usernameHintText must be a string, not an integer`);
        });

        it("a field of a nested object type is checked against that type, with what it most likely meant", () => {
            const { line, file } = onlyProblem(
                lines(
                    "project: p",
                    "standard:",
                    ...BRANDING,
                    "      loginPageLayoutConfiguration: { layoutTemplateType: verticalSpilt }",
                    "tenants:",
                    ...TENANT,
                    SECRET_REF,
                ),
            );
            assert.equal(
                line,
                `${file}:7:59: standard.branding.properties.loginPageLayoutConfiguration.layoutTemplateType must be one of default, verticalSplit (did you mean verticalSplit?)`,
            );
        });

        it("a wrong value deep in a list of objects names its whole path", () => {
            const { line, file } = onlyProblem(
                lines(
                    "project: p",
                    "standard:",
                    "  sales:",
                    "    type: tenantkit:powerbi:PushDataset",
                    "    properties:",
                    "      name: Sales",
                    "      tables:",
                    "        - name: Orders",
                    "          columns: [{ name: Id, dataType: [Int64] }]",
                    "tenants:",
                    ...TENANT,
                    SECRET_REF,
                ),
            );
            assert.equal(
                line,
                `${file}:9:43: standard.sales.properties.tables[0].columns[0].dataType must be a string or one of Int64, Double, Decimal, Boolean, DateTime, String, not a list`,
            );
        });

        it("an unquoted colour, which YAML reads as a comment, says to quote it", () => {
            const { line, file } = onlyProblem(
                lines("project: p", "standard:", ...BRANDING, "      backgroundColor: #102030", "tenants:", ...TENANT, SECRET_REF),
            );
            assert.equal(
                line,
                `${file}:7:24: standard.branding.properties.backgroundColor must be a string, not nothing (a \`#\` starts a YAML comment: quote a colour such as "#102030")`,
            );
        });

        it("an asset file that does not exist is named by its absolute path", () => {
            const { line, file } = onlyProblem(
                lines(
                    "project: p",
                    "standard:",
                    ...BRANDING,
                    "      bannerLogo: { fn::fileAsset: ./logos/banner.png }",
                    "tenants:",
                    ...TENANT,
                    SECRET_REF,
                ),
            );
            const missing = path.join(path.dirname(file), "logos", "banner.png");
            assert.equal(
                line,
                `${file}:7:36: standard.branding.properties.bannerLogo.fn::fileAsset names no file: ${missing} does not exist or is not a file`,
            );
        });

        it("an asset written as a plain path says how to write an asset", () => {
            const { line, file } = onlyProblem(
                lines("project: p", "standard:", ...BRANDING, "      bannerLogo: ./banner.png", "tenants:", ...TENANT, SECRET_REF),
                { "banner.png": "x" },
            );
            assert.equal(
                line,
                `${file}:7:19: standard.branding.properties.bannerLogo must be an asset, { fn::fileAsset: path } (relative to the fleet file), not a string`,
            );
        });

        it("an image given as fn::stringAsset is refused before any stack: the provider uploads images from files", () => {
            const { line, file } = onlyProblem(
                lines(
                    "project: p",
                    "standard:",
                    ...BRANDING,
                    "      customCSS: { fn::stringAsset: 'body { color: red }' }",
                    "tenants:",
                    ...TENANT,
                    SECRET_REF,
                ),
            );
            assert.equal(
                line,
                `${file}:7:18: standard.branding.properties.customCSS must be a file, { fn::fileAsset: path } (relative to the fleet file): tenantkit's images and stylesheets are uploaded from files, not from a fn::stringAsset`,
            );
        });

        it("a resource's connection is refused: each tenant signs in with its own entry", () => {
            const { line, file, error } = onlyProblem(
                lines("project: p", "standard:", ...BRANDING, `      connection: { clientSecret: ${SECRET} }`, "tenants:", ...TENANT, SECRET_REF),
            );
            assert.equal(
                line,
                `${file}:7:7: standard.branding.properties.connection is not accepted in a fleet file: each tenant's stack signs in with its own entry in tenants (tenant, clientId, credentials)`,
            );
            assertNoSecret(error);
        });

        it("a standard resource without a required input that a tenant does not override is refused once", () => {
            const { line, file } = onlyProblem(
                lines(
                    "project: p",
                    "standard:",
                    "  sales:",
                    "    type: tenantkit:powerbi:PushDataset",
                    "    properties: { name: Sales }",
                    "tenants:",
                    ...TENANT,
                    SECRET_REF,
                ),
            );
            assert.equal(
                line,
                `${file}:3:3: standard.sales has no tables, which tenantkit:powerbi:PushDataset requires: set it here, or in the overrides of every tenant (tenant fabrikam has none)`,
            );
        });

        it("a tenant's own resource named like a standard one says to override it instead", () => {
            const { line, file } = onlyProblem(
                lines(
                    "project: p",
                    "standard:",
                    ...BRANDING,
                    "tenants:",
                    ...TENANT,
                    SECRET_REF,
                    "    resources:",
                    "      branding: { type: tenantkit:entra:OrganizationalBranding }",
                ),
            );
            assert.equal(
                line,
                `${file}:13:7: tenants[0].resources.branding is a resource of the standard already: change it under tenants[0].overrides`,
            );
        });

        it("dependsOn naming no resource of the tenant's stack is named with what it most likely meant", () => {
            const { line, file } = onlyProblem(
                lines(
                    "project: p",
                    "standard:",
                    ...BRANDING,
                    "  french:",
                    "    type: tenantkit:entra:OrganizationalBrandingLocalization",
                    "    properties: { locale: fr-FR }",
                    "    options: { dependsOn: [brandng] }",
                    "tenants:",
                    ...TENANT,
                    SECRET_REF,
                ),
            );
            assert.equal(line, `${file}:10:28: standard.french.options.dependsOn[0] names no resource of the same stack (did you mean branding?)`);
        });
    });

    describe("overrides", () => {
        const overrides = (...l: string[]) =>
            lines("project: p", "standard:", ...BRANDING, "tenants:", ...TENANT, SECRET_REF, "    overrides:", ...l);

        it("an override of a resource the standard does not have is named with what it most likely meant", () => {
            const { line, file } = onlyProblem(overrides("      brandng: { signInPageText: Hi }"));
            assert.equal(line, `${file}:13:7: tenants[0].overrides.brandng is not a resource of the standard (did you mean branding?)`);
        });

        it("an override of a property the resource's type does not have is named with what it most likely meant", () => {
            const { line, file } = onlyProblem(overrides("      branding: { signInPageTex: Hi }"));
            assert.equal(
                line,
                `${file}:13:19: tenants[0].overrides.branding.signInPageTex is not an input of tenantkit:entra:OrganizationalBranding (did you mean signInPageText?)`,
            );
        });

        it("an override of the wrong type names the type the schema wants", () => {
            const { line, file } = onlyProblem(overrides("      branding:", "        signInPageText: [Hi]"));
            assert.equal(line, `${file}:14:25: tenants[0].overrides.branding.signInPageText must be a string, not a list`);
        });

        it("an override of null that removes a required input is refused", () => {
            const { line, file } = onlyProblem(
                lines(
                    "project: p",
                    "standard:",
                    "  french:",
                    "    type: tenantkit:entra:OrganizationalBrandingLocalization",
                    "    properties: { locale: fr-FR }",
                    "tenants:",
                    ...TENANT,
                    SECRET_REF,
                    "    overrides:",
                    "      french: { locale: null }",
                ),
            );
            assert.equal(
                line,
                `${file}:12:17: tenants[0].overrides.french.locale removes locale, which tenantkit:entra:OrganizationalBrandingLocalization requires`,
            );
        });
    });

    describe("tenants", () => {
        it("a second tenant with the same name, in another letter case, is refused at the second", () => {
            const { line, file } = onlyProblem(
                lines(
                    "project: p",
                    "tenants:",
                    ...TENANT,
                    SECRET_REF,
                    "  - name: Fabrikam",
                    "    tenant: other.onmicrosoft.com",
                    "    clientId: x",
                    SECRET_REF,
                ),
            );
            assert.equal(
                line,
                `${file}:7:11: tenants[1].name is also tenants[0]'s name (line 3; letter case aside): the stack of each tenant is its own`,
            );
        });

        it("a second entry for the same tenant, its domain in another letter case, is refused at the second", () => {
            const { line, file } = onlyProblem(
                lines(
                    "project: p",
                    "tenants:",
                    ...TENANT,
                    SECRET_REF,
                    "  - name: fabrikam2",
                    "    tenant: FABRIKAM.onmicrosoft.com",
                    "    clientId: x",
                    SECRET_REF,
                ),
            );
            assert.equal(
                line,
                `${file}:8:13: tenants[1].tenant is also tenants[0]'s tenant (line 4; letter case aside): a tenant is one stack of the fleet`,
            );
        });

        it("a name that is no Pulumi stack name is refused", () => {
            const { line, file } = onlyProblem(
                lines("project: p", "tenants:", "  - name: fabrikam prod", "    tenant: f.onmicrosoft.com", "    clientId: x", SECRET_REF),
            );
            assert.equal(line, `${file}:3:11: tenants[0].name must be a Pulumi stack name: 1 to 100 letters, digits, \`-\`, \`_\` or \`.\``);
        });

        it("a tenant that is neither a guid nor a domain is refused", () => {
            const { line, file } = onlyProblem(lines("project: p", "tenants:", "  - name: f", "    tenant: fabrikam", "    clientId: x", SECRET_REF));
            assert.equal(
                line,
                `${file}:4:13: tenants[0].tenant must be the tenant's id (a guid) or one of its verified domains (contoso.onmicrosoft.com)`,
            );
        });

        it("a tenant without tenant is refused at its entry", () => {
            const { line, file } = onlyProblem(lines("project: p", "tenants:", "  - name: f", "    clientId: x", SECRET_REF));
            assert.equal(line, `${file}:3:5: tenants[0] has no tenant`);
        });

        it("a tenant without credentials says what to give", () => {
            const { line, file } = onlyProblem(lines("project: p", "tenants:", ...TENANT));
            assert.equal(
                line,
                `${file}:3:5: tenants[0] has no credentials: give clientId and clientSecret, or a token (graphToken, powerBiToken, devopsToken, devopsPat), each as { env: NAME } (an environment variable of the runner) or { config: key } (a secret of the tenant's stack config)`,
            );
        });

        it("a client secret without a client id is refused", () => {
            const { line, file } = onlyProblem(lines("project: p", "tenants:", "  - name: f", "    tenant: f.onmicrosoft.com", SECRET_REF));
            assert.equal(
                line,
                `${file}:5:5: tenants[0].clientSecret needs a clientId (the app registration's application id), in the tenant or the fleet's settings`,
            );
        });
    });

    describe("credentials given as values", () => {
        it("a plain client secret names the field and how to reference it, without the value", () => {
            const { line, file, error } = onlyProblem(lines("project: p", "tenants:", ...TENANT, `    clientSecret: ${SECRET}`));
            assert.equal(
                line,
                `${file}:6:19: tenants[0].clientSecret is a plain value: a credential may only be a reference, clientSecret: { env: NAME } (an environment variable of the runner) or { config: key } (a secret of the tenant's stack config)`,
            );
            assertNoSecret(error);
        });

        it("a plain token is refused the same way, without the value", () => {
            const { line, file, error } = onlyProblem(lines("project: p", "tenants:", ...TENANT, `    devopsPat: "${SECRET}"`));
            assert.match(
                line,
                new RegExp(
                    `^${file}:6:16: tenants\\[0\\]\\.devopsPat is a plain value: a credential may only be a reference, devopsPat: \\{ env: NAME \\}`,
                ),
            );
            assertNoSecret(error);
        });

        it("a credential in the fleet's settings is refused without the value", () => {
            const { line, file, error } = onlyProblem(
                lines("project: p", "settings:", `  clientSecret: ${SECRET}`, "tenants:", ...TENANT, SECRET_REF),
            );
            assert.equal(
                line,
                `${file}:3:3: settings.clientSecret is not a field of the provider settings (it is a credential: give it in each tenant, only as a reference, clientSecret: { env: NAME } (an environment variable of the runner) or { config: key } (a secret of the tenant's stack config))`,
            );
            assertNoSecret(error);
        });

        it("a misspelled credential field holding a value is refused without the value", () => {
            const { lines: found, error } = refused(lines("project: p", "tenants:", ...TENANT, `    clientSecet: ${SECRET}`));
            assert.match(found[1]!, /tenants\[0\]\.clientSecet is not a field of a tenant \(did you mean clientSecret\?\)/);
            assertNoSecret(error);
        });

        it("a reference whose environment variable name is not one is refused without repeating it", () => {
            const { line, file, error } = onlyProblem(lines("project: p", "tenants:", ...TENANT, `    clientSecret: { env: "${SECRET}" }`));
            assert.equal(
                line,
                `${file}:6:26: tenants[0].clientSecret.env must be an environment variable's name (letters, digits and \`_\`, not starting with a digit)`,
            );
            assertNoSecret(error);
        });

        it("a reference with a field other than env or config is refused without repeating its value", () => {
            const { line, file, error } = onlyProblem(lines("project: p", "tenants:", ...TENANT, `    clientSecret: { value: ${SECRET} }`));
            assert.equal(
                line,
                `${file}:6:19: tenants[0].clientSecret must be a reference with one field, { env: NAME } (an environment variable of the runner) or { config: key } (a secret of the tenant's stack config)`,
            );
            assertNoSecret(error);
        });
    });
});
