// @ts-check
/**
 * Where `npm run pulumi:install` (scripts/pulumi-install.js) puts the tools it builds, and whether they are there: the
 * harness finds the CLI here, the installer builds into it. Below both, so the harness imports nothing from scripts/.
 * Plain JavaScript with no dependency: `.ci/run` runs the installer before `npm ci`, on whatever Node the machine has.
 *
 * Cached under ~/.cache/pulumi-tenantkit (or $TENANTKIT_TOOLS_DIR), in a folder named by the CLI's version and a hash
 * of tools/pulumi-cli and the Node version, so a change to either makes a new folder.
 */
"use strict";

const crypto = require("node:crypto");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

/** The Node.js put beside the CLI: the newest 22 LTS build on the npm registry when this was pinned. */
const NODE_VERSION = "22.23.3";
const ROOT = path.resolve(__dirname, "..");
/** The Go module the CLI and its hosts are built from. */
const WRAPPER = path.join(ROOT, "tools", "pulumi-cli");

/**
 * The exact version of @pulumi/pulumi the project's own tests run: the devDependency pin (users bring theirs within
 * the peerDependencies range, which the scratch-program test covers at both ends).
 */
function sdkVersion() {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    const spec = (pkg.devDependencies ?? {})["@pulumi/pulumi"] ?? (pkg.dependencies ?? {})["@pulumi/pulumi"];
    const m = /^(\d+\.\d+\.\d+)$/.exec(String(spec ?? ""));
    if (!m) throw new Error(`package.json does not pin @pulumi/pulumi to an exact version in devDependencies (found ${JSON.stringify(spec)})`);
    return m[1];
}

/** A hash of everything the build reads from the repository, so an edit there makes a new folder. */
function sourceHash() {
    const hash = crypto.createHash("sha256");
    hash.update(`node ${NODE_VERSION}\n`);
    /** @param {string} dir */
    const walk = (dir) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) walk(full);
            else {
                hash.update(`${path.relative(WRAPPER, full)}\n`);
                hash.update(fs.readFileSync(full));
            }
        }
    };
    walk(WRAPPER);
    return hash.digest("hex").slice(0, 12);
}

/** The folder every cached tool of this project goes under. */
function cacheRoot() {
    if (process.env.TENANTKIT_TOOLS_DIR) return path.resolve(process.env.TENANTKIT_TOOLS_DIR);
    const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
    return path.join(base, "pulumi-tenantkit");
}

/** @param {string} version */
function toolsDir(version) {
    return path.join(cacheRoot(), `pulumi-v${version}-${sourceHash()}`);
}

/** The folder that holds `pulumi` when the tools are installed, else undefined. */
function installedBinDir() {
    const version = sdkVersion();
    const dir = toolsDir(version);
    return fs.existsSync(path.join(dir, "complete.json")) ? path.join(dir, "bin") : undefined;
}

module.exports = { NODE_VERSION, ROOT, WRAPPER, sdkVersion, cacheRoot, toolsDir, installedBinDir };
