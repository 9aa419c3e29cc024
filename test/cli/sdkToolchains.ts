/**
 * The SDK packages and the Python and Go toolchains the suites build and run programs over the generated SDKs with
 * (test/cli/plugin-programs.spec.ts, test/cli/examples-languages.spec.ts and others). Not a spec file.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
export { PULUMI_VERSION } from "../../scripts/python";
import { PULUMI_VERSION } from "../../scripts/python";
import { buildPythonSdk } from "../../scripts/sdkPython";
import { packNodeSdk } from "../../scripts/sdkPack";
import { ROOT } from "./pulumi";

// Plain JavaScript (it runs before `npm ci` in CI), so required rather than imported.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const installer = require("../../scripts/pulumi-install.js") as { findGo(): string | undefined; cacheRoot(): string };

/** Runs a command without blocking (the emulator answers the programs' requests from this very process); its stdout. */
export async function exec(file: string, args: readonly string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
    try {
        const { stdout } = await promisify(execFile)(file, args, { ...opts, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
        return stdout;
    } catch (err) {
        const e = err as { stdout?: string; stderr?: string; message: string };
        throw new Error(`${path.basename(file)} ${args.join(" ")} failed: ${e.message}\n${e.stdout ?? ""}${e.stderr ?? ""}`);
    }
}

/** What the virtual environment holds besides the SDK: Pulumi's Python SDK, and mypy for the examples' type check. */
const PYTHON_PACKAGES = [`pulumi==${PULUMI_VERSION}`, "mypy==2.4.1"];

const PYTHON_SDK = path.join(ROOT, "sdk", "python");

/** A hash of the SDK's sources, so a regenerated SDK gets a virtual environment of its own. */
function hashTree(dir: string, hash = createHash("sha256")): ReturnType<typeof createHash> {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        if (/^(build|dist|__pycache__)$|\.egg-info$/.test(entry.name)) continue;
        const full = path.join(dir, entry.name);
        hash.update(`${entry.name}\0`);
        if (entry.isDirectory()) hashTree(full, hash);
        else hash.update(fs.readFileSync(full));
    }
    return hash;
}

/**
 * The `python` of a virtual environment with {@link PYTHON_PACKAGES} and the Python SDK (from PyPI and sdk/python),
 * cached under ~/.cache/pulumi-tenantkit keyed by the interpreter, the packages and the SDK's sources (a minute to
 * build, none to reuse). Built beside its final place and renamed into it, so suites building it at once do not
 * share a half-built one; run its tools as `python -m <tool>` (their scripts name the folder it was built in).
 */
export async function pythonWithSdk(scratch: string): Promise<string> {
    const interpreter = (await exec("python3", ["--version"])).trim();
    const key = hashTree(PYTHON_SDK)
        .update(`${interpreter}\0${PYTHON_PACKAGES.join("\0")}`)
        .digest("hex")
        .slice(0, 12);
    const root = installer.cacheRoot();
    const venv = path.join(root, `python-venv-${key}`);
    const python = path.join(venv, "bin", "python");
    if (fs.existsSync(python)) return python;

    fs.mkdirSync(root, { recursive: true });
    const building = fs.mkdtempSync(path.join(root, `python-venv-${key}.building-`));
    try {
        await exec("python3", ["-m", "venv", building]);
        const pip = [path.join(building, "bin", "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"];
        // The wheel a user installs (npm run sdk:python), not the folder: pip would build in it.
        const { wheel } = buildPythonSdk(fs.mkdtempSync(path.join(scratch, "sdk-python-")));
        await exec(pip[0]!, [...pip.slice(1), ...PYTHON_PACKAGES, wheel]);
        fs.renameSync(building, venv);
    } catch (err) {
        fs.rmSync(building, { recursive: true, force: true });
        // Another suite renamed its own into place first: the same packages, so use that one.
        if (!fs.existsSync(python)) throw err;
    }
    // Environments of SDKs regenerated since are no longer used by this checkout, nor the leftovers of killed builds.
    for (const old of fs.readdirSync(root)) {
        const stale = /^python-venv-[0-9a-f]{12}$/.test(old) && old !== path.basename(venv);
        const abandoned = old.includes(".building-") && Date.now() - fs.statSync(path.join(root, old)).mtimeMs > 3_600_000;
        if (stale || abandoned) fs.rmSync(path.join(root, old), { recursive: true, force: true });
    }
    return python;
}

const NODE_SDK = path.join(ROOT, "sdk", "nodejs");

/**
 * The Node.js SDK's package as `npm run sdk:pack` packs it (scripts/sdkPack.ts), packed once per content and cached
 * under ~/.cache/pulumi-tenantkit keyed by the SDK's sources, the packing script, the LICENSE it ships and the
 * TypeScript that compiles it: four suites install it, and each pack is a whole compile of the SDK (~8 s of CPU).
 * Packed beside its final place and renamed into it, as {@link pythonWithSdk} builds.
 */
export function nodeSdkPackage(): string {
    const typescript = (JSON.parse(fs.readFileSync(require.resolve("typescript/package.json"), "utf8")) as { version: string }).version;
    const key = hashTree(NODE_SDK)
        .update(fs.readFileSync(path.join(ROOT, "scripts", "sdkPack.ts")))
        .update(fs.readFileSync(path.join(ROOT, "LICENSE")))
        .update(`typescript ${typescript}`)
        .digest("hex")
        .slice(0, 12);
    const root = installer.cacheRoot();
    const folder = path.join(root, `node-sdk-${key}`);
    const packed = () => (fs.existsSync(folder) ? fs.readdirSync(folder).find((f) => f.endsWith(".tgz")) : undefined);
    const found = packed();
    if (found) return path.join(folder, found);

    fs.mkdirSync(root, { recursive: true });
    const building = fs.mkdtempSync(path.join(root, `node-sdk-${key}.building-`));
    try {
        packNodeSdk(building);
        fs.renameSync(building, folder);
    } catch (err) {
        fs.rmSync(building, { recursive: true, force: true });
        // Another suite renamed its own into place first: the same sources, so use that one.
        if (!packed()) throw err;
    }
    for (const old of fs.readdirSync(root)) {
        const stale = /^node-sdk-[0-9a-f]{12}$/.test(old) && old !== path.basename(folder);
        const abandoned =
            old.startsWith("node-sdk-") && old.includes(".building-") && Date.now() - fs.statSync(path.join(root, old)).mtimeMs > 3_600_000;
        if (stale || abandoned) fs.rmSync(path.join(root, old), { recursive: true, force: true });
    }
    return path.join(folder, packed()!);
}

/** The Go toolchain (`go` on PATH or in its usual places); fails the test, saying so, when there is none. */
export function requireGo(): string {
    const go = installer.findGo();
    if (!go) throw new Error("go is not on PATH (npm run pulumi:install needs it too)");
    return go;
}

/** The environment of `go build` and `go vet`: modules as go.mod and go.sum pin them, never rewritten. */
export function goEnv(): NodeJS.ProcessEnv {
    return { ...process.env, CGO_ENABLED: "0", GOFLAGS: "-mod=readonly -buildvcs=false" };
}
