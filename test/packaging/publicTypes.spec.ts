/**
 * The public declarations stand alone: they import no internal library (zod, axios, @azure/identity), parse under
 * the TypeScript 3.8 that @pulumi/pulumi falls back to when a program brings none, and a program with the tsconfig
 * `pulumi new typescript` wrote until recently compiles against them, under 3.8 and under the TypeScript we build with.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts5 from "typescript";
import { publicDeclarations, ROOT } from "./publicDeclarations";

const CONSUMER = path.join(ROOT, "test", "fixtures", "consumer");
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the TypeScript 3.8 that @pulumi/pulumi vendors, by file
const ts38 = require(require.resolve("@pulumi/pulumi/vendor/typescript@3.8.3/typescript.js", { paths: [ROOT] })) as typeof ts5;

/** Diagnostics of the consumer program under `ts`, as "file(line): message", split by where they are. */
function compile(ts: typeof ts5, root: string): { own: string[]; all: string[] } {
    const configPath = path.join(CONSUMER, "tsconfig.json");
    const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, CONSUMER);
    const program = ts.createProgram([path.join(CONSUMER, root)], { ...parsed.options, noEmit: true });
    const text = (d: ts5.Diagnostic) => {
        const where = d.file ? `${path.relative(ROOT, d.file.fileName)}(${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1})` : "";
        return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
    };
    const all = ts.getPreEmitDiagnostics(program as never) as readonly ts5.Diagnostic[];
    return {
        own: all.filter((d) => d.file && !d.file.fileName.includes("node_modules") && d.file.fileName.startsWith(CONSUMER)).map(text),
        all: all.map(text),
    };
}

describe("public declarations", function () {
    this.timeout(120_000);

    it("import no package but @pulumi/pulumi (no zod, axios or @azure/identity type reaches a program)", () => {
        assert.deepEqual([...publicDeclarations().packages], ["@pulumi/pulumi"]);
    });

    it("parse under TypeScript 3.8 (no syntax newer than the SDK's fallback compiler)", () => {
        const problems: string[] = [];
        for (const file of publicDeclarations().files) {
            const source = ts38.createSourceFile(file, fs.readFileSync(file, "utf8"), ts38.ScriptTarget.ES2017, true);
            const diagnostics = (source as unknown as { parseDiagnostics: ts5.Diagnostic[] }).parseDiagnostics;
            for (const d of diagnostics) problems.push(`${path.relative(ROOT, file)}: ${ts38.flattenDiagnosticMessageText(d.messageText, " ")}`);
        }
        assert.deepEqual(problems, []);
    });

    it("a program with the older pulumi-new tsconfig compiles under TypeScript 3.8 with no error in its own code", () => {
        assert.deepEqual(compile(ts38, "index.ts").own, []);
    });

    it("the same program compiles under the TypeScript we build with, library declarations checked too (no skipLibCheck)", () => {
        assert.deepEqual(compile(ts5, "index.ts").all, []);
    });

    it('a misspelled enumerated field (dataType: "Strnig") does not compile, under 3.8 or 5', () => {
        for (const ts of [ts38, ts5]) {
            const own = compile(ts, "typo.ts").own;
            assert.equal(own.length, 1, own.join("\n"));
            // TypeScript 3.8 names the accepted spellings instead of the type's name.
            assert.match(own[0]!, /typo\.ts\(4\).*(Strnig|PushDatasetDataType|"Int64")/);
        }
    });
});
