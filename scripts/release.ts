/**
 * `npm run release [-- <os>-<arch> ...] [--out <folder>]`: tenantkit's provider plugin as the release assets the
 * engine downloads, in dist/release/ (gitignored): one executable per platform that needs nothing on the machine
 * (Node's single-executable applications: the plugin's bundle injected into Node's official binary, see
 * scripts/release/sea.ts), each in `pulumi-resource-tenantkit-v<version>-<os>-<arch>.tar.gz`, and
 * `pulumi-tenantkit_<version>_checksums.txt`. Without platforms it builds those that run as built (linux-amd64,
 * linux-arm64, windows-amd64); darwin-amd64 builds when named, unsigned; darwin-arm64 cannot (no Node binary).
 * `npm run build` runs first (the npm script does it): the executable is made of plugin/.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { writeAsset, writeChecksums } from "./release/assets";
import { hostTarget, NODE_VERSION, nodeBinary, targetName, TARGETS, type Target } from "./release/nodeBinary";
import { buildExecutable, seaMain, stripsSymbols, type BuiltExecutable } from "./release/sea";

const ROOT = path.resolve(__dirname, "..");
export const RELEASE_DIR = path.join(ROOT, "dist", "release");
export const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

/** The Node binary that makes the blobs: this machine's, at the pinned version. */
function hostNode(log: (line: string) => void): string {
    const host = hostTarget();
    if (host?.integrity) return nodeBinary(host, log);
    if (process.version === `v${NODE_VERSION}`) return process.execPath;
    throw new Error(`making a SEA blob needs Node.js ${NODE_VERSION} for this machine (${process.platform}-${process.arch}); run under it`);
}

/**
 * Builds the executable of each of `targets` (this machine's with V8's code cache and, on Linux, Node's symbols
 * stripped), cached by content hash.
 */
export async function buildExecutables(targets: readonly Target[], log: (line: string) => void = () => {}): Promise<BuiltExecutable[]> {
    const main = seaMain();
    const host = hostNode(log);
    const built: BuiltExecutable[] = [];
    for (const target of targets) {
        const targetNode = nodeBinary(target, log);
        built.push(
            await buildExecutable(
                { target, main, targetNode, hostNode: host, codeCache: target === hostTarget(), strip: stripsSymbols(target) },
                log,
            ),
        );
    }
    return built;
}

/** The executable for this machine (what the tests run), built or taken from the cache. */
export async function hostExecutable(log: (line: string) => void = () => {}): Promise<string> {
    const host = hostTarget();
    if (!host?.integrity) throw new Error(`no release target for this machine (${process.platform}-${process.arch})`);
    const [built] = await buildExecutables([host], log);
    return built!.file;
}

export interface ReleaseEntry {
    readonly target: string;
    readonly asset: string;
    readonly assetBytes: number;
    readonly executableBytes: number;
    readonly codeCache: boolean;
    readonly stripped: boolean;
}

/** Writes the assets of `targets` and the checksums into `out` (emptied first). */
export async function release(
    targets: readonly Target[],
    out = RELEASE_DIR,
    log: (line: string) => void = () => {},
): Promise<{ entries: ReleaseEntry[]; checksums: string }> {
    const built = await buildExecutables(targets, log);
    fs.rmSync(out, { recursive: true, force: true });
    fs.mkdirSync(out, { recursive: true });
    const entries = built.map((b): ReleaseEntry => {
        const asset = writeAsset(out, VERSION, b.target, b.file);
        return {
            target: targetName(b.target),
            asset: path.basename(asset),
            assetBytes: fs.statSync(asset).size,
            executableBytes: fs.statSync(b.file).size,
            codeCache: b.codeCache,
            stripped: b.stripped,
        };
    });
    const checksums = writeChecksums(
        out,
        VERSION,
        entries.map((e) => path.join(out, e.asset)),
    );
    return { entries, checksums };
}

async function main(argv: string[]): Promise<number> {
    const outAt = argv.indexOf("--out");
    const out = outAt >= 0 ? path.resolve(argv[outAt + 1] ?? "") : RELEASE_DIR;
    const names = argv.filter((a, i) => !a.startsWith("--") && !(outAt >= 0 && i === outAt + 1));
    const unknown = names.filter((n) => !TARGETS.some((t) => targetName(t) === n));
    if (unknown.length > 0) {
        console.error(`unknown platform ${unknown.join(", ")}; known: ${TARGETS.map(targetName).join(", ")}`);
        return 2;
    }
    const targets = names.length > 0 ? TARGETS.filter((t) => names.includes(targetName(t))) : TARGETS.filter((t) => !t.caveat);
    for (const t of targets) if (t.caveat) console.error(`# ${targetName(t)}: ${t.caveat}`);
    const missing = targets.filter((t) => !t.integrity);
    if (missing.length > 0) {
        console.error(`cannot build ${missing.map(targetName).join(", ")}`);
        return 1;
    }
    const { entries, checksums } = await release(targets, out, (l) => console.error(`# ${l}`));
    const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
    for (const e of entries) {
        console.log(
            `${e.asset}  ${mib(e.assetBytes)} (executable ${mib(e.executableBytes)}${e.codeCache ? ", V8 code cache" : ""}${e.stripped ? ", symbols stripped" : ""})`,
        );
    }
    console.log(path.relative(process.cwd(), checksums) || checksums);
    for (const t of TARGETS.filter((t) => !targets.includes(t))) console.error(`# not built: ${targetName(t)}${t.caveat ? ` (${t.caveat})` : ""}`);
    return 0;
}

if (require.main === module) {
    main(process.argv.slice(2)).then(
        (code) => process.exit(code),
        (err: unknown) => {
            console.error(`release failed: ${err instanceof Error ? err.message : String(err)}`);
            process.exit(1);
        },
    );
}
