/**
 * `npm run schema`: writes `schema.json`, tenantkit's Pulumi package schema, from the definitions (provider/resources.ts)
 * and the doc comments of the public types they name. `npm run schema -- --check` writes nothing and exits 1 when the
 * file differs from what the definitions generate. The schema is the contract the provider plugin serves and Pulumi's
 * code generators build the SDKs from (tools/pulumi-cli/codegen), so property names are exactly the TypeScript Args'.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import type { Change, FunctionDefinition, ObjectDefinition, OutputRule, ResourceDefinition, ValueType } from "../provider/core/model/definition";
import { connectionProperty, connectionType, providerSettings } from "../provider/core/settings/connectionDefinition";
import { FUNCTIONS, RESOURCES } from "../provider/resources";

const ROOT = path.resolve(__dirname, "..");
export const SCHEMA_FILE = path.join(ROOT, "schema.json");

/** A property of the schema (Pulumi's PropertySpec, as far as tenantkit uses it). */
interface PropertySpec {
    description?: string;
    type?: string;
    $ref?: string;
    oneOf?: PropertySpec[];
    items?: PropertySpec;
    additionalProperties?: PropertySpec;
    default?: string | number | boolean;
    secret?: boolean;
    deprecationMessage?: string;
    replaceOnChanges?: boolean;
}

type Docs = ReadonlyMap<string, string>;

/** A rule as the generator reads it, whatever interface its table is typed over. */
interface Field {
    readonly type: ValueType;
    readonly required?: boolean;
    readonly secret?: boolean;
    readonly deprecated?: string;
    readonly replaces?: true;
}
interface Input extends Field {
    readonly change: Change;
    readonly default?: string | number | boolean;
    readonly output?: true | ValueType;
    readonly filled?: true;
}

/** Doc comments of the public declarations: `Name` for an interface, class or function, `Name.property` for a member. */
export function readDocs(): Docs {
    const config = ts.readConfigFile(path.join(ROOT, "tsconfig.build.json"), ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
    const program = ts.createProgram(parsed.fileNames, { ...parsed.options, noEmit: true });
    const checker = program.getTypeChecker();
    const docs = new Map<string, string>();
    // A deprecated property's comment is its @deprecated tag alone: that text is its description.
    const text = (symbol: ts.Symbol) =>
        ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() ||
        ts.displayPartsToString(symbol.getJsDocTags(checker).find((t) => t.name === "deprecated")?.text).trim();
    const ownComment = (node: ts.Node) => {
        const comments = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
        return (ts.getTextOfJSDocComment(comments[comments.length - 1]?.comment) ?? "").trim();
    };
    const put = (key: string, raw: string, where: string) => putText(key, prose(raw), where);
    const putText = (key: string, value: string, where: string) => {
        if (docs.has(key) && docs.get(key) !== value)
            throw new Error(`two public declarations are named ${key} (${where}): the schema could not tell their docs apart`);
        docs.set(key, value);
    };
    for (const file of program.getSourceFiles()) {
        if (!file.fileName.startsWith(path.join(ROOT, "provider"))) continue;
        const where = path.relative(ROOT, file.fileName);
        ts.forEachChild(file, (node) => {
            const exported = ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
            if (!exported) return;
            if (ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node)) {
                const symbol = node.name && checker.getSymbolAtLocation(node.name);
                if (!symbol) return;
                // A class merges with the interface of its outputs: its own comment is the resource's description.
                if (ts.isClassDeclaration(node)) docs.set(symbol.name, prose(ownComment(node)));
                else if (!docs.has(symbol.name)) put(symbol.name, text(symbol), where);
                if (ts.isInterfaceDeclaration(node)) {
                    for (const member of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))) {
                        put(`${symbol.name}.${member.name}`, text(member), where);
                    }
                }
            } else if (ts.isFunctionDeclaration(node) && node.name) {
                const symbol = checker.getSymbolAtLocation(node.name);
                if (symbol) put(symbol.name, text(symbol), where);
            }
        });
    }
    return docs;
}

/**
 * A doc comment as the schema's Markdown: lines of a paragraph joined (the source wraps them at its own width), and
 * TSDoc's `{@link X}` as the name it links.
 */
function prose(comment: string): string {
    return comment
        .replace(/\{@link\s+([^}\s]+)\s*\}/g, "`$1`")
        .split(/\n\s*\n/)
        .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
        .join("\n\n");
}

/** The schema's generator. Object and enum types are collected as properties refer to them. */
class SchemaWriter {
    readonly types: Record<string, unknown> = {};

    constructor(private readonly docs: Docs) {}

    /** A doc comment, required: a property the schema describes must be documented where users read it. */
    doc(key: string): string {
        const d = this.docs.get(key);
        if (d === undefined || d === "")
            throw new Error(`${key} has no doc comment: document it in its types.ts (the schema takes descriptions from there)`);
        return d;
    }

    /** The first paragraph of a declaration's doc comment: the rest speaks of TypeScript usage. */
    summary(key: string): string {
        return this.doc(key).split("\n\n")[0];
    }

    typeRef(module: string, t: ValueType): PropertySpec {
        switch (t.kind) {
            case "string":
            case "integer":
            case "number":
            case "boolean":
                return { type: t.kind };
            case "json":
                return { $ref: "pulumi.json#/Any" };
            case "asset":
                return { $ref: "pulumi.json#/Asset" };
            case "array":
                return { type: "array", items: this.typeRef(module, t.items) };
            case "map":
                return { type: "object", additionalProperties: this.typeRef(module, t.values) };
            case "enum": {
                const token = `tenantkit:${module}:${t.enum.name}`;
                if (!(token in this.types)) {
                    // Members are the spellings state holds, so that the generators' names are the ones a user types
                    // (`Int64`, Python's `INT64`, Go's `PushDatasetDataTypeInt64`; as members, `int64` would need a name
                    // of its own beside `Int64`). A member's description names its other spellings.
                    const enumValues = t.enum.values.map((v) =>
                        v.alsoSpelled?.length
                            ? {
                                  value: v.value,
                                  description: `Also spelled ${v.alsoSpelled.map((s) => `\`${s}\``).join(" or ")}, as a plain string; state holds \`${v.value}\`.`,
                              }
                            : { value: v.value },
                    );
                    this.types[token] = { type: "string", enum: enumValues };
                }
                const ref = { $ref: `#/types/${token}` };
                // A property that takes other spellings (or, open, other values) is a string or the enum, so that a
                // plain string type-checks in every SDK (Python `Union[str, Enum]`, TypeScript `string | Enum`, Go
                // `pulumi.StringInput`, which the enum type satisfies) and the docs' payloads are programs as written.
                const takesOthers = t.enum.open || t.enum.values.some((v) => (v.alsoSpelled ?? []).length > 0);
                return takesOthers ? { oneOf: [{ type: "string" }, ref] } : ref;
            }
            case "object":
                return { $ref: `#/types/${this.objectType(module, t.object)}` };
        }
    }

    objectType(module: string, o: ObjectDefinition<object>): string {
        const token = `tenantkit:${module}:${o.name}`;
        if (token in this.types) return token;
        this.types[token] = {}; // reserved before its fields: a type may refer to itself
        const fields = Object.entries(o.fields as unknown as Record<string, Field>);
        this.types[token] = {
            type: "object",
            description: this.doc(o.name),
            properties: Object.fromEntries(
                fields.map(([k, f]) => [k, this.property(module, `${o.name}.${k}`, f.type, f, f.replaces ? { replaceOnChanges: true } : {})]),
            ),
            required: fields.filter(([, f]) => f.required).map(([k]) => k),
        };
        return token;
    }

    property(
        module: string,
        docKey: string,
        type: ValueType,
        rule: { secret?: boolean; deprecated?: string },
        extra: Partial<PropertySpec> = {},
    ): PropertySpec {
        return {
            description: this.doc(docKey),
            ...this.typeRef(module, type),
            ...extra,
            ...(rule.secret ? { secret: true } : {}),
            ...(rule.deprecated ? { deprecationMessage: rule.deprecated } : {}),
        };
    }

    connection(forResource: boolean): PropertySpec {
        const description = forResource
            ? "The tenant and credentials to use instead of the provider's (a second tenant or cloud). Kept in state, encrypted, for refresh and destroy; a change of its tenant, cloud or endpoints replaces the resource."
            : "The tenant and credentials to use instead of the provider's.";
        return {
            description,
            $ref: `#/types/${this.objectType("index", connectionType as ObjectDefinition<object>)}`,
            ...(forResource ? { secret: true } : {}),
        };
    }

    resource(r: ResourceDefinition<never, never>): Record<string, unknown> {
        const module = r.token.split(":")[1];
        const inputs = Object.entries(r.inputs as unknown as Record<string, Input>);
        const outputs = Object.entries(r.outputs as unknown as Record<string, OutputRule>).filter(([, o]) => !o.dynamicOnly);
        const inputProperties: Record<string, PropertySpec> = {};
        for (const [k, rule] of inputs) {
            inputProperties[k] = this.property(module, `${r.docs.inputs}.${k}`, rule.type, rule, {
                // Pulumi's schema has defaults for scalars only: an empty list is check's (core/definition.ts).
                ...(rule.default !== undefined && typeof rule.default !== "object" ? { default: rule.default } : {}),
                ...(rule.change === "replace" ? { replaceOnChanges: true } : {}),
            });
        }
        inputProperties[connectionProperty.name] = this.connection(true);
        const properties: Record<string, PropertySpec> = {};
        for (const [k, rule] of inputs) {
            if (rule.output === undefined) continue;
            const type = rule.output === true ? rule.type : rule.output;
            properties[k] = this.property(module, `${r.docs.outputs}.${k}`, type, rule, rule.change === "replace" ? { replaceOnChanges: true } : {});
        }
        for (const [k, rule] of outputs) properties[k] = this.property(module, `${r.docs.outputs}.${k}`, rule.type, rule);
        properties[connectionProperty.name] = this.connection(true);
        const required = [
            ...inputs.filter(([, i]) => i.output !== undefined && (i.required || i.default !== undefined || i.filled)).map(([k]) => k),
            ...outputs.filter(([, o]) => o.always).map(([k]) => k),
        ];
        return {
            description: this.summary(r.docs.resource),
            properties,
            required,
            inputProperties,
            requiredInputs: inputs.filter(([, i]) => i.required).map(([k]) => k),
        };
    }

    function(f: FunctionDefinition<never, never>): Record<string, unknown> {
        const module = f.token.split(":")[1];
        const section = (fields: Record<string, Field>, doc: string) => ({
            properties: Object.fromEntries(Object.entries(fields).map(([k, rule]) => [k, this.property(module, `${doc}.${k}`, rule.type, rule)])),
            required: Object.entries(fields)
                .filter(([, rule]) => rule.required)
                .map(([k]) => k),
        });
        const inputs = section(f.inputs as unknown as Record<string, Field>, f.docs.inputs);
        return {
            description: this.summary(f.docs.function),
            inputs: { ...inputs, properties: { ...inputs.properties, [connectionProperty.name]: this.connection(false) } },
            outputs: section(f.outputs as unknown as Record<string, Field>, f.docs.outputs),
        };
    }

    provider(): { config: unknown; provider: unknown } {
        const fields = connectionType.fields as unknown as Record<string, Field>;
        const setting = (k: string, rule: Field): PropertySpec => {
            const env = providerSettings[k as keyof typeof providerSettings].env;
            return this.property("index", `Connection.${k}`, rule.type, rule, {
                description: `${this.doc(`Connection.${k}`)} Falls back to \`${env}\`.`,
            });
        };
        const variables = Object.fromEntries(Object.entries(fields).map(([k, rule]) => [k, setting(k, rule)]));
        return {
            config: { variables },
            provider: {
                description:
                    "The tenant, cloud and credentials tenantkit talks to. The default provider takes them from the stack's `tenantkit:*` config (credentials as secrets) and the environment; an explicit provider resource from its arguments alone.",
                inputProperties: variables,
                properties: variables,
            },
        };
    }
}

/** The package schema, as `schema.json` holds it. */
export function generateSchema(docs: Docs = readDocs()): Record<string, unknown> {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string; license: string };
    const writer = new SchemaWriter(docs);
    const { config, provider } = writer.provider();
    const resources = Object.fromEntries(RESOURCES.map((r) => [r.token, writer.resource(r)]));
    const functions = Object.fromEntries(FUNCTIONS.map((f) => [f.token, writer.function(f)]));
    const sortedTypes = Object.fromEntries(
        Object.keys(writer.types)
            .sort()
            .map((k) => [k, writer.types[k]]),
    );
    return {
        name: "tenantkit",
        displayName: "tenantkit",
        version: pkg.version,
        description:
            "Microsoft tenant settings no other provider covers: Entra organizational branding as desired state, Power BI push datasets, read-only lookups of Entra temporary access pass methods and Azure DevOps pushes.",
        keywords: ["pulumi", "microsoft-entra", "power-bi", "azure-devops", "category/cloud"],
        license: pkg.license,
        publisher: "pulumi-tenantkit",
        // Where the engine downloads the plugin when a program needs it and it is not installed: the release assets
        // of github.com/pulumi-tenantkit/pulumi-tenantkit, pulumi-resource-tenantkit-v<version>-<os>-<arch>.tar.gz
        // (`npm run release`). PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES redirects it to a mirror (and the tests to loopback).
        pluginDownloadURL: "github://api.github.com/pulumi-tenantkit",
        meta: { moduleFormat: "(.*)" },
        language: {
            nodejs: {
                packageName: "@pulumi-tenantkit/sdk",
                respectSchemaVersion: true,
                packageDescription: "tenantkit's Pulumi resources for every language, as a provider plugin's SDK.",
            },
            // The schema's version in setup.py and package.json (else 0.0.0 and ${VERSION}) and in the Go SDK's
            // internal package (else none): the SDKs register resources and invokes with their package's version,
            // which is the plugin version the engine then asks for (with none, whichever tenantkit plugin is installed).
            // pyproject.toml instead of setup.py: the PEP 621 metadata `python -m build` reads (npm run sdk:python).
            python: { packageName: "pulumi_tenantkit", respectSchemaVersion: true, pyproject: { enabled: true } },
            go: {
                importBasePath: "github.com/pulumi-tenantkit/pulumi-tenantkit/sdk/go/tenantkit",
                generateResourceContainerTypes: true,
                respectSchemaVersion: true,
            },
        },
        config,
        provider,
        resources,
        functions,
        types: sortedTypes,
    };
}

/** The file's text: two-space JSON and a final newline, as Prettier leaves it. */
export function schemaText(schema: Record<string, unknown>): string {
    return `${JSON.stringify(schema, null, 2)}\n`;
}

if (require.main === module) {
    const text = schemaText(generateSchema());
    if (process.argv.includes("--check")) {
        const current = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, "utf8") : "";
        if (current !== text) {
            console.error("schema.json is not what the definitions generate: run `npm run schema`");
            process.exit(1);
        }
    } else {
        fs.writeFileSync(SCHEMA_FILE, text);
        console.error(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
    }
}
