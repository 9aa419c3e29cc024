/**
 * The released provider plugin (`npm run release`, scripts/release.ts): one executable made with Node's
 * single-executable applications, that the engine downloads and runs with no Node.js on the machine.
 * - This machine's executable is built (or taken from the cache by content hash), run from an otherwise empty folder
 *   with a PATH that holds no `node`, and answers gRPC.
 * - Its release assets are served from a loopback HTTP server, and `PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES` points the
 *   schema's `github://api.github.com/pulumi-tenantkit` at it, as an air-gapped mirror would: a YAML program (PATH:
 *   `pulumi` and `pulumi-language-yaml`, no `node`) and a TypeScript program over the Node.js SDK run `pulumi up` from
 *   an empty plugin cache with no `pulumi plugin install` step, and the server sees the download.
 * - A version the server lacks fails with the CLI's message, which names tenantkit and the install command.
 * - `pulumi plugin install --file` takes the tarball and the bare executable, for offline use.
 */
import { strict as assert } from "node:assert";
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import * as readline from "node:readline";
import { promisify } from "node:util";
import { hostExecutable, release } from "../../scripts/release";
import { hostTarget, targetName } from "../../scripts/release/nodeBinary";
import { seaMain } from "../../scripts/release/sea";
import { packNodeSdk } from "../../scripts/sdkPack";
import { IDS, useEmulator } from "../support/emulator";
import { provesLifecycle } from "./pluginPrograms";
import {
    CliStack,
    cliRunner,
    describeCli,
    emulatorStackConfig,
    programOutsideRepo,
    ROOT,
    secret,
    TENANTKIT_VERSION,
    type StackConfig,
} from "./pulumi";

const DOWNLOAD_URL = "github://api.github.com/pulumi-tenantkit";
const EXE = process.platform === "win32" ? "pulumi-resource-tenantkit.exe" : "pulumi-resource-tenantkit";

/** The YAML program of plugin-yaml.spec.ts, its branding pinning the plugin's version and server as a user's would. */
const programDirs: string[] = [];

function yamlProgram(version: string): string {
    const dir = programOutsideRepo(path.join(ROOT, "test", "fixtures", "programs", "plugin-yaml"));
    programDirs.push(dir);
    const file = path.join(dir, "Pulumi.yaml");
    const anchor = "  branding:\n    type: tenantkit:entra:OrganizationalBranding\n";
    const text = fs.readFileSync(file, "utf8");
    assert.ok(text.includes(anchor), "plugin-yaml's Pulumi.yaml no longer starts its branding as this test expects");
    // One resource's options are enough: the engine loads one plugin per package and version for the whole program.
    fs.writeFileSync(file, text.replace(anchor, `${anchor}    options:\n      version: ${version}\n      pluginDownloadURL: ${DOWNLOAD_URL}\n`));
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

describeCli("the released plugin: one executable the engine downloads and runs with no Node.js", (binDir) => {
    const fx = useEmulator();
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-release-"));
    const releaseDir = path.join(scratch, "release");
    /** `pulumi` and `pulumi-language-yaml` alone: the tools folder also holds a `node`, which must not be found. */
    const noNode = path.join(scratch, "no-node-bin");
    const requests: string[] = [];
    let server: http.Server;
    let base = "";
    let exe = "";
    const stacks: CliStack[] = [];

    before(async function () {
        this.timeout(900_000);
        exe = await hostExecutable();
        await release([hostTarget()!], releaseDir);
        fs.mkdirSync(noNode);
        for (const tool of ["pulumi", "pulumi-language-yaml"]) fs.symlinkSync(path.join(binDir, tool), path.join(noNode, tool));
        // The release folder as a mirror serves it: /v<version>/<asset>, anything else 404.
        server = http.createServer((req, res) => {
            requests.push(`${req.method} ${req.url}`);
            const m = /^\/v([^/]+)\/([^/?]+)$/.exec(req.url ?? "");
            const file = m && m[1] === TENANTKIT_VERSION ? path.join(releaseDir, decodeURIComponent(m[2]!)) : undefined;
            if (!file || !fs.existsSync(file)) {
                res.writeHead(404).end("not found");
                return;
            }
            res.writeHead(200, { "content-type": "application/gzip", "content-length": fs.statSync(file).size });
            fs.createReadStream(file).pipe(res);
        });
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(async () => {
        for (const s of stacks) await s.dispose();
        await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
        fs.rmSync(scratch, { recursive: true, force: true });
        for (const dir of programDirs) fs.rmSync(dir, { recursive: true, force: true });
    });
    beforeEach(() => (requests.length = 0));

    /** The environment that lets the engine download tenantkit from the loopback server, with an empty plugin cache. */
    const downloadEnv = (): Record<string, string> => ({
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
        PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${DOWNLOAD_URL}=${base}/v\${VERSION}`,
    });
    const asset = () => `pulumi-resource-tenantkit-v${TENANTKIT_VERSION}-${targetName(hostTarget()!)}.tar.gz`;
    const config = (project: string): StackConfig => ({
        ...emulatorStackConfig(fx.emu.url),
        "tenantkit:devopsPat": secret(IDS.devopsPat),
        [`${project}:workspaceId`]: IDS.salesWorkspaceId,
    });
    /** What the engine put in the stack's plugin cache for tenantkit: the executable alone. */
    const installed = (s: CliStack) =>
        fs.readdirSync(path.join(s.work, "home", "plugins", `resource-tenantkit-v${TENANTKIT_VERSION}`)).filter((n) => !n.startsWith("."));

    it("the SEA main is one file that requires nothing beside it, and the executable answers from an empty folder with no node on PATH", async () => {
        assert.doesNotMatch(seaMain(), /installChunk\(require\(/);
        const alone = fs.mkdtempSync(path.join(scratch, "alone-"));
        fs.copyFileSync(exe, path.join(alone, EXE));
        fs.chmodSync(path.join(alone, EXE), 0o755);
        const empty = fs.mkdtempSync(path.join(scratch, "empty-path-"));
        const { info, schema } = await askPlugin(path.join(alone, EXE), { PATH: empty, HOME: alone }, alone);
        assert.equal(info, TENANTKIT_VERSION);
        assert.equal(schema.name, "tenantkit");
        assert.equal(schema.version, TENANTKIT_VERSION);
        assert.deepEqual(fs.readdirSync(alone), [EXE], "the plugin wrote beside itself");
    });

    it("the release folder holds the tarball the engine asks for (the executable alone at its root) and its sha256 in the checksums file", () => {
        const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { files: string[] };
        assert.ok(!manifest.files.some((f) => f.replace(/^\.?\//, "").startsWith("dist")), "the npm package would take dist/");
        const files = fs.readdirSync(releaseDir).sort();
        assert.deepEqual(files, [asset(), `pulumi-tenantkit_${TENANTKIT_VERSION}_checksums.txt`].sort());
        assert.deepEqual(
            execFileSync("tar", ["tzvf", path.join(releaseDir, asset())], { encoding: "utf8" })
                .trim()
                .split("\n").length,
            1,
        );
        assert.match(execFileSync("tar", ["tzvf", path.join(releaseDir, asset())], { encoding: "utf8" }), new RegExp(`^-rwxr-xr-x .* ${EXE}$`, "m"));
        const sum = createHash("sha256")
            .update(fs.readFileSync(path.join(releaseDir, asset())))
            .digest("hex");
        assert.equal(fs.readFileSync(path.join(releaseDir, `pulumi-tenantkit_${TENANTKIT_VERSION}_checksums.txt`), "utf8"), `${sum}  ${asset()}\n`);
    });

    it("a YAML program pinning the plugin's version: `pulumi up` downloads it from the mirror and runs the lifecycle, with no node on PATH", async function () {
        this.timeout(600_000);
        assert.ok(!fs.readdirSync(noNode).includes("node"));
        const s = await CliStack.create(noNode, {
            projectDir: yamlProgram(TENANTKIT_VERSION),
            stack: "yaml-download",
            config: config("tenantkit-yaml"),
            env: { ...downloadEnv(), PATH: noNode },
        });
        stacks.push(s);
        await provesLifecycle(fx, cliRunner(s, "tenantkit-yaml"));
        assert.deepEqual(requests, [`GET /v${TENANTKIT_VERSION}/${asset()}`], "the engine downloaded the plugin once, from the mirror");
        assert.deepEqual(installed(s), [EXE]);
    });

    it("a TypeScript program over the Node.js SDK: `pulumi up` downloads the plugin the SDK's package names, no install step", async function () {
        this.timeout(600_000);
        const tarball = packNodeSdk(scratch);
        const dir = programOutsideRepo(path.join(ROOT, "test", "fixtures", "programs", "plugin-typescript"));
        programDirs.push(dir);
        const pulumiVersion = (
            JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8")) as { version: string }
        ).version;
        execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, `@pulumi/pulumi@${pulumiVersion}`], {
            cwd: dir,
            stdio: "pipe",
        });
        const s = await CliStack.create(binDir, {
            projectDir: dir,
            stack: "ts-download",
            config: config("tenantkit-typescript"),
            env: downloadEnv(),
        });
        stacks.push(s);
        const up = await s.up();
        assert.match(up.output, /Downloading plugin tenantkit-0\.1\.0|tenantkit-v?0\.1\.0/);
        assert.equal((await fx.emu.admin.powerBi(IDS.tenantId)).datasets.length, 1);
        assert.deepEqual(requests, [`GET /v${TENANTKIT_VERSION}/${asset()}`]);
        assert.deepEqual(installed(s), [EXE]);
        await s.destroy();
    });

    it("a version the mirror lacks fails with a message naming tenantkit, the version and the install command", async function () {
        this.timeout(300_000);
        const s = await CliStack.create(noNode, {
            projectDir: yamlProgram("0.0.9"),
            stack: "yaml-missing",
            config: config("tenantkit-yaml"),
            env: { ...downloadEnv(), PATH: noNode },
        });
        stacks.push(s);
        const r = await s.run(["preview", "--config-file", s.configFile]);
        assert.notEqual(r.code, 0);
        assert.match(r.output, /resource plugin 'pulumi-resource-tenantkit' at version v0\.0\.9/);
        assert.match(r.output, /pulumi plugin install resource tenantkit v0\.0\.9 --server github:\/\/api\.github\.com\/pulumi-tenantkit/);
        assert.match(r.output, /404 HTTP error fetching plugin from http:\/\/127\.0\.0\.1:\d+\/v0\.0\.9\/pulumi-resource-tenantkit-v0\.0\.9-/);
        // The YAML host and the engine each try it once.
        assert.ok(requests.length > 0);
        assert.deepEqual(new Set(requests), new Set([`GET /v0.0.9/pulumi-resource-tenantkit-v0.0.9-${targetName(hostTarget()!)}.tar.gz`]));
    });

    it("offline: `pulumi plugin install --file` takes the release tarball and the bare executable", async () => {
        for (const file of [path.join(releaseDir, asset()), exe]) {
            const s = await CliStack.create(noNode, { projectDir: yamlProgram(TENANTKIT_VERSION), stack: "offline", env: { PATH: noNode } });
            try {
                await s.ok(["plugin", "install", "resource", "tenantkit", TENANTKIT_VERSION, "--file", file], { noStack: true });
                assert.deepEqual(installed(s), [EXE], `installed from ${path.basename(file)}`);
                const ls = await s.ok(["plugin", "ls"], { noStack: true });
                assert.match(ls.output, new RegExp(`tenantkit\\s+resource\\s+${TENANTKIT_VERSION.replace(/\./g, "\\.")}`));
            } finally {
                await s.dispose();
            }
        }
        assert.deepEqual(requests, []);
    });
});
