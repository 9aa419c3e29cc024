/**
 * The bare provider plugin (bench/programs/bare-plugin/index.js) built as `npm run build` builds tenantkit's
 * (scripts/plugin.ts): one file bundled by @vercel/ncc with the same options, in a folder with tenantkit's own launcher
 * `pulumi-resource-tenantkit` (which runs `node index.js`). A comparison of starts or of whole programs is then between
 * two plugins bundled and launched alike, not with an unbundled one that loads the SDK module by module.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PLUGIN_DIR } from "../harness/cli";
import type { Target } from "../scripts/release/nodeBinary";
import { buildExecutable, seaMain, stripsSymbols } from "../scripts/release/sea";

const ENTRY = path.join(__dirname, "programs", "bare-plugin", "index.js");
const LAUNCHER = "pulumi-resource-tenantkit";

interface NccAsset {
    source: string | Buffer;
    permissions?: number;
}

let built: Promise<string> | undefined;

/** The bare plugin's folder (built once per process, in a temporary folder the process removes at exit). */
export function barePluginDir(): Promise<string> {
    built ??= (async () => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- ncc ships no declarations
        const ncc = require("@vercel/ncc") as (entry: string, opts: object) => Promise<{ code: string; assets: Record<string, NccAsset> }>;
        // scripts/plugin.ts's options: tenantkit's bundle is made with exactly these.
        const { code, assets } = await ncc(ENTRY, { minify: false, sourceMap: false, quiet: true, cache: false, target: "es2022" });
        const out = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bare-plugin-"));
        process.once("exit", () => fs.rmSync(out, { recursive: true, force: true }));
        fs.writeFileSync(path.join(out, "index.js"), code);
        for (const [name, asset] of Object.entries(assets)) {
            fs.mkdirSync(path.dirname(path.join(out, name)), { recursive: true });
            fs.writeFileSync(path.join(out, name), asset.source, { mode: asset.permissions });
        }
        fs.copyFileSync(path.join(PLUGIN_DIR, LAUNCHER), path.join(out, LAUNCHER));
        fs.chmodSync(path.join(out, LAUNCHER), 0o755);
        return out;
    })();
    return built;
}

/** The bare plugin's launcher, as the engine would run it. */
export async function barePluginLauncher(): Promise<string> {
    return path.join(await barePluginDir(), LAUNCHER);
}

/**
 * The bare plugin as a single executable for `target`, made by the release's own steps (seaMain, buildExecutable with
 * V8's code cache) from Node's binary `node`. Built under a cache folder of this process (TENANTKIT_TOOLS_DIR for the
 * call): buildExecutable keeps one build per target and flavour in its cache, and the shared cache's is tenantkit's
 * executable, which a build there would remove.
 */
export async function bareExecutable(target: Target, node: string, log: (line: string) => void): Promise<string> {
    const main = seaMain(await barePluginDir());
    const own = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bare-sea-"));
    process.once("exit", () => fs.rmSync(own, { recursive: true, force: true }));
    const shared = process.env.TENANTKIT_TOOLS_DIR;
    process.env.TENANTKIT_TOOLS_DIR = own;
    try {
        return (await buildExecutable({ target, main, targetNode: node, hostNode: node, codeCache: true, strip: stripsSymbols(target) }, log)).file;
    } finally {
        if (shared === undefined) delete process.env.TENANTKIT_TOOLS_DIR;
        else process.env.TENANTKIT_TOOLS_DIR = shared;
    }
}
