/**
 * `npm run fleet:schema`: writes `fleet.schema.json`, the JSON Schema (draft-07, which editors' YAML servers read) of a
 * fleet file, from the package schema (`schema.json`) and the fleet's vocabulary (provider/fleet/vocabulary.ts), so
 * that a resource type, input or setting added to tenantkit reaches the editor without another edit. `-- --check`
 * writes nothing and exits 1 when the file differs (test/fleet/jsonSchema.spec.ts runs the same comparison).
 *
 * It describes what an editor can check as the file is typed; loadFleet checks more (an override against the standard
 * resource's type, duplicate tenants, asset files on disk, `dependsOn` names), and its errors are the ones that count.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
    ASSET_REF,
    CONFIG_KEY,
    CREDENTIALS,
    DURATION,
    ENV_NAME,
    FILE_ASSET,
    OPTION_FIELDS,
    PLAIN_SETTINGS,
    PULUMI_NAME,
    REFUSED_INPUT,
    RESOURCE_NAME,
    SCHEMA,
    TIMEOUT_FIELDS,
    typeRefToken,
    type PropertySpec,
} from "../provider/fleet/vocabulary";

const ROOT = path.resolve(__dirname, "..");
export const FLEET_SCHEMA_FILE = path.join(ROOT, "fleet.schema.json");

type JsonSchema = Record<string, unknown>;

/** A definition's name for a package schema type token (`tenantkit:powerbi:PushDatasetTable` -> `powerbi.PushDatasetTable`). */
const defName = (token: string): string => token.split(":").slice(1).join(".");
const ref = (name: string): JsonSchema => ({ $ref: `#/definitions/${name}` });
const regex = (r: RegExp): string => r.source;

function property(spec: PropertySpec): JsonSchema {
    const out: JsonSchema = {};
    if (spec.description) out.description = spec.description;
    if (spec.deprecationMessage) out.deprecationMessage = spec.deprecationMessage;
    return { ...out, ...shape(spec) };
}

function shape(spec: PropertySpec): JsonSchema {
    if (spec.$ref === ASSET_REF) return ref("asset");
    if (spec.$ref !== undefined) {
        const token = typeRefToken(spec.$ref);
        return token && SCHEMA.types[token] ? ref(defName(token)) : {};
    }
    // anyOf, not oneOf: a value of an enumeration is a string too, and oneOf would refuse what fits both.
    if (spec.oneOf) return { anyOf: spec.oneOf.map(shape) };
    switch (spec.type) {
        case "array":
            return { type: "array", items: spec.items ? shape(spec.items) : {} };
        case "object":
            return { type: "object", additionalProperties: spec.additionalProperties ? shape(spec.additionalProperties) : {} };
        case undefined:
            return {};
        default:
            return { type: spec.type };
    }
}

function inputs(properties: Readonly<Record<string, PropertySpec>>): Record<string, JsonSchema> {
    return Object.fromEntries(
        Object.entries(properties)
            .filter(([k]) => k !== REFUSED_INPUT)
            .map(([k, v]) => [k, property(v)]),
    );
}

export function generateFleetSchema(): JsonSchema {
    const definitions: Record<string, JsonSchema> = {};
    for (const [token, t] of Object.entries(SCHEMA.types).sort(([a], [b]) => a.localeCompare(b))) {
        const base: JsonSchema = t.description ? { description: t.description } : {};
        definitions[defName(token)] = t.enum
            ? { ...base, type: t.type, enum: t.enum.map((v) => v.value) }
            : { ...base, type: "object", properties: inputs(t.properties ?? {}), required: [...(t.required ?? [])], additionalProperties: false };
    }
    definitions.asset = {
        description: `A file, its path relative to the fleet file, as in a Pulumi YAML program (tenantkit uploads images and stylesheets from files only).`,
        type: "object",
        properties: { [FILE_ASSET]: { type: "string", minLength: 1 } },
        required: [FILE_ASSET],
        additionalProperties: false,
    };
    definitions.secretRef = {
        description: "Where a credential's value is: never the value itself.",
        oneOf: [
            {
                type: "object",
                properties: { env: { description: "An environment variable of the runner.", type: "string", pattern: regex(ENV_NAME) } },
                required: ["env"],
                additionalProperties: false,
            },
            {
                type: "object",
                properties: { config: { description: "A secret key of the tenant's stack config.", type: "string", pattern: regex(CONFIG_KEY) } },
                required: ["config"],
                additionalProperties: false,
            },
        ],
    };
    definitions.settings = {
        description: "Plain provider settings (no credential, no tenant).",
        type: "object",
        properties: Object.fromEntries(PLAIN_SETTINGS.map((k) => [k, property(SCHEMA.config.variables[k]!)])),
        additionalProperties: false,
    };
    const tokens = Object.keys(SCHEMA.resources).sort();
    const optionShapes: Record<(typeof OPTION_FIELDS)[number], JsonSchema> = {
        protect: { type: "boolean" },
        retainOnDelete: { type: "boolean" },
        deleteBeforeReplace: { type: "boolean" },
        ignoreChanges: { type: "array", items: { type: "string" } },
        dependsOn: { description: "Other resources of the same tenant, by name.", type: "array", items: { type: "string" } },
        customTimeouts: {
            type: "object",
            properties: Object.fromEntries(
                TIMEOUT_FIELDS.map((k) => [k, { description: "A duration such as 5m or 1h30m.", type: "string", pattern: regex(DURATION) }]),
            ),
            additionalProperties: false,
        },
    };
    definitions.options = { type: "object", properties: optionShapes, additionalProperties: false };
    for (const token of tokens) {
        const r = SCHEMA.resources[token]!;
        definitions[`inputs.${defName(token)}`] = {
            type: "object",
            properties: inputs(r.inputProperties),
            additionalProperties: false,
        };
    }
    // One resource: its type picks its inputs (if/then, so that an editor reports the inputs of the type written).
    definitions.resource = {
        type: "object",
        properties: {
            type: { description: "A tenantkit resource type.", enum: tokens },
            properties: { type: "object" },
            options: ref("options"),
        },
        required: ["type"],
        additionalProperties: false,
        allOf: tokens.map((token) => ({
            if: { properties: { type: { const: token } }, required: ["type"] },
            then: { properties: { properties: { ...ref(`inputs.${defName(token)}`), description: SCHEMA.resources[token]!.description } } },
        })),
    };
    definitions.resources = { type: "object", propertyNames: { pattern: regex(RESOURCE_NAME) }, additionalProperties: ref("resource") };
    definitions.tenant = {
        type: "object",
        properties: {
            name: { description: "The tenant's stack: a Pulumi stack name, unique in the fleet.", type: "string", pattern: regex(PULUMI_NAME) },
            tenant: { description: "The tenant's id (a guid) or a verified domain, unique in the fleet.", type: "string", minLength: 1 },
            clientId: property(SCHEMA.config.variables.clientId!),
            ...Object.fromEntries(CREDENTIALS.map((k) => [k, { description: SCHEMA.config.variables[k]!.description, ...ref("secretRef") }])),
            settings: ref("settings"),
            overrides: {
                description: "Per standard resource, by name: its inputs for this tenant (null removes the standard's value).",
                type: "object",
                additionalProperties: { type: "object" },
            },
            resources: { description: "Resources only this tenant gets.", ...ref("resources") },
        },
        required: ["name", "tenant"],
        additionalProperties: false,
    };
    return {
        $schema: "http://json-schema.org/draft-07/schema#",
        title: "tenantkit fleet file",
        description: "One standard of tenantkit resources applied to many Microsoft tenants, one Pulumi stack per tenant (docs/fleet.md).",
        type: "object",
        properties: {
            project: { description: "The Pulumi project of every tenant's stack.", type: "string", pattern: regex(PULUMI_NAME) },
            settings: { description: "Provider settings every tenant shares.", ...ref("settings") },
            standard: { description: "What every tenant gets, as a Pulumi YAML program's resources.", ...ref("resources") },
            tenants: { type: "array", minItems: 1, items: ref("tenant") },
        },
        required: ["project", "tenants"],
        additionalProperties: false,
        definitions,
    };
}

/** The file's text: two-space JSON and a final newline. */
export function fleetSchemaText(schema: JsonSchema): string {
    return `${JSON.stringify(schema, null, 2)}\n`;
}

if (require.main === module) {
    const text = fleetSchemaText(generateFleetSchema());
    if (process.argv.includes("--check")) {
        const current = fs.existsSync(FLEET_SCHEMA_FILE) ? fs.readFileSync(FLEET_SCHEMA_FILE, "utf8") : "";
        if (current !== text) {
            console.error("fleet.schema.json is not what schema.json generates: run `npm run fleet:schema`");
            process.exit(1);
        }
    } else {
        fs.writeFileSync(FLEET_SCHEMA_FILE, text);
        console.error(`wrote ${path.relative(process.cwd(), FLEET_SCHEMA_FILE)}`);
    }
}
