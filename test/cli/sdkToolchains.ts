/**
 * The SDK packages and the Python and Go toolchains the suites build and run programs over the generated SDKs with
 * (test/cli/plugin-programs.spec.ts, test/cli/examples-languages.spec.ts and others). Not a spec file.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
export { PULUMI_VERSION } from "../../scripts/python";
import { PULUMI_VERSION } from "../../scripts/python";
import { buildPythonSdk } from "../../scripts/sdkPython";
import { packNodeSdk } from "../../scripts/sdkPack";
import { cachedFolder, hashTree } from "../support/buildCache";
import { ROOT } from "./pulumi";

// Plain JavaScript (it runs before `npm ci` in CI), so required rather than imported.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const installer = require("../../scripts/pulumi-install.js") as { findGo(): string | undefined; goEnv(): NodeJS.ProcessEnv; cacheRoot(): string };

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

/** What a build of the Python SDK leaves in sdk/python, which is not its source. */
const PYTHON_BUILD_OUTPUT = /^(build|dist|__pycache__)$|\.egg-info$/;

/**
 * The `python` of a virtual environment with {@link PYTHON_PACKAGES} and the Python SDK (from PyPI and sdk/python),
 * cached under ~/.cache/pulumi-tenantkit keyed by the interpreter, the packages and the SDK's sources (a minute to
 * build, none to reuse; test/support/buildCache.ts). Run its tools as `python -m <tool>`: their scripts name the
 * folder it was built in, not the one it was renamed to.
 */
export async function pythonWithSdk(scratch: string): Promise<string> {
    const interpreter = (await exec("python3", ["--version"])).trim();
    const key = hashTree(PYTHON_SDK, PYTHON_BUILD_OUTPUT)
        .update(`${interpreter}\0${PYTHON_PACKAGES.join("\0")}`)
        .digest("hex")
        .slice(0, 12);
    const python = (venv: string) => path.join(venv, "bin", "python");
    const venv = await cachedFolder({
        folder: path.join(installer.cacheRoot(), `python-venv-${key}`),
        complete: (dir) => fs.existsSync(python(dir)),
        obsolete: /^python-venv-[0-9a-f]{12}$/,
        build: async (building) => {
            await exec("python3", ["-m", "venv", building]);
            const pip = [python(building), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"];
            // The wheel a user installs (npm run sdk:python), not the folder: pip would build in it.
            const { wheel } = buildPythonSdk(fs.mkdtempSync(path.join(scratch, "sdk-python-")));
            await exec(pip[0]!, [...pip.slice(1), ...PYTHON_PACKAGES, wheel]);
        },
    });
    return python(venv);
}

const NODE_SDK = path.join(ROOT, "sdk", "nodejs");

/**
 * The Node.js SDK's package as `npm run sdk:pack` packs it (scripts/sdkPack.ts), packed once per content and cached
 * under ~/.cache/pulumi-tenantkit keyed by the SDK's sources, the packing script, the LICENSE it ships and the
 * TypeScript that compiles it (test/support/buildCache.ts): four suites install it, and each pack is a whole compile
 * of the SDK (~8 s of CPU).
 */
export async function nodeSdkPackage(): Promise<string> {
    const typescript = (JSON.parse(fs.readFileSync(require.resolve("typescript/package.json"), "utf8")) as { version: string }).version;
    const key = hashTree(NODE_SDK)
        .update(fs.readFileSync(path.join(ROOT, "scripts", "sdkPack.ts")))
        .update(fs.readFileSync(path.join(ROOT, "LICENSE")))
        .update(`typescript ${typescript}`)
        .digest("hex")
        .slice(0, 12);
    const tarball = (dir: string) => fs.readdirSync(dir).find((f) => f.endsWith(".tgz"));
    const folder = await cachedFolder({
        folder: path.join(installer.cacheRoot(), `node-sdk-${key}`),
        complete: (dir) => tarball(dir) !== undefined,
        obsolete: /^node-sdk-[0-9a-f]{12}$/,
        build: (building) => void packNodeSdk(building),
    });
    return path.join(folder, tarball(folder)!);
}

/**
 * The Automation API driver of examples/go (its `driver/` package over the example's program and the Go SDK's module
 * in sdk/, which go.mod's replace names), built with `go <buildArgs>` (the README's `build -v -o <file> ./driver`, the
 * file put in the cache) once per content and cached under ~/.cache/pulumi-tenantkit keyed by both folders, the
 * arguments and the Go toolchain (test/support/buildCache.ts): Go caches the compiled packages, not the linked
 * executable, whose link is ~10 s of CPU.
 */
export async function goDriver(buildArgs: readonly string[]): Promise<string> {
    const go = requireGo();
    const example = path.join(ROOT, "examples", "go");
    const out = buildArgs.indexOf("-o") + 1;
    if (buildArgs[0] !== "build" || out === 0 || out >= buildArgs.length) throw new Error(`go ${buildArgs.join(" ")}: not a go build -o <file>`);
    const key = hashTree(example)
        .update("\0sdk\0")
        .update(hashTree(path.join(ROOT, "sdk"), /^(nodejs|python)$/).digest())
        .update((await exec(go, ["version"])).trim())
        .update(`\0${buildArgs.join("\0")}`)
        .digest("hex")
        .slice(0, 12);
    const driver = (dir: string) => path.join(dir, "driver");
    const folder = await cachedFolder({
        folder: path.join(installer.cacheRoot(), `go-driver-${key}`),
        complete: (dir) => fs.existsSync(driver(dir)),
        obsolete: /^go-driver-[0-9a-f]{12}$/,
        // Built in the repository, where go.mod's replace finds sdk/.
        build: async (building) => {
            const args = buildArgs.map((a, i) => (i === out ? driver(building) : a));
            await exec(go, args, { cwd: example, env: goEnv() });
        },
    });
    return driver(folder);
}

/** The Go toolchain (`go` on PATH or in its usual places); fails the test, saying so, when there is none. */
export function requireGo(): string {
    const go = installer.findGo();
    if (!go) throw new Error("go is not on PATH (npm run pulumi:install needs it too)");
    return go;
}

/** The environment of `go build`, `go vet` and `go test`: the one every `go` command of the project runs with. */
export function goEnv(): NodeJS.ProcessEnv {
    return installer.goEnv();
}
