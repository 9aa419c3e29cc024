/**
 * `npm run sdk`: regenerates tenantkit's SDKs under sdk/ (nodejs, python, go) from schema.json with Pulumi's own code
 * generators, the pkg/v3 packages of the CLI's version, through tenantkit-codegen (tools/pulumi-cli/codegen, built by
 * `npm run pulumi:install` beside the CLI). Run `npm run schema` first when the definitions changed.
 * `npm run sdk -- --check` writes nothing and exits 1 when sdk/ differs from what the schema generates.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
export const SDK_DIR = path.join(ROOT, "sdk");
export const SDK_LANGUAGES = ["nodejs", "python", "go"] as const;

/** The folder of the tools `npm run pulumi:install` builds (it builds them when missing). */
export function toolsBin(): string {
    const out = execFileSync(process.execPath, [path.join(ROOT, "scripts", "pulumi-install.js")], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
    });
    return out.trim().split("\n").pop()!;
}

/**
 * Writes the SDKs of every language into `out`/<language>, replacing what was there. Quiet, the generator's report
 * of what it wrote is dropped; a failure throws with what it printed on stderr either way.
 */
export function generateSdks(out: string, bin = toolsBin(), quiet = false): void {
    execFileSync(path.join(bin, "tenantkit-codegen"), ["sdk", path.join(ROOT, "schema.json"), out, ...SDK_LANGUAGES], {
        stdio: quiet ? ["ignore", "ignore", "pipe"] : "inherit",
    });
}

/** Every file under `dir`, relative to it, sorted. */
export function filesUnder(dir: string): string[] {
    if (!fs.existsSync(dir)) return [];
    return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
        .sort();
}

/** The differences between the committed SDK of `language` and a freshly generated one in `generated`. */
export function sdkDifferences(generated: string, language: string): string[] {
    const committed = path.join(SDK_DIR, language);
    const fresh = path.join(generated, language);
    const a = new Set(filesUnder(committed));
    const b = new Set(filesUnder(fresh));
    const problems: string[] = [];
    for (const f of b) if (!a.has(f)) problems.push(`sdk/${language}/${f} is missing`);
    for (const f of a) if (!b.has(f)) problems.push(`sdk/${language}/${f} is not generated`);
    for (const f of b) {
        if (a.has(f) && !fs.readFileSync(path.join(committed, f)).equals(fs.readFileSync(path.join(fresh, f))))
            problems.push(`sdk/${language}/${f} differs`);
    }
    return problems;
}

if (require.main === module) {
    if (process.argv.includes("--check")) {
        const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-sdk-"));
        try {
            generateSdks(tmp);
            const problems = SDK_LANGUAGES.flatMap((l) => sdkDifferences(tmp, l));
            if (problems.length > 0) {
                console.error(`${problems.join("\n")}\nsdk/ is not what schema.json generates: run \`npm run sdk\``);
                process.exit(1);
            }
        } finally {
            fs.rmSync(tmp, { recursive: true, force: true });
        }
    } else {
        generateSdks(SDK_DIR);
    }
}
