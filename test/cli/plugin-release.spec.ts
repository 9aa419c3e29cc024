/**
 * The released provider plugin (`npm run release`, scripts/release.ts): one executable made with Node's
 * single-executable applications, that the engine downloads and runs with no Node.js on the machine.
 * - This machine's executable is built (or taken from the cache by content hash), run from an otherwise empty folder
 *   with a PATH that holds no `node`, and answers gRPC.
 * - The release folder holds the asset the engine asks for and its checksum.
 * - Served from a loopback mirror (releaseMirror.ts), a version the mirror lacks fails with the CLI's message, which
 *   names tenantkit and the install command. The download itself, from an empty plugin cache with no install step,
 *   is proved by the programs users run: examples/yaml with no `node` on PATH (examples-languages.spec.ts) and the
 *   TypeScript program over the Node.js SDK (plugin-programs.spec.ts).
 * - `pulumi plugin install --file` takes the tarball and the bare executable, for offline use.
 */
import { strict as assert } from "node:assert";
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import * as readline from "node:readline";
import { promisify } from "node:util";
import { seaMain } from "../../scripts/release/sea";
import { IDS, useEmulator } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, programOutsideRepo, ROOT, secret, TENANTKIT_VERSION } from "./pulumi";
import { DOWNLOAD_URL, EXE, useReleaseMirror } from "./releaseMirror";

/** The YAML program of plugin-yaml.spec.ts, its branding's options pinning the plugin's version and server as a user's do. */
const programDirs: string[] = [];

function yamlProgram(version: string): string {
    const dir = programOutsideRepo(path.join(ROOT, "test", "fixtures", "programs", "plugin-yaml"));
    programDirs.push(dir);
    const file = path.join(dir, "Pulumi.yaml");
    const pinned = `    options:\n      version: ${TENANTKIT_VERSION}\n      pluginDownloadURL: ${DOWNLOAD_URL}\n`;
    const text = fs.readFileSync(file, "utf8");
    assert.ok(text.includes(pinned), "plugin-yaml's Pulumi.yaml no longer pins the plugin in its branding's options as this test expects");
    fs.writeFileSync(file, text.replace(pinned, `    options:\n      version: ${version}\n      pluginDownloadURL: ${DOWNLOAD_URL}\n`));
    return dir;
}

/** Spawns the plugin as the engine does and returns its GetPluginInfo version and the schema's name and version. */
async function askPlugin(exe: string, env: NodeJS.ProcessEnv, cwd: string): Promise<{ info: string; schema: { name: string; version: string } }> {
    /* eslint-disable @typescript-eslint/no-require-imports -- the SDK's generated modules have no declarations at these paths */
    const grpc = require("@grpc/grpc-js") as typeof import("@grpc/grpc-js");
    const rpc = require("@pulumi/pulumi/proto/provider_grpc_pb") as typeof import("@pulumi/pulumi/proto/provider_grpc_pb");
    const pb = require("@pulumi/pulumi/proto/provider_pb") as typeof import("@pulumi/pulumi/proto/provider_pb");
    const { Empty } = require("google-protobuf/google/protobuf/empty_pb") as typeof import("google-protobuf/google/protobuf/empty_pb");
    /* eslint-enable @typescript-eslint/no-require-imports */
    const child = spawn(exe, ["127.0.0.1:1"], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    try {
        const port = await new Promise<string>((resolve, reject) => {
            readline.createInterface({ input: child.stdout }).once("line", resolve);
            child.once("exit", (code) => reject(new Error(`${exe} exited ${code} before printing its port:\n${stderr}`)));
        });
        const client = new rpc.ResourceProviderClient(`127.0.0.1:${port.trim()}`, grpc.credentials.createInsecure());
        try {
            const info = await promisify<InstanceType<typeof Empty>, import("@pulumi/pulumi/proto/plugin_pb").PluginInfo>(
                client.getPluginInfo.bind(client),
            )(new Empty());
            const schema = await promisify<InstanceType<typeof pb.GetSchemaRequest>, InstanceType<typeof pb.GetSchemaResponse>>(
                client.getSchema.bind(client),
            )(new pb.GetSchemaRequest());
            return { info: info.getVersion(), schema: JSON.parse(schema.getSchema()) as { name: string; version: string } };
        } finally {
            client.close();
        }
    } finally {
        child.kill();
    }
}

/** The section names of an ELF64 little-endian file (what `readelf -S` lists), read from its section headers. */
function elfSectionNames(file: string): string[] {
    const fd = fs.openSync(file, "r");
    try {
        const read = (at: number, length: number) => {
            const b = Buffer.alloc(length);
            fs.readSync(fd, b, 0, length, at);
            return b;
        };
        const header = read(0, 64);
        assert.equal(header.subarray(0, 4).toString("latin1"), "\x7fELF", `${file} is not an ELF file`);
        const [shoff, shentsize, shnum, shstrndx] = [
            Number(header.readBigUInt64LE(0x28)),
            header.readUInt16LE(0x3a),
            header.readUInt16LE(0x3c),
            header.readUInt16LE(0x3e),
        ];
        const sections = read(shoff, shentsize * shnum);
        const at = (i: number) => ({
            name: sections.readUInt32LE(i * shentsize),
            offset: Number(sections.readBigUInt64LE(i * shentsize + 0x18)),
            size: Number(sections.readBigUInt64LE(i * shentsize + 0x20)),
        });
        const names = read(at(shstrndx).offset, at(shstrndx).size);
        return Array.from({ length: shnum }, (_, i) => names.toString("latin1", at(i).name, names.indexOf(0, at(i).name)));
    } finally {
        fs.closeSync(fd);
    }
}

describeCli("the released plugin: one executable the engine downloads and runs with no Node.js", (binDir) => {
    const fx = useEmulator();
    const mirror = useReleaseMirror(binDir);
    const { noNode, releaseDir, requests } = mirror;
    after(() => {
        for (const dir of programDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("the SEA main is one file that requires nothing beside it, and the executable answers from an empty folder with no node on PATH", async () => {
        assert.doesNotMatch(seaMain(), /installChunk\(require\(/);
        const alone = fs.mkdtempSync(path.join(mirror.scratch, "alone-"));
        fs.copyFileSync(mirror.exe(), path.join(alone, EXE));
        fs.chmodSync(path.join(alone, EXE), 0o755);
        const empty = fs.mkdtempSync(path.join(mirror.scratch, "empty-path-"));
        const { info, schema } = await askPlugin(path.join(alone, EXE), { PATH: empty, HOME: alone }, alone);
        assert.equal(info, TENANTKIT_VERSION);
        assert.equal(schema.name, "tenantkit");
        assert.equal(schema.version, TENANTKIT_VERSION);
        assert.deepEqual(fs.readdirSync(alone), [EXE], "the plugin wrote beside itself");
    });

    it("this machine's executable carries Node without its symbol table and debug sections (17 MB no request reads)", function () {
        if (process.platform !== "linux") this.skip();
        const sections = elfSectionNames(mirror.exe());
        assert.ok(sections.includes(".text") && sections.includes(".dynsym"), `not Node's binary: ${sections.join(" ")}`);
        assert.deepEqual(
            sections.filter((s) => s === ".symtab" || s === ".strtab" || s.startsWith(".debug_")),
            [],
        );
    });

    it("the release folder holds the tarball the engine asks for (the executable alone at its root) and its sha256 in the checksums file", () => {
        const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { files: string[] };
        assert.ok(!manifest.files.some((f) => f.replace(/^\.?\//, "").startsWith("dist")), "the npm package would take dist/");
        const asset = mirror.asset();
        const files = fs.readdirSync(releaseDir).sort();
        assert.deepEqual(files, [asset, `pulumi-tenantkit_${TENANTKIT_VERSION}_checksums.txt`].sort());
        assert.deepEqual(
            execFileSync("tar", ["tzvf", path.join(releaseDir, asset)], { encoding: "utf8" })
                .trim()
                .split("\n").length,
            1,
        );
        assert.match(execFileSync("tar", ["tzvf", path.join(releaseDir, asset)], { encoding: "utf8" }), new RegExp(`^-rwxr-xr-x .* ${EXE}$`, "m"));
        const sum = createHash("sha256")
            .update(fs.readFileSync(path.join(releaseDir, asset)))
            .digest("hex");
        assert.equal(fs.readFileSync(path.join(releaseDir, `pulumi-tenantkit_${TENANTKIT_VERSION}_checksums.txt`), "utf8"), `${sum}  ${asset}\n`);
    });

    it("a version the mirror lacks fails with a message naming tenantkit, the version and the install command", async function () {
        this.timeout(300_000);
        const s = await CliStack.create(noNode, {
            projectDir: yamlProgram("0.0.9"),
            stack: "yaml-missing",
            config: {
                ...emulatorStackConfig(fx.emu.url),
                "tenantkit:devopsPat": secret(IDS.devopsPat),
                "tenantkit-yaml:workspaceId": IDS.salesWorkspaceId,
            },
            env: { ...mirror.downloadEnv(), PATH: noNode },
        });
        try {
            const r = await s.run(["preview", "--config-file", s.configFile]);
            assert.notEqual(r.code, 0);
            assert.match(r.output, /resource plugin 'pulumi-resource-tenantkit' at version v0\.0\.9/);
            assert.match(r.output, /pulumi plugin install resource tenantkit v0\.0\.9 --server github:\/\/api\.github\.com\/pulumi-tenantkit/);
            assert.match(r.output, /404 HTTP error fetching plugin from http:\/\/127\.0\.0\.1:\d+\/v0\.0\.9\/pulumi-resource-tenantkit-v0\.0\.9-/);
            // The resources without the options fail too, on the YAML host's search for the plugin the first one failed
            // to install: Pulumi's message, which docs/installation-configuration.md explains where a user looks it up.
            assert.match(r.output, /error resolving type of resource (french|sales): [^\n]*could not find latest version for provider tenantkit/);
            const page = fs.readFileSync(path.join(ROOT, "docs", "installation-configuration.md"), "utf8").replace(/\s+/g, " ");
            assert.ok(
                page.includes("every other tenantkit resource then adds its own: `error resolving type of resource"),
                "the docs no longer explain it",
            );
            // The YAML host and the engine each try it once.
            assert.ok(requests.length > 0);
            assert.deepEqual(new Set(requests), new Set([`GET /v0.0.9/${mirror.asset("0.0.9")}`]));
        } finally {
            await s.dispose();
        }
    });

    it("offline: `pulumi plugin install --file` takes the release tarball and the bare executable", async () => {
        for (const file of [path.join(releaseDir, mirror.asset()), mirror.exe()]) {
            const s = await CliStack.create(noNode, { projectDir: yamlProgram(TENANTKIT_VERSION), stack: "offline", env: { PATH: noNode } });
            try {
                await s.ok(["plugin", "install", "resource", "tenantkit", TENANTKIT_VERSION, "--file", file], { noStack: true });
                assert.deepEqual(mirror.installed(s), [EXE], `installed from ${path.basename(file)}`);
                const ls = await s.ok(["plugin", "ls"], { noStack: true });
                assert.match(ls.output, new RegExp(`tenantkit\\s+resource\\s+${TENANTKIT_VERSION.replace(/\./g, "\\.")}`));
            } finally {
                await s.dispose();
            }
        }
        assert.deepEqual(requests, []);
    });
});
