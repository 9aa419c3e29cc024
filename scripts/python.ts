/**
 * Python tools the SDK scripts and tests run (PyPI's `build` for the wheel, `mypy` for the docs' snippets), in a
 * virtual environment cached under ~/.cache/pulumi-tenantkit (`cacheRoot()` of scripts/pulumi-install.js) and named by
 * a hash of its requirements, so a second run starts at once and a changed pin makes a new one. Made in a temporary
 * folder renamed into place when complete; the tools run as `python -m <tool>`, which a renamed environment keeps.
 */
import { execFileSync } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

// Plain JavaScript (it runs before `npm ci` in CI), so required rather than imported.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { cacheRoot } = require("./pulumi-install.js") as { cacheRoot(): string };

const ROOT = path.resolve(__dirname, "..");

/** The Python the tools run on: `$TENANTKIT_PYTHON`, else `python3` on PATH. */
export const PYTHON = process.env.TENANTKIT_PYTHON ?? "python3";

/** The exact @pulumi/pulumi the project pins: the Python `pulumi` the tools and tests install is the same version. */
export const PULUMI_VERSION = (
    JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8")) as { version: string }
).version;

/** What the tools' environment holds: `build` for the SDK's wheel and sdist, `mypy` and `pulumi` for the snippets. */
export const TOOL_REQUIREMENTS: readonly string[] = ["build==1.6.1", "mypy==2.4.1", `pulumi==${PULUMI_VERSION}`];

/** A command's output; a failure throws with what it printed. */
export function run(file: string, args: readonly string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
    try {
        return execFileSync(file, args, { ...opts, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
    } catch (err) {
        const e = err as { stdout?: string; stderr?: string; message: string };
        throw new Error(`${path.basename(file)} ${args.join(" ")} failed: ${e.message}\n${e.stdout ?? ""}${e.stderr ?? ""}`);
    }
}

/** A new virtual environment in `dir` with `requirements` from PyPI; its python's path. */
export function makeVenv(dir: string, requirements: readonly string[]): string {
    run(PYTHON, ["-m", "venv", dir]);
    const python = path.join(dir, "bin", "python");
    if (requirements.length > 0) run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", ...requirements]);
    return python;
}

/** The python of the cached environment that holds `requirements` (TOOL_REQUIREMENTS unless told), made when missing. */
export function toolsPython(requirements: readonly string[] = TOOL_REQUIREMENTS): string {
    const key = crypto
        .createHash("sha256")
        .update(`${PYTHON}\n${[...requirements].sort().join("\n")}`)
        .digest("hex")
        .slice(0, 12);
    const dir = path.join(cacheRoot(), `python-tools-${key}`);
    const python = path.join(dir, "bin", "python");
    if (fs.existsSync(python)) return python;
    fs.mkdirSync(cacheRoot(), { recursive: true });
    const tmp = `${dir}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    makeVenv(tmp, requirements);
    try {
        fs.renameSync(tmp, dir);
    } catch (err) {
        // Another process made it first: theirs serves.
        fs.rmSync(tmp, { recursive: true, force: true });
        if (!fs.existsSync(python)) throw err;
    }
    return python;
}
