/**
 * The reference of every resource and get function (docs/reference.md), rendered from the definitions (provider/resources.ts:
 * what a change of each input does) and `schema.json` (the descriptions, types and defaults the definitions
 * generate), so that the docs cannot say another thing than the provider does. `npm run readme:reference` rewrites
 * the section between its markers in docs/reference.md; test/packaging/schema.spec.ts fails when it is not what this renders.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Change, InputRule } from "../provider/core/model/definition";
import { FUNCTIONS, RESOURCES } from "../provider/resources";
import { SCHEMA_FILE } from "./schema";

/** The page that shows the reference. */
export const REFERENCE_PAGE = path.resolve(__dirname, "..", "docs", "reference.md");
export const BEGIN = "<!-- reference: generated from the definitions and schema.json by `npm run readme:reference`; do not edit by hand -->";
export const END = "<!-- /reference -->";

interface PropertySpec {
    readonly description?: string;
    readonly type?: string;
    readonly $ref?: string;
    readonly items?: PropertySpec;
    readonly additionalProperties?: PropertySpec;
    readonly default?: string | number | boolean;
    readonly secret?: boolean;
    /** Set on the properties the resource refuses at preview. */
    readonly deprecationMessage?: string;
}
interface Schema {
    readonly resources: Record<
        string,
        { properties: Record<string, PropertySpec>; inputProperties: Record<string, PropertySpec>; requiredInputs: string[] }
    >;
    readonly functions: Record<
        string,
        { inputs: { properties: Record<string, PropertySpec>; required?: string[] }; outputs: { properties: Record<string, PropertySpec> } }
    >;
}

/** What a user reads in a preview when the input changes. */
const CHANGE: Record<Change, string> = {
    update: "updates in place",
    replace: "replaces",
    state: "updates state only (no request)",
    ignore: "no diff (read at create only)",
};

/** A type as a reader of any language's SDK knows it: the schema's type name without its package and module. */
function typeText(p: PropertySpec): string {
    if (p.$ref === "pulumi.json#/Asset") return "asset (file)";
    if (p.$ref) return p.$ref.slice(p.$ref.lastIndexOf(":") + 1);
    if (p.type === "array" && p.items) return `${typeText(p.items)}[]`;
    if (p.type === "object" && p.additionalProperties) return `map of ${typeText(p.additionalProperties)}`;
    return p.type ?? "any";
}

const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

/** The description; a deprecated property's says why it is refused, and its change column says so. */
function describe(p: PropertySpec): string {
    return cell([p.description ?? "", p.secret ? "Secret." : ""].filter(Boolean).join(" "));
}

const row = (cells: readonly string[]): string => `| ${cells.join(" | ")} |`;

function resourceSection(token: string, inputs: Readonly<Record<string, InputRule<Record<string, unknown>, string>>>, schema: Schema): string[] {
    const spec = schema.resources[token]!;
    const lines = [
        `### \`${token}\``,
        "",
        row(["input", "type", "required", "a change", "default", "description"]),
        row(["---", "---", "---", "---", "---", "---"]),
    ];
    for (const [name, p] of Object.entries(spec.inputProperties)) {
        // `connection` is the one input without a rule of its own (core/settings/connectionDefinition.ts): its fields say what replaces.
        const change = p.deprecationMessage
            ? "refused at preview"
            : inputs[name]
              ? CHANGE[inputs[name].change]
              : "replaces when its tenant, cloud or endpoints change";
        const required = spec.requiredInputs.includes(name) ? "yes" : "";
        lines.push(row([`\`${name}\``, typeText(p), required, change, p.default === undefined ? "" : `\`${String(p.default)}\``, describe(p)]));
    }
    const outputsOnly = Object.entries(spec.properties).filter(([name]) => !(name in spec.inputProperties));
    if (outputsOnly.length > 0) {
        lines.push("", row(["output", "type", "description"]), row(["---", "---", "---"]));
        for (const [name, p] of outputsOnly) lines.push(row([`\`${name}\``, typeText(p), describe(p)]));
    }
    return [...lines, ""];
}

function functionSection(token: string, schema: Schema): string[] {
    const spec = schema.functions[token]!;
    const lines = [`### \`${token}\``, "", row(["argument", "type", "required", "description"]), row(["---", "---", "---", "---"])];
    for (const [name, p] of Object.entries(spec.inputs.properties)) {
        lines.push(row([`\`${name}\``, typeText(p), (spec.inputs.required ?? []).includes(name) ? "yes" : "", describe(p)]));
    }
    lines.push("", row(["result", "type", "description"]), row(["---", "---", "---"]));
    for (const [name, p] of Object.entries(spec.outputs.properties)) lines.push(row([`\`${name}\``, typeText(p), describe(p)]));
    return [...lines, ""];
}

/** The section as the page must show it, markers included. */
export function renderReference(schema: Schema = JSON.parse(fs.readFileSync(SCHEMA_FILE, "utf8")) as Schema): string {
    const lines = [BEGIN, ""];
    for (const r of RESOURCES)
        lines.push(...resourceSection(r.token, r.inputs as Readonly<Record<string, InputRule<Record<string, unknown>, string>>>, schema));
    for (const f of FUNCTIONS) lines.push(...functionSection(f.token, schema));
    return [...lines, END].join("\n");
}

/** The page's current section between the markers, markers included, or undefined when they are missing. */
export function readmeReference(text = fs.readFileSync(REFERENCE_PAGE, "utf8")): string | undefined {
    const start = text.indexOf(BEGIN);
    const end = text.indexOf(END);
    return start < 0 || end < start ? undefined : text.slice(start, end + END.length);
}

if (require.main === module) {
    const text = fs.readFileSync(REFERENCE_PAGE, "utf8");
    const current = readmeReference(text);
    if (current === undefined) throw new Error(`docs/reference.md has no reference markers (${BEGIN} ... ${END})`);
    fs.writeFileSync(REFERENCE_PAGE, text.replace(current, renderReference()));
    console.error("docs/reference.md: reference rewritten from the definitions and schema.json");
}
