/**
 * `npm run earlier-releases`: the earlier releases test/cli/upgrade.spec.ts makes stacks with, built from git into the
 * tool cache (~/.cache/pulumi-tenantkit/release-<commit>), once per commit. A project with published releases downloads
 * its last one's assets; this one has none, so it builds them, as `npm run pulumi:install` builds the CLI, and `.ci/run`
 * runs both before the tests. The upgrade test builds whatever the cache lacks itself, so `npm test` needs neither.
 *
 * A build is the release's tree as its own `npm run build` left it (its provider plugin in `plugin/`, its test
 * fixtures), with no node_modules; its package as `npm pack` packs it; and, once the release has one, its Node.js SDK
 * as its `npm run sdk:pack` packs it. Built beside its final place and renamed into it, so two suites (or a suite and
 * this script) building at once never share a half-built one.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { isDeepStrictEqual, promisify } from "node:util";

// Plain JavaScript (it runs before `npm ci` in CI), so required rather than imported.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tools: { cacheRoot(): string } = require("../harness/pulumiTools.js");

const ROOT = path.resolve(__dirname, "..");

/** The releases the upgrade test starts from, by what each stands for (the project has no tags). */
export const EARLIER_RELEASES = {
    /** The last commit before the resources came from their definitions (issue 27): dynamic resources' stacks. */
    dynamic: "2dc62d3a1eb272c18b576cf957ffb944a635bebf",
    /** The last commit a CI run accepted before issue 38's work: the provider plugin's and its Node.js SDK's stacks. */
    plugin: "0651c1bd128d35492e0aeeec377b6b744a1c275a",
} as const;

/** One earlier release, built. */
export interface ReleaseBuild {
    /** The release's tree, built (its `plugin/` folder, its `test/fixtures`), without node_modules. */
    readonly tree: string;
    /** The release's package, as `npm pack` made it. */
    readonly tarball: string;
    /** Its Node.js SDK's package (`npm run sdk:pack`), when the release had one. */
    readonly sdkTarball?: string;
}

const ENV = { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };

async function exec(file: string, args: readonly string[], cwd: string): Promise<string> {
    try {
        return (await promisify(execFile)(file, args, { cwd, env: ENV, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })).stdout;
    } catch (err) {
        const e = err as { stdout?: string; stderr?: string; message: string };
        throw new Error(`${path.basename(file)} ${args.join(" ")} failed in ${cwd}: ${e.message}\n${e.stdout ?? ""}${e.stderr ?? ""}`);
    }
}

/** The packages a lockfile pins, by their folder in node_modules. */
function lockedPackages(dir: string): Record<string, unknown> {
    return (JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")) as { packages: Record<string, unknown> }).packages;
}

/** The name of the tarball `npm pack` (or a script that packs) printed last. */
function lastLine(stdout: string): string {
    return stdout.trim().split("\n").pop()!;
}

/** Builds `commit` into `dir` (new): tree, package, SDK. */
async function build(commit: string, dir: string): Promise<void> {
    const tree = path.join(dir, "tree");
    fs.mkdirSync(tree, { recursive: true });
    const archive = path.join(dir, "tree.tar");
    await exec("git", ["archive", "--format=tar", "-o", archive, commit], ROOT);
    await exec("tar", ["-xf", archive, "-C", tree], dir);
    fs.rmSync(archive);
    // The release's own dependencies: this checkout's node_modules when it holds every package the release locks, at
    // the same version (no download; the project itself, "", lists what it declares), else a clean install.
    const today = lockedPackages(ROOT);
    const covered = Object.entries(lockedPackages(tree)).every(([folder, locked]) => folder === "" || isDeepStrictEqual(locked, today[folder]));
    if (covered) fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(tree, "node_modules"), "dir");
    else await exec("npm", ["ci", "--ignore-scripts"], tree);
    await exec("npm", ["run", "build"], tree);
    for (const folder of ["package", "sdk"]) fs.mkdirSync(path.join(dir, folder));
    const tarball = lastLine(await exec("npm", ["pack", "--ignore-scripts", "--pack-destination", path.join(dir, "package")], tree));
    const scripts = (JSON.parse(fs.readFileSync(path.join(tree, "package.json"), "utf8")) as { scripts?: Record<string, string> }).scripts ?? {};
    const sdk = scripts["sdk:pack"] ? lastLine(await exec("npm", ["run", "--silent", "sdk:pack", "--", path.join(dir, "sdk")], tree)) : undefined;
    // The link would name this checkout's node_modules, which the cache outlives.
    fs.rmSync(path.join(tree, "node_modules"), { recursive: true, force: true });
    const made: Record<string, string> = { tarball: path.join("package", tarball) };
    if (sdk) made.sdkTarball = path.relative(dir, sdk);
    fs.writeFileSync(path.join(dir, "complete.json"), `${JSON.stringify({ commit, ...made }, null, 4)}\n`);
}

/** The build of `commit` from the cache, built first when the cache lacks it. */
export async function earlierRelease(commit: string): Promise<ReleaseBuild> {
    const root = tools.cacheRoot();
    const dir = path.join(root, `release-${commit}`);
    const done = path.join(dir, "complete.json");
    if (!fs.existsSync(done)) {
        fs.mkdirSync(root, { recursive: true });
        const building = fs.mkdtempSync(path.join(root, `release-${commit}.building-`));
        try {
            await build(commit, building);
            fs.renameSync(building, dir);
        } catch (err) {
            fs.rmSync(building, { recursive: true, force: true });
            // Another build renamed its own into place first: the same commit, so use that one.
            if (!fs.existsSync(done)) throw err;
        }
    }
    const made = JSON.parse(fs.readFileSync(done, "utf8")) as { tarball: string; sdkTarball?: string };
    return {
        tree: path.join(dir, "tree"),
        tarball: path.join(dir, made.tarball),
        ...(made.sdkTarball ? { sdkTarball: path.join(dir, made.sdkTarball) } : {}),
    };
}

if (require.main === module) {
    // Side by side: each build is mostly one tsc, one core.
    Promise.all(Object.values(EARLIER_RELEASES).map(earlierRelease)).then(
        (builds) => builds.forEach((b) => console.log(path.dirname(b.tree))),
        (err: unknown) => {
            console.error(err instanceof Error ? err.message : err);
            process.exit(1);
        },
    );
}
