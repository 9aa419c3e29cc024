/**
 * Builds `plugin/`, the folder of tenantkit's provider plugin as the engine runs it: an executable
 * `pulumi-resource-tenantkit` (and `.cmd` for Windows) that starts `node` on one bundled file holding the plugin
 * (bin/plugin/main.js) and every module it loads, with the schema and the version inside. A folder that needs nothing
 * beside it is what `pulumi plugin install resource tenantkit <version> --file <folder>` can copy into the plugin cache
 * (it copies the folder alone, without the program's node_modules) and what Go and Python programs run. Bundled with
 * @vercel/ncc, which is one package without dependencies or install scripts. Run by `npm run build`.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
export const PLUGIN_DIR = path.join(ROOT, "plugin");
const ENTRY = path.join(ROOT, "bin", "plugin", "main.js");

/**
 * What the launchers say when no `node` is on PATH: without it the engine showed only `exec: node: not found` under
 * its "This is *always* a bug in the provider". Plain text: the engine prints the plugin's stderr as it is.
 */
const NO_NODE =
    "pulumi-resource-tenantkit: this plugin is the npm package's plugin/ folder, which runs on Node.js 22 or newer, " +
    "and no node is on PATH. Put Node.js 22 or newer on the PATH that pulumi runs with, or install the standalone plugin, " +
    "which needs nothing: pulumi plugin install resource tenantkit <version> --file " +
    "pulumi-resource-tenantkit-v<version>-<os>-<arch>.tar.gz (the release asset; npm run release makes it in a checkout)";

/*
 * `${0%/*}` instead of `$(dirname "$0")`: the launcher must reach its message with nothing on PATH. The engine starts
 * it by its full path and passes its own address as the last argument.
 */
const LAUNCHER = `#!/bin/sh
# tenantkit's provider plugin: needs Node.js 22 or newer on PATH.
if ! command -v node >/dev/null 2>&1; then
    echo "${NO_NODE}" >&2
    exit 1
fi
exec node "\${0%/*}/index.js" "$@"
`;

const LAUNCHER_CMD = [
    "@echo off",
    "rem tenantkit's provider plugin: needs Node.js 22 or newer on PATH.",
    "where node >nul 2>nul || (",
    `    echo ${NO_NODE.replace(/[<>|&^()]/g, "^$&")} 1>&2`,
    "    exit /b 1",
    ")",
    'node "%~dp0index.js" %*',
    "",
].join("\r\n");

interface NccAsset {
    source: string | Buffer;
    permissions?: number;
}

/**
 * What the bundle is made of: the compiled tree, the manifests that decide node_modules, the schema and this script.
 * `npm ci` builds once through `prepare`, and `npm start` or `npm test` run the build again right after: bundling
 * takes seconds that an unchanged tree need not pay twice.
 */
export function bundleInputsDigest(): string {
    const hash = createHash("sha256");
    const files = [
        ...(fs.readdirSync(path.join(ROOT, "bin"), { recursive: true, withFileTypes: true }) as fs.Dirent[])
            .filter((e) => e.isFile() && !e.name.endsWith(".tsbuildinfo"))
            .map((e) => path.join(e.parentPath, e.name)),
        ...["package.json", "package-lock.json", "schema.json", "scripts/plugin.ts"].map((f) => path.join(ROOT, f)),
    ].sort();
    for (const file of files)
        hash.update(`${path.relative(ROOT, file)}\0`)
            .update(fs.readFileSync(file))
            .update("\0");
    return hash.digest("hex");
}

const DIGEST_FILE = ".inputs-sha256";

export async function buildPlugin(out = PLUGIN_DIR): Promise<void> {
    const digest = bundleInputsDigest();
    if (fs.existsSync(path.join(out, "index.js")) && readIfExists(path.join(out, DIGEST_FILE)) === digest) return;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- ncc ships no declarations
    const ncc = require("@vercel/ncc") as (entry: string, opts: object) => Promise<{ code: string; assets: Record<string, NccAsset> }>;
    const { code, assets } = await ncc(ENTRY, { minify: false, sourceMap: false, quiet: true, cache: false, target: "es2022" });
    fs.rmSync(out, { recursive: true, force: true });
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, "index.js"), code);
    for (const [name, asset] of Object.entries(assets)) {
        const file = path.join(out, name);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, asset.source, { mode: asset.permissions });
    }
    fs.writeFileSync(path.join(out, "pulumi-resource-tenantkit"), LAUNCHER, { mode: 0o755 });
    fs.writeFileSync(path.join(out, "pulumi-resource-tenantkit.cmd"), LAUNCHER_CMD);
    fs.writeFileSync(path.join(out, DIGEST_FILE), digest);
}

function readIfExists(file: string): string | undefined {
    return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
}

if (require.main === module) {
    buildPlugin().catch((err: unknown) => {
        console.error(`building plugin/ failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
    });
}
