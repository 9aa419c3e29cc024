/**
 * Upgrading the package under a stack, under the real CLI against the emulator, each program outside the repo with its
 * own node_modules as a user's is; the earlier releases come from the tool cache (scripts/earlierReleases.ts: built from
 * git, once per commit, by `npm run earlier-releases` or by this suite when missing):
 * - the dynamic resources: a stack made by the release before the resources came from their definitions previews no
 *   change with today's package, for every resource kind; only the program's tenantkit tarball changes.
 * - the provider plugin: stacks made by the last release's plugin, from its YAML program and from its TypeScript program
 *   over its Node.js SDK, preview no change, `up`, refresh with none and destroy under today's plugin (and SDK), as
 *   Pulumi's own providers test every release; their state holds the holder ids (`__holder`) of the records under
 *   `.tenantkit/` that today's plugin no longer keeps (issue 49).
 */
import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { earlierRelease, EARLIER_RELEASES, type ReleaseBuild } from "../../scripts/earlierReleases";
import { run } from "../support/commands";
import { IDS, useEmulator } from "../support/emulator";
import { expectDeployed, expectRemoved } from "./pluginPrograms";
import { CliStack, describeCli, emulatorStackConfig, PLUGIN_DIR, resourcesOfType, ROOT, secret, TRANSPILE_ONLY } from "./pulumi";
import { exec, nodeSdkPackage, PULUMI_VERSION } from "./sdkToolchains";

/** Every resource kind the release made, as its state names them. */
const KINDS = ["OrganizationalBranding", "OrganizationalBrandingLocalization", "TemporaryAccessPassMethods", "GitPush", "PushDataset"];

/** `npm pack` of the tree at `dir` (built already), into `dest`: the tarball's path. */
function pack(dir: string, dest: string): string {
    return path.join(dest, run("npm", ["pack", "--ignore-scripts", "--pack-destination", dest], dir).trim().split("\n").pop()!);
}

/**
 * The earlier releases (scripts/earlierReleases.ts, from the tool cache, built there first when missing, side by side)
 * and today's package and SDK, packed in the `before` into a scratch folder removed after the suite.
 */
function useReleases() {
    let scratch = "";
    let made: { dynamic: ReleaseBuild; plugin: ReleaseBuild & { sdkTarball: string }; newTarball: string; newSdk: string } | undefined;
    before(async function () {
        this.timeout(900_000);
        scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-upgrade-"));
        const [dynamic, plugin] = await Promise.all([earlierRelease(EARLIER_RELEASES.dynamic), earlierRelease(EARLIER_RELEASES.plugin)]);
        const { sdkTarball } = plugin;
        if (!sdkTarball) throw new Error(`the release ${EARLIER_RELEASES.plugin} has no Node.js SDK`);
        made = {
            dynamic,
            plugin: { ...plugin, sdkTarball },
            // `npm test` has just built bin/ here.
            newTarball: pack(ROOT, scratch),
            newSdk: await nodeSdkPackage(),
        };
    });
    after(() => fs.rmSync(scratch, { recursive: true, force: true }));
    return () => {
        if (!made) throw new Error("the releases are not built yet");
        return { ...made, scratch };
    };
}

/**
 * The `up` under a release runs its TypeScript program transpile-only: that the release's program type-checks against
 * the release is not what these tests prove. The preview after the upgrade type-checks it, as ts-node does by default,
 * against today's package: the check a user who upgrades meets first.
 */
describeCli("stacks made by earlier releases, after an upgrade", (binDir) => {
    const fx = useEmulator();
    const releases = useReleases();

    describe("a stack made by the release before the definitions", () => {
        it("every resource kind previews no change, then refreshes and destroys", async function () {
            this.timeout(900_000);
            const { dynamic, scratch, newTarball } = releases();
            const dir = path.join(scratch, "program");
            fs.cpSync(path.join(dynamic.tree, "test", "fixtures", "programs", "every-resource"), dir, { recursive: true });
            const sdk = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> })
                .devDependencies["@pulumi/pulumi"];
            fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "upgrade", private: true }));
            run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", dynamic.tarball, `@pulumi/pulumi@${sdk}`], dir);
            const stack = await CliStack.create(binDir, {
                projectDir: dir,
                stack: "upgrade",
                config: { ...emulatorStackConfig(fx.emu.url), "tenantkit:devopsPat": secret(IDS.devopsPat) },
            });
            try {
                await stack.ok(stack.upArgs(), { env: TRANSPILE_ONLY });
                const { deployment } = await stack.exportState();
                for (const kind of KINDS) assert.equal(resourcesOfType(deployment, `tenantkit:${kind}`).length, 1, `the release made one ${kind}`);

                run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", newTarball], dir);
                const registry = path.join(dir, "node_modules", "pulumi-tenantkit", "provider", "resources.ts");
                assert.ok(fs.existsSync(registry), "today's package is installed (the release had no registry)");
                await stack.expectNoChanges();
                // A stack of the journal era (the branding's prior recorded in state, and beside it on disk): a plain up goes on.
                await stack.up();
                // As in the plugin's upgrade below: a refresh with no change leaves the state the preview just judged.
                await stack.refresh(["--expect-no-changes"]);
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
            fs.cpSync(path.join(releases().plugin.tree, "test", "fixtures", "programs", program), dir, { recursive: true });
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
            await stack.installPlugin(path.join(releases().plugin.tree, "plugin"));
            await stack.ok(stack.upArgs(), { env: TRANSPILE_ONLY });
            await expectDeployed(fx);

            await stack.installPlugin(PLUGIN_DIR, { reinstall: true });
            const installed = fs.readFileSync(path.join(stack.installedPlugin(), "index.js"), "utf8");
            assert.ok(installed === fs.readFileSync(path.join(PLUGIN_DIR, "index.js"), "utf8"), "today's plugin replaced the release's in the cache");
            // The release recorded who held the branding and the dataset it took over on disk and in state (`__holder`),
            // which today's plugin no longer writes nor reads (issue 49): a plain up goes on from that state.
            assert.match((await stack.exportState()).text, /"__holder"/, "the release's state holds no holder id: this test no longer covers it");
            await steps.upgrade?.(dir);
            await stack.expectNoChanges();
            const up = await stack.up();
            assert.doesNotMatch(up.output, /[~+-]\s+\d+ (updated|created|replaced|deleted)/, "a plain up after the upgrade changed something");
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
                prepare: (dir) => install(dir, releases().plugin.sdkTarball, `@pulumi/pulumi@${PULUMI_VERSION}`),
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
