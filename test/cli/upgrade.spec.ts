/**
 * Upgrading the package under a stack, under the real CLI against the emulator, each program outside the repo with its
 * own node_modules as a user's is; the releases are built in this test from git:
 * - the dynamic resources: a stack made by the release before the resources came from their definitions previews no
 *   change with today's package, for every resource kind; only the program's tenantkit tarball changes.
 * - the provider plugin: stacks made by the last release's plugin, from its YAML program and from its TypeScript program
 *   over its Node.js SDK, preview no change, refresh with none and destroy under today's plugin (and SDK), as Pulumi's
 *   own providers test every release.
 */
import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { packNodeSdk } from "../../scripts/sdkPack";
import { run } from "../support/commands";
import { IDS, useEmulator } from "../support/emulator";
import { expectDeployed, expectRemoved } from "./pluginPrograms";
import { CliStack, describeCli, emulatorStackConfig, PLUGIN_DIR, resourcesOfType, ROOT, secret } from "./pulumi";
import { exec, PULUMI_VERSION } from "./sdkToolchains";

/** The last commit before the definitions (issue 27): the release a user's stack was made with. */
const BEFORE_DEFINITIONS = "2dc62d3a1eb272c18b576cf957ffb944a635bebf";

/**
 * The last release of the provider plugin and its Node.js SDK: the project has no tags, so the last commit a CI run
 * accepted (before issue 38's work) stands for it.
 */
const LAST_RELEASE = "0651c1bd128d35492e0aeeec377b6b744a1c275a";

/** Every resource kind the release made, as its state names them. */
const KINDS = ["OrganizationalBranding", "OrganizationalBrandingLocalization", "TemporaryAccessPassMethods", "GitPush", "PushDataset"];

/** `npm pack` of the tree at `dir` (built already), into `dest`: the tarball's path. */
function pack(dir: string, dest: string): string {
    return path.join(dest, run("npm", ["pack", "--ignore-scripts", "--pack-destination", dest], dir).trim().split("\n").pop()!);
}

/** The packages a lockfile pins, by their folder in node_modules. */
function lockedPackages(dir: string): Record<string, unknown> {
    return (JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")) as { packages: Record<string, unknown> }).packages;
}

/** The tree of `commit` built as its `npm run build` built it, in `scratch/<commit>`: the folder. Not blocking, so two run side by side. */
async function buildRelease(commit: string, scratch: string): Promise<string> {
    const dir = path.join(scratch, commit);
    fs.mkdirSync(dir);
    const archive = path.join(scratch, `${commit}.tar`);
    await exec("git", ["archive", "--format=tar", "-o", archive, commit], { cwd: ROOT });
    await exec("tar", ["-xf", archive, "-C", dir]);
    // The release's own dependencies: today's node_modules when it holds every package the release locks, at the same
    // version (no download; the project itself, "", lists what it declares), else a clean install.
    const today = lockedPackages(ROOT);
    const covered = Object.entries(lockedPackages(dir)).every(([folder, locked]) => folder === "" || isDeepStrictEqual(locked, today[folder]));
    if (covered) fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    else await exec("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: dir });
    await exec("npm", ["run", "build"], { cwd: dir });
    return dir;
}

/**
 * The releases the suites start from, by what each stands for: built side by side in the `before` (each build is mostly
 * one tsc, one core), in a scratch folder removed after the suite; `then` makes what the tests install of them.
 */
function useReleases<K extends string, T extends object>(
    commits: Record<K, string>,
    then: (dirs: Record<K, string>, scratch: string) => T,
): () => T & { readonly dirs: Record<K, string>; readonly scratch: string } {
    let scratch = "";
    let built: (T & { dirs: Record<K, string>; scratch: string }) | undefined;
    before(async function () {
        this.timeout(900_000);
        scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-upgrade-"));
        const keys = Object.keys(commits) as K[];
        const folders = await Promise.all(keys.map((k) => buildRelease(commits[k], scratch)));
        const dirs = Object.fromEntries(keys.map((k, i) => [k, folders[i]!])) as Record<K, string>;
        built = { ...then(dirs, scratch), dirs, scratch };
    });
    after(() => fs.rmSync(scratch, { recursive: true, force: true }));
    return () => {
        if (!built) throw new Error("the releases are not built yet");
        return built;
    };
}

describeCli("stacks made by earlier releases, after an upgrade", (binDir) => {
    const fx = useEmulator();
    const releases = useReleases({ dynamic: BEFORE_DEFINITIONS, plugin: LAST_RELEASE }, (dirs, scratch) => ({
        oldTarball: pack(dirs.dynamic, scratch),
        // `npm test` has just built bin/ here.
        newTarball: pack(ROOT, scratch),
        // Both SDK tarballs carry the same name, so each gets a folder of its own.
        oldSdk: run("npm", ["run", "--silent", "sdk:pack", "--", path.join(scratch, "sdk-release")], dirs.plugin)
            .trim()
            .split("\n")
            .pop()!,
        newSdk: packNodeSdk(path.join(scratch, "sdk-today")),
    }));

    describe("a stack made by the release before the definitions", () => {
        it("every resource kind previews no change, then refreshes and destroys", async function () {
            this.timeout(900_000);
            const { dirs, scratch, oldTarball, newTarball } = releases();
            const dir = path.join(scratch, "program");
            fs.cpSync(path.join(dirs.dynamic, "test", "fixtures", "programs", "every-resource"), dir, { recursive: true });
            const sdk = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> })
                .devDependencies["@pulumi/pulumi"];
            fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "upgrade", private: true }));
            run("npm", ["install", oldTarball, `@pulumi/pulumi@${sdk}`], dir);
            const stack = await CliStack.create(binDir, {
                projectDir: dir,
                stack: "upgrade",
                config: { ...emulatorStackConfig(fx.emu.url), "tenantkit:devopsPat": secret(IDS.devopsPat) },
            });
            try {
                await stack.up();
                const { deployment } = await stack.exportState();
                for (const kind of KINDS) assert.equal(resourcesOfType(deployment, `tenantkit:${kind}`).length, 1, `the release made one ${kind}`);

                run("npm", ["install", newTarball], dir);
                const registry = path.join(dir, "node_modules", "pulumi-tenantkit", "provider", "resources.ts");
                assert.ok(fs.existsSync(registry), "today's package is installed (the release had no registry)");
                await stack.expectNoChanges();
                await stack.refresh();
                await stack.expectNoChanges();
                await stack.destroy();
            } finally {
                await stack.dispose();
            }
        });
    });

    describe("stacks made by the last release's provider plugin and SDK", () => {
        let stack: CliStack | undefined;
        afterEach(async () => {
            await stack?.dispose();
            stack = undefined;
        });

        /**
         * The release's program `program` (its fixture) copied out as its users wrote it, `prepare` run in it; `up` with the
         * release's plugin, then today's plugin over it in the same cache (same version) and `upgrade` run; then a preview
         * with no change, a refresh with none, and destroy, which leaves the tenant as before.
         */
        async function upgrades(
            program: string,
            project: string,
            steps: { prepare?(dir: string): Promise<void>; upgrade?(dir: string): Promise<void> } = {},
        ) {
            const dir = path.join(releases().scratch, program);
            fs.cpSync(path.join(releases().dirs.plugin, "test", "fixtures", "programs", program), dir, { recursive: true });
            await steps.prepare?.(dir);
            const before = await fx.emu.admin.branding(IDS.tenantId);
            stack = await CliStack.create(binDir, {
                projectDir: dir,
                stack: "upgrade",
                config: {
                    ...emulatorStackConfig(fx.emu.url),
                    "tenantkit:devopsPat": secret(IDS.devopsPat),
                    [`${project}:workspaceId`]: IDS.salesWorkspaceId,
                },
            });
            await stack.installPlugin(path.join(releases().dirs.plugin, "plugin"));
            await stack.up();
            await expectDeployed(fx);

            await stack.installPlugin(PLUGIN_DIR, { reinstall: true });
            const installed = fs.readFileSync(path.join(stack.installedPlugin(), "index.js"), "utf8");
            assert.ok(installed === fs.readFileSync(path.join(PLUGIN_DIR, "index.js"), "utf8"), "today's plugin replaced the release's in the cache");
            await steps.upgrade?.(dir);
            await stack.expectNoChanges();
            // A refresh with no change leaves the state the preview just judged, so no second preview is needed.
            await stack.refresh(["--expect-no-changes"]);
            await stack.destroy();
            await expectRemoved(fx, before);
        }

        it("YAML: the release's program previews no change, refreshes with none and destroys under today's plugin", async function () {
            this.timeout(600_000);
            await upgrades("plugin-yaml", "tenantkit-yaml");
        });

        it("TypeScript: the release's program over its SDK previews no change, refreshes with none and destroys under today's plugin and SDK", async function () {
            this.timeout(600_000);
            // Not blocking: the emulator of this process must keep answering (and keep its connections) meanwhile.
            const install = async (dir: string, tarball: string, ...more: string[]) =>
                void (await exec("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, ...more], { cwd: dir }));
            await upgrades("plugin-typescript", "tenantkit-typescript", {
                prepare: (dir) => install(dir, releases().oldSdk, `@pulumi/pulumi@${PULUMI_VERSION}`),
                upgrade: async (dir) => {
                    await install(dir, releases().newSdk);
                    // What npm put in node_modules, by the hash of the tarball it came from.
                    const lock = JSON.parse(fs.readFileSync(path.join(dir, "node_modules", ".package-lock.json"), "utf8")) as {
                        packages: Record<string, { integrity?: string }>;
                    };
                    const integrity = `sha512-${createHash("sha512").update(fs.readFileSync(releases().newSdk)).digest("base64")}`;
                    assert.equal(lock.packages["node_modules/@pulumi-tenantkit/sdk"]?.integrity, integrity, "today's SDK replaced the release's");
                },
            });
        });
    });
});
