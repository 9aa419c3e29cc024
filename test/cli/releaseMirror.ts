/**
 * The release of this checkout (`npm run release`, this machine's asset and the checksums) served from a loopback HTTP
 * server as an air-gapped mirror serves it, with the environment that points the schema's
 * `github://api.github.com/pulumi-tenantkit` at it (`PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES`), so the engine downloads
 * the plugin as a user's does: from an empty plugin cache, with no `pulumi plugin install` step. The CLI suites that
 * prove the download (plugin-release.spec.ts, plugin-programs.spec.ts, examples-languages.spec.ts) share it. Not a
 * spec file.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { hostExecutable, release } from "../../scripts/release";
import { hostTarget, targetName } from "../../scripts/release/nodeBinary";
import { cachedFolder } from "../support/buildCache";
import { ROOT, TENANTKIT_VERSION, type CliStack } from "./pulumi";

export const DOWNLOAD_URL = "github://api.github.com/pulumi-tenantkit";
export const EXE = process.platform === "win32" ? "pulumi-resource-tenantkit.exe" : "pulumi-resource-tenantkit";

export interface ReleaseMirror {
    /** The release folder the server serves: the asset and the checksums file. */
    readonly releaseDir: string;
    /** A folder of the suite's own, removed after it. */
    readonly scratch: string;
    /** `pulumi` and `pulumi-language-yaml` alone: the tools folder also holds a `node`, which must not be found. */
    readonly noNode: string;
    /** The requests the server saw in this test, as `GET /v<version>/<asset>`. */
    readonly requests: readonly string[];
    /** This machine's executable (built, or taken from the cache by content hash). */
    exe(): string;
    /** The environment that lets the engine download tenantkit from the mirror. */
    downloadEnv(): Record<string, string>;
    /** The asset the engine asks for on this machine. */
    asset(version?: string): string;
    /** The request the engine makes for this checkout's version. */
    download(): string;
    /** What the engine put in the stack's plugin cache for tenantkit (the executable alone, when it downloaded it). */
    installed(stack: CliStack): string[];
}

/**
 * The release folder (asset and checksums) of this machine's executable `exe`, written once per executable and way of
 * writing the assets, beside the executable in its cache (whose folder names its content hash, and whose pruning takes
 * the release along; test/support/buildCache.ts): three suites serve it, and each release gzips the 125 MB executable
 * (~9 s of CPU).
 */
async function releaseOf(exe: string): Promise<string> {
    // How the assets are written is part of what they are.
    const writer = createHash("sha256");
    for (const file of ["scripts/release.ts", "scripts/release/assets.ts"]) writer.update(fs.readFileSync(path.join(ROOT, file)));
    return cachedFolder({
        folder: path.join(path.dirname(exe), `release-v${TENANTKIT_VERSION}-${writer.digest("hex").slice(0, 12)}`),
        complete: () => true,
        build: async (writing) => void (await release([hostTarget()!], writing)),
    });
}

/** Builds the release and serves it for the suite (mocha hooks: call it in a `describe`); the requests reset per test. */
export function useReleaseMirror(binDir: string): ReleaseMirror {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-release-"));
    const releaseDir = path.join(scratch, "release");
    const noNode = path.join(scratch, "no-node-bin");
    const requests: string[] = [];
    let server: http.Server | undefined;
    let base = "";
    let exe = "";

    before(async function () {
        this.timeout(900_000);
        exe = await hostExecutable();
        fs.cpSync(await releaseOf(exe), releaseDir, { recursive: true });
        fs.mkdirSync(noNode);
        for (const tool of ["pulumi", "pulumi-language-yaml"]) fs.symlinkSync(path.join(binDir, tool), path.join(noNode, tool));
        // The release folder as a mirror serves it: /v<version>/<asset>, anything else 404.
        const served = http.createServer((req, res) => {
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
        server = served;
        await new Promise<void>((resolve) => served.listen(0, "127.0.0.1", resolve));
        base = `http://127.0.0.1:${(served.address() as AddressInfo).port}`;
    });
    after(async () => {
        await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
        fs.rmSync(scratch, { recursive: true, force: true });
    });
    beforeEach(() => (requests.length = 0));

    const asset = (version = TENANTKIT_VERSION) => `pulumi-resource-tenantkit-v${version}-${targetName(hostTarget()!)}.tar.gz`;
    return {
        releaseDir,
        scratch,
        noNode,
        requests,
        exe: () => exe,
        downloadEnv: () => ({
            PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
            PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${DOWNLOAD_URL}=${base}/v\${VERSION}`,
        }),
        asset,
        download: () => `GET /v${TENANTKIT_VERSION}/${asset()}`,
        installed: (s) => fs.readdirSync(s.installedPlugin()).filter((n) => !n.startsWith(".")),
    };
}
