/**
 * fleet.schema.json, which an editor's YAML server reads from the `# yaml-language-server: $schema=` line: what
 * `npm run fleet:schema` generates from schema.json, and it accepts the fleet files loadFleet accepts and flags the
 * mistakes an editor can see. Checked with ajv, the JSON Schema validator eslint already brings (draft-07).
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { FLEET_SCHEMA_FILE, fleetSchemaText, generateFleetSchema } from "../../scripts/fleetSchema";

interface Validator {
    (data: unknown): boolean;
    errors?: { dataPath: string; message?: string }[] | null;
}
// ajv 6 is a dependency of eslint; a validator of our own would be one more thing to trust.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Ajv = require("ajv") as new (options: object) => { compile(schema: object): Validator };

const EXAMPLE = path.join(__dirname, "fixtures", "contoso", "fleet.yaml");
const example = (): Record<string, unknown> => parse(fs.readFileSync(EXAMPLE, "utf8")) as Record<string, unknown>;
const validator = (): Validator => new Ajv({ allErrors: true }).compile(JSON.parse(fs.readFileSync(FLEET_SCHEMA_FILE, "utf8")) as object);

/** The paths ajv flags in `data`. */
function flagged(data: unknown): string[] {
    const v = validator();
    return v(data) ? [] : [...new Set((v.errors ?? []).map((e) => e.dataPath))];
}

describe("fleet file: the JSON Schema", () => {
    it("fleet.schema.json is what schema.json generates (`npm run fleet:schema` rewrites it)", () => {
        assert.equal(
            fs.readFileSync(FLEET_SCHEMA_FILE, "utf8"),
            fleetSchemaText(generateFleetSchema()),
            "fleet.schema.json is stale: run `npm run fleet:schema`",
        );
    });

    it("docs/fleet.md's example passes", () => {
        assert.deepEqual(flagged(example()), []);
    });

    it("the example's schema line points at the package's fleet.schema.json", () => {
        const first = fs.readFileSync(EXAMPLE, "utf8").split("\n")[0]!;
        const target = path.resolve(path.dirname(EXAMPLE), first.replace("# yaml-language-server: $schema=", ""));
        assert.equal(target, FLEET_SCHEMA_FILE);
    });

    it("every resource type of schema.json is offered, each with its own inputs", () => {
        const schema = generateFleetSchema() as { definitions: Record<string, { properties?: Record<string, unknown> }> };
        const packageSchema = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "schema.json"), "utf8")) as {
            resources: Record<string, { inputProperties: Record<string, unknown> }>;
        };
        for (const [token, r] of Object.entries(packageSchema.resources)) {
            const inputs = schema.definitions[`inputs.${token.split(":").slice(1).join(".")}`]?.properties;
            assert.deepEqual(
                Object.keys(inputs ?? {}).sort(),
                Object.keys(r.inputProperties)
                    .filter((k) => k !== "connection")
                    .sort(),
                token,
            );
        }
    });

    it("flags a plain credential where a reference belongs", () => {
        const data = example();
        (data.tenants as Record<string, unknown>[])[0]!.clientSecret = "plain";
        assert.deepEqual(flagged(data), [".tenants[0].clientSecret"]);
    });

    it("flags an input the resource's type does not have", () => {
        const data = example();
        (data.standard as Record<string, { properties: Record<string, unknown> }>).branding!.properties.signInPageTxt = "Hi";
        assert.deepEqual(flagged(data), [".standard['branding'].properties", ".standard['branding']"]);
    });

    it("flags a value of the wrong type inside a nested type", () => {
        const data = example();
        const sales = (data.standard as Record<string, { properties: { tables: { columns: Record<string, unknown>[] }[] } }>).sales!;
        sales.properties.tables[0]!.columns[0]!.dataType = 3;
        assert.ok(flagged(data).includes(".standard['sales'].properties.tables[0].columns[0].dataType"));
    });

    it("flags a resource type tenantkit does not have", () => {
        const data = example();
        (data.standard as Record<string, { type: string }>).sales!.type = "tenantkit:entra:PushDataset";
        assert.deepEqual(flagged(data), [".standard['sales'].type"]);
    });

    it("flags a credential among the settings", () => {
        const data = example();
        (data.settings as Record<string, unknown>).clientSecret = { env: "X" };
        assert.deepEqual(flagged(data), [".settings"]);
    });
});
