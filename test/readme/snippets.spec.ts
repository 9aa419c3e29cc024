/**
 * The documentation's code passes the strict checkers a user's editor and CI run: every fenced ```ts/```typescript
 * block of README.md and docs/**\/*.md under `tsc --strict`, every ```python block under `mypy --strict` with the
 * Python SDK's wheel installed, every ```go block under `go vet` with the Go SDK (sdk/, through a `replace`).
 *
 * What a block is, from the HTML comment on the line before its fence (blank lines between are allowed):
 * - `<!-- snippet: <path> -->`: the block is that file verbatim (readme.spec.ts checks it); the file is checked where it
 *   lives, so a Go program's own go.mod serves.
 * - `<!-- check: wrap <path> -->`: a fragment; the file at <path> (test/readme/wrappers/*.ts.in, *.py.in: templates the
 *   project's own tsc and lint skip) is checked with the block in place of its line `// SNIPPET` (`# SNIPPET` in
 *   Python): the wrapper brings the imports and declarations the fragment reads.
 * - `<!-- check: skip <reason> -->`: not checked; the reason, which must be given, says why.
 * - no comment: the block is a whole file.
 * TypeScript resolves `pulumi-tenantkit` to the package's own declarations (this checkout's bin/, built by `npm run
 * build`) and `@pulumi-tenantkit/sdk` to the generated SDK (sdk/nodejs). mypy runs from the virtual environment the
 * CLI suites' Python programs run in (test/cli/sdkToolchains.ts), which holds the wheel of this checkout's sdk/python
 * and is cached under ~/.cache/pulumi-tenantkit by its content.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { run } from "../../scripts/python";
import { goEnv, pythonWithSdk } from "../cli/sdkToolchains";

const ROOT = path.resolve(__dirname, "..", "..");
const LANGUAGES = { ts: "ts", typescript: "ts", python: "python", py: "python", go: "go" } as const;
type Language = (typeof LANGUAGES)[keyof typeof LANGUAGES];

interface Block {
    readonly where: string;
    readonly language: Language;
    readonly code: string;
    /** The comment before the fence, without `<!--` and `-->`. */
    readonly comment: string | undefined;
}

/** README.md and every page under docs/. */
function pages(): string[] {
    const docs = fs.existsSync(path.join(ROOT, "docs"))
        ? (fs.readdirSync(path.join(ROOT, "docs"), { recursive: true }) as string[]).filter((f) => f.endsWith(".md")).map((f) => path.join("docs", f))
        : [];
    return ["README.md", ...docs.sort()];
}

function blocks(): Block[] {
    return pages().flatMap((page) => {
        const lines = fs.readFileSync(path.join(ROOT, page), "utf8").split("\n");
        const found: Block[] = [];
        for (let i = 0; i < lines.length; i++) {
            const open = /^```(\w+)\s*$/.exec(lines[i]!);
            if (!open) continue;
            const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
            assert.ok(end > i, `${page}:${i + 1}: a fence that is never closed`);
            const language = LANGUAGES[open[1]!.toLowerCase() as keyof typeof LANGUAGES];
            if (language) {
                let k = i - 1;
                while (k >= 0 && lines[k]!.trim() === "") k--;
                const comment = /^<!--\s*(.*?)\s*-->$/.exec(lines[k]?.trim() ?? "")?.[1];
                found.push({ where: `${page}:${i + 1}`, language, code: `${lines.slice(i + 1, end).join("\n")}\n`, comment });
            }
            i = end;
        }
        return found;
    });
}

/** Where each block's code is checked: a file of the repository, or a file written under `scratch`. */
function sources(language: Language, scratch: string): { where: string; file: string }[] {
    const ext = { ts: ".ts", python: ".py", go: ".go" }[language];
    return blocks()
        .filter((b) => b.language === language)
        .flatMap((b, n) => {
            const snippet = /^snippet:\s*(\S+)$/.exec(b.comment ?? "");
            if (snippet) return [{ where: b.where, file: path.join(ROOT, snippet[1]!) }];
            const skip = /^check:\s*skip\b\s*(.*)$/.exec(b.comment ?? "");
            if (skip) {
                assert.ok(skip[1]!.trim() !== "", `${b.where}: \`check: skip\` needs a reason`);
                return [];
            }
            const wrap = /^check:\s*wrap\s+(\S+)$/.exec(b.comment ?? "");
            let code = b.code;
            if (wrap) {
                const wrapper = fs.readFileSync(path.join(ROOT, wrap[1]!), "utf8");
                const marker = /^[ \t]*(\/\/|#) SNIPPET[ \t]*$/m;
                assert.match(wrapper, marker, `${wrap[1]} has no SNIPPET line`);
                code = wrapper.replace(marker, () => b.code.trimEnd());
            }
            // One folder per block: Go wants a package (and module) of its own, mypy a module name of its own.
            const dir = path.join(scratch, `${language}-${n}`);
            fs.mkdirSync(dir, { recursive: true });
            const file = path.join(dir, `snippet${ext}`);
            fs.writeFileSync(file, code);
            return [{ where: b.where, file }];
        });
}

/** A checker's output as one message that names each block's page and line in place of its file. */
function failing(checked: { where: string; file: string }[], check: () => void): void {
    try {
        check();
    } catch (err) {
        let message = (err as Error).message;
        for (const s of checked) {
            const named = `${s.where} (${path.relative(ROOT, s.file)})`;
            message = message.split(path.relative(process.cwd(), s.file)).join(named).split(s.file).join(named);
        }
        assert.fail(message);
    }
}

describe("the documentation's code under strict checkers", function () {
    this.timeout(600_000);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-snippets-"));
    after(() => fs.rmSync(scratch, { recursive: true, force: true }));

    it("finds blocks of each language in README.md and docs/", () => {
        const languages = new Set(blocks().map((b) => b.language));
        assert.deepEqual([...languages].sort(), ["go", "python", "ts"]);
    });

    it("TypeScript blocks pass tsc --strict, against the package's declarations or the generated SDK", () => {
        const checked = sources("ts", scratch);
        const config = {
            compilerOptions: {
                strict: true,
                noEmit: true,
                skipLibCheck: true,
                target: "ES2022",
                module: "commonjs",
                moduleResolution: "node10",
                esModuleInterop: true,
                types: ["node"],
                typeRoots: [path.join(ROOT, "node_modules", "@types")],
                baseUrl: ROOT,
                // A block written under the scratch folder resolves packages as a program in this checkout would.
                paths: { "@pulumi-tenantkit/sdk": ["sdk/nodejs/index.ts"], "*": ["node_modules/*", "node_modules/@types/*"] },
            },
            files: checked.map((s) => s.file),
        };
        const tsconfig = path.join(scratch, "tsconfig.json");
        fs.writeFileSync(tsconfig, JSON.stringify(config));
        failing(checked, () => run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", tsconfig]));
    });

    it("Python blocks pass mypy --strict with the SDK's wheel installed", async function () {
        this.timeout(600_000);
        const checked = sources("python", scratch);
        const python = await pythonWithSdk(scratch);
        for (const s of checked) {
            failing([s], () =>
                run(python, ["-m", "mypy", "--strict", "--no-incremental", "--python-executable", python, s.file], { cwd: path.dirname(s.file) }),
            );
        }
    });

    it("Go blocks pass go vet against the Go SDK of this checkout", () => {
        const env = goEnv();
        for (const s of sources("go", scratch)) {
            const dir = path.dirname(s.file);
            if (!fs.existsSync(path.join(dir, "go.mod")) && dir.startsWith(scratch)) {
                // A block of its own: a module that requires the SDK from sdk/, with the SDK's go.sum.
                const sdkMod = fs.readFileSync(path.join(ROOT, "sdk", "go.mod"), "utf8");
                const goVersion = /^go (\S+)$/m.exec(sdkMod)![1];
                fs.writeFileSync(
                    path.join(dir, "go.mod"),
                    `module snippet\n\ngo ${goVersion}\n\nrequire github.com/pulumi-tenantkit/pulumi-tenantkit/sdk v0.0.0\n\nreplace github.com/pulumi-tenantkit/pulumi-tenantkit/sdk => ${path.join(ROOT, "sdk")}\n\n${sdkMod.slice(sdkMod.indexOf("require"))}`,
                );
                fs.copyFileSync(path.join(ROOT, "sdk", "go.sum"), path.join(dir, "go.sum"));
            }
            failing([s], () => run("go", ["vet", "."], { cwd: dir, env }));
        }
    });
});
