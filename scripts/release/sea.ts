/**
 * The provider plugin as one executable: Node's single-executable applications (SEA). The bundle `npm run build`
 * writes to plugin/ becomes one CommonJS file (the SEA main, which can `require` only Node's built-in modules), that
 * file a preparation blob, and the blob is injected with `postject` into Node's official binary of each platform.
 *
 * What ncc writes beside plugin/index.js, and what becomes of it:
 * - `<n>.index.js` chunks (the operations with the handlers and clients, which the plugin reads at its first resource
 *   request, provider/plugin/server.ts `loadOperations`; the `emulator` command; the `open` package, which
 *   @azure/identity's interactive browser credential imports on demand): inlined, and the bundle's chunk loader reads
 *   them from the inlined table instead of `require("./<n>.index.js")`.
 * - `proto/`, `xds/`, `protoc-gen-validate/`: .proto files that @grpc/grpc-js loads only for its channelz admin service
 *   and ORCA load reports, which the plugin never starts: left out.
 * - `xdg-open`: `open`'s own copy, used only when it sits beside the bundle; without it `open` runs the system's.
 * Anything else beside the bundle fails the build, so that a new file is looked at before it is left out.
 */
import { spawn, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { cacheRoot, hostTarget, NODE_VERSION, targetName, type Target } from "./nodeBinary";

const ROOT = path.resolve(__dirname, "..", "..");
export const PLUGIN_DIR = path.join(ROOT, "plugin");

/** The fuse Node's binary carries (`NODE_SEA_FUSE_<hash>`), which postject flips once the blob is in. */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** Files and folders of plugin/ the executable does without (see the header). */
const LEFT_OUT = new Set([
    "proto",
    "xds",
    "protoc-gen-validate",
    "xdg-open",
    "pulumi-resource-tenantkit",
    "pulumi-resource-tenantkit.cmd",
    ".inputs-sha256",
]);
const CHUNK = /^\d+\.index\.js$/;
const CHUNK_LOAD = 'installChunk(require("./" + __nccwpck_require__.u(chunkId)));';

/** Whether `target`'s executable is built with Node's symbols stripped: a Linux one of this machine's platform (above). */
export const stripsSymbols = (target: Target): boolean => target.os === "linux" && target === hostTarget();

/** The SEA main: plugin/index.js with its chunks inlined. Fails on a file beside it that it does not know. */
export function seaMain(pluginDir = PLUGIN_DIR): string {
    const names = fs.readdirSync(pluginDir).filter((n) => n !== "index.js");
    const unknown = names.filter((n) => !CHUNK.test(n) && !LEFT_OUT.has(n));
    if (unknown.length > 0) {
        throw new Error(
            `${pluginDir} holds ${unknown.join(", ")} beside index.js, which the single executable would not carry: ` +
                "inline it or add it to LEFT_OUT in scripts/release/sea.ts, with the reason",
        );
    }
    let code = fs.readFileSync(path.join(pluginDir, "index.js"), "utf8");
    const chunks = names.filter((n) => CHUNK.test(n)).sort();
    if (chunks.length > 0) {
        const at = code.indexOf(CHUNK_LOAD);
        if (at < 0 || code.indexOf(CHUNK_LOAD, at + 1) >= 0) {
            throw new Error(`plugin/index.js has chunks (${chunks.join(", ")}) but not the one chunk loader ${CHUNK_LOAD}`);
        }
        code = code.replace(CHUNK_LOAD, "installChunk(__tenantkitChunk(__nccwpck_require__.u(chunkId)));");
        const table = chunks
            .map((n) => {
                const src = fs.readFileSync(path.join(pluginDir, n), "utf8");
                return `${JSON.stringify(n)}: function (exports, module) {\n${src}\n}`;
            })
            .join(",\n");
        code =
            `var __tenantkitChunks = {\n${table}\n};\n` +
            "function __tenantkitChunk(name) {\n" +
            "    var load = __tenantkitChunks[name];\n" +
            '    if (!load) throw new Error("tenantkit: no inlined chunk " + name);\n' +
            "    var module = { exports: {} };\n" +
            "    load(module.exports, module);\n" +
            "    return module.exports;\n" +
            "}\n" +
            code;
    }
    // No file of the bundle's folder may be required at run time: a SEA main's require() knows only built-in modules.
    // (`main.require(...)` is the dynamic provider host's own module, used only inside that host; comments do not run.)
    const relative = code.split("\n").find((line) => /(^|[^.\w])require\((["'])\.\.?\//.test(line) && !/^\s*(\*|\/\/)/.test(line));
    if (relative) throw new Error(`the SEA main still requires a file beside it: ${relative.trim()}`);
    return code;
}

export interface BuiltExecutable {
    readonly target: Target;
    /** The executable, named as the engine runs it. */
    readonly file: string;
    /** Whether the blob carries V8's code cache (only when built for the machine that builds it). */
    readonly codeCache: boolean;
    /** Whether Node's symbol table and debug sections were stripped (only a Linux binary of this machine's platform). */
    readonly stripped: boolean;
}

/**
 * Strips Node's symbol table and debug sections (`strip`, from binutils): Node's official Linux binaries carry them,
 * 17.7 MB of the 124.8 MB of 22.23.3's linux-x64 binary that no request reads. What stays: the dynamic symbols (what
 * a native addon links against), the code, and the notes the SEA blob is found by, since it is injected afterwards.
 * What goes: the names of Node's internal functions in a native stack (`perf`, a core dump, `process.report`'s
 * native frames), which no user of the plugin reads. Only the building machine's platform, where the tests then run
 * the result; a binary of another architecture is left as Node ships it.
 */
function stripSymbols(exe: string): void {
    try {
        execFileSync("strip", ["--strip-all", exe], { stdio: "pipe" });
    } catch (err) {
        const why =
            (err as { code?: string }).code === "ENOENT" ? "`strip` is not on PATH" : String((err as { stderr?: Buffer }).stderr ?? err).trim();
        throw new Error(
            `stripping Node's symbols from ${exe} failed (${why}): install binutils (\`apt-get install binutils\`) and run the release again`,
        );
    }
}

/**
 * Builds the executable of `target` from `main` with Node's binary `targetNode`, the blob made by `hostNode` (the
 * same Node version, this machine's). Builds are kept by content hash under the cache: the same main, Node and
 * postject make the same file, so a second build (or `npm test` after `npm run release`) reuses it.
 */
export async function buildExecutable(
    o: { target: Target; main: string; targetNode: string; hostNode: string; codeCache: boolean; strip: boolean },
    log: (line: string) => void = () => {},
): Promise<BuiltExecutable> {
    const postject = require.resolve("postject/dist/cli.js");
    const postjectVersion = (JSON.parse(fs.readFileSync(path.join(path.dirname(postject), "..", "package.json"), "utf8")) as { version: string })
        .version;
    const key = createHash("sha256")
        .update(`${NODE_VERSION}\0${postjectVersion}\0${targetName(o.target)}\0${o.codeCache}\0${o.strip}\0`)
        .update(fs.readFileSync(o.targetNode))
        .update(o.main)
        .digest("hex")
        .slice(0, 16);
    const name = o.target.os === "windows" ? "pulumi-resource-tenantkit.exe" : "pulumi-resource-tenantkit";
    const builds = path.join(cacheRoot(), "sea-builds");
    const flavour = `${targetName(o.target)}-${o.codeCache ? "code-cache" : "plain"}`;
    const dir = path.join(builds, `${flavour}-${key}`);
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return { target: o.target, file, codeCache: o.codeCache, stripped: o.strip };

    log(
        `${targetName(o.target)}: building (Node ${NODE_VERSION}${o.codeCache ? ", with V8's code cache" : ""}${o.strip ? ", its symbols stripped" : ""})`,
    );
    fs.mkdirSync(builds, { recursive: true });
    const work = fs.mkdtempSync(path.join(builds, `.${targetName(o.target)}-`));
    try {
        fs.writeFileSync(path.join(work, "main.js"), o.main);
        fs.writeFileSync(
            path.join(work, "sea-config.json"),
            JSON.stringify({
                main: path.join(work, "main.js"),
                output: path.join(work, "sea.blob"),
                // The engine reads the port from stdout and logs stderr: Node's notice about SEA being experimental is noise there.
                disableExperimentalSEAWarning: true,
                // V8's code cache is made by this machine's V8 for this machine's platform: only there is it sure to be taken.
                useCodeCache: o.codeCache,
                useSnapshot: false,
            }),
        );
        execFileSync(o.hostNode, ["--experimental-sea-config", path.join(work, "sea-config.json")], { stdio: "pipe" });
        const exe = path.join(work, name);
        fs.copyFileSync(o.targetNode, exe);
        fs.chmodSync(exe, 0o755);
        if (o.strip) stripSymbols(exe);
        const args = [postject, exe, "NODE_SEA_BLOB", path.join(work, "sea.blob"), "--sentinel-fuse", SEA_FUSE];
        if (o.target.os === "darwin") args.push("--macho-segment-name", "NODE_SEA");
        await run(process.execPath, args);
        fs.mkdirSync(dir, { recursive: true });
        fs.renameSync(exe, file);
    } finally {
        fs.rmSync(work, { recursive: true, force: true });
    }
    // Older builds of this target and flavour go: each is the size of Node's binary.
    for (const old of fs.readdirSync(builds)) {
        if (old.startsWith(`${flavour}-`) && old !== path.basename(dir)) fs.rmSync(path.join(builds, old), { recursive: true, force: true });
    }
    return { target: o.target, file, codeCache: o.codeCache, stripped: o.strip };
}

/** Runs a command without blocking this process's event loop (postject takes ~20 s per binary). */
function run(file: string, args: readonly string[]): Promise<void> {
    return new Promise((resolve, reject) => {
        const child = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString()));
        child.stderr.on("data", (d: Buffer) => (out += d.toString()));
        child.on("error", reject);
        child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? file)} exited ${code}:\n${out}`))));
    });
}
