/**
 * A program copied from the services' documentation compiles: every official request payload in the conformance
 * fixtures, written as a TypeScript program's arguments to the public types, compiles against the published
 * declarations under TypeScript 3.8 and under the TypeScript we build with (the Node.js SDK type-checks a program
 * before it runs it, so a spelling the types refuse fails `pulumi preview`).
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts5 from "typescript";
import { CONFORMANCE_DIR, conformance } from "../support/conformance";
import { ROOT } from "./publicDeclarations";

const CONSUMER = path.join(ROOT, "test", "fixtures", "consumer");
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the TypeScript 3.8 that @pulumi/pulumi vendors, by file
const ts38 = require(require.resolve("@pulumi/pulumi/vendor/typescript@3.8.3/typescript.js", { paths: [ROOT] })) as typeof ts5;

/**
 * The public type each official request payload is an argument of, and the payload as a program writes it. Graph's
 * localization payloads name the locale `id`, which the public args call `locale`. Left out: rows (data, not a
 * resource's properties) and graph-branding-delete (the default branding's id "0", which no resource takes).
 */
const PAYLOAD_TYPES: ReadonlyArray<{ pattern: RegExp; type: string; asArgs?: (p: Record<string, unknown>) => Record<string, unknown> }> = [
    { pattern: /^powerbi-post-dataset.*\.request\.json$/, type: "tk.powerbi.PushDatasetArgs" },
    { pattern: /^powerbi-put-table.*\.request\.json$/, type: "tk.powerbi.PushDatasetTable" },
    { pattern: /^graph-branding-update\.request\.json$/, type: "tk.entra.OrganizationalBrandingArgs" },
    {
        pattern: /^graph-branding-localization-.*\.request\.json$/,
        type: "tk.entra.OrganizationalBrandingLocalizationArgs",
        asArgs: ({ id, ...rest }) => ({ locale: id ?? "fr-FR", ...rest }),
    },
];

/** The program: one typed constant per payload, so that each error names its payload's line. */
function programText(): { text: string; payloads: string[] } {
    const payloads = fs
        .readdirSync(CONFORMANCE_DIR)
        .filter((f) => PAYLOAD_TYPES.some((t) => t.pattern.test(f)))
        .sort();
    const lines = ['import * as tk from "pulumi-tenantkit";'];
    payloads.forEach((file, i) => {
        const { type, asArgs } = PAYLOAD_TYPES.find((t) => t.pattern.test(file))!;
        const payload = conformance<Record<string, unknown>>(file);
        lines.push(`// ${file}`, `export const payload${i}: ${type} = ${JSON.stringify(asArgs ? asArgs(payload) : payload)};`);
    });
    return { text: lines.join("\n") + "\n", payloads };
}

/** Errors in the program's own file under `ts`, as "line: message". */
function ownErrors(ts: typeof ts5, file: string): string[] {
    const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(CONSUMER, "tsconfig.json"), ts.sys.readFile).config, ts.sys, CONSUMER);
    const program = ts.createProgram([file], { ...parsed.options, noEmit: true });
    return (ts.getPreEmitDiagnostics(program as never) as readonly ts5.Diagnostic[])
        .filter((d) => d.file?.fileName === file)
        .map((d) => `${d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
}

describe("official payloads as public types", function () {
    this.timeout(120_000);
    const file = path.join(CONSUMER, "officialPayloads.generated.ts");
    const { text, payloads } = programText();
    before(() => fs.writeFileSync(file, text));
    after(() => fs.rmSync(file, { force: true }));

    it("every official dataset, table and branding request payload is in the program", () => {
        assert.ok(payloads.filter((f) => f.startsWith("powerbi-post-dataset")).length >= 3, payloads.join(", "));
        assert.ok(payloads.filter((f) => f.startsWith("powerbi-put-table")).length >= 2, payloads.join(", "));
        assert.ok(payloads.filter((f) => f.startsWith("graph-branding-")).length >= 3, payloads.join(", "));
    });

    for (const [name, ts] of [
        ["3.8", ts38],
        ["the TypeScript we build with", ts5],
    ] as const) {
        it(`compiles, every value as the docs spell it, under ${name}`, () => {
            assert.deepEqual(ownErrors(ts, file), []);
        });
    }
});
