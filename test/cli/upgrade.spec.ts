/**
 * Upgrading the package under a stack: a stack made by the release before the resources came from their definitions
 * (the commit named below, packed in this test from git) previews no change with today's package, for every resource
 * kind, under the real CLI against the emulator. The program sits outside the repo with its own node_modules, as a
 * user's does, and only its tenantkit tarball changes between the two steps.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { run } from "../support/commands";
import { IDS, useEmulator } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, resourcesOfType, ROOT, secret } from "./pulumi";

/** The last commit before the definitions (issue 27): the release a user's stack was made with. */
const BEFORE_DEFINITIONS = "2dc62d3a1eb272c18b576cf957ffb944a635bebf";

/** Every resource kind the release made, as its state names them. */
const KINDS = ["OrganizationalBranding", "OrganizationalBrandingLocalization", "TemporaryAccessPassMethods", "GitPush", "PushDataset"];

/** `npm pack` of the tree at `dir` (built already), into `dest`: the tarball's path. */
function pack(dir: string, dest: string): string {
    return path.join(dest, run("npm", ["pack", "--ignore-scripts", "--pack-destination", dest], dir).trim().split("\n").pop()!);
}

describeCli("a stack made by the release before the definitions, after an upgrade", (binDir) => {
    const fx = useEmulator();
    let scratch = "";
    let oldTarball = "";
    let newTarball = "";

    before(function () {
        this.timeout(600_000);
        scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-upgrade-"));
        const old = path.join(scratch, "release");
        fs.mkdirSync(old);
        const archive = path.join(scratch, "release.tar");
        run("git", ["archive", "--format=tar", "-o", archive, BEFORE_DEFINITIONS], ROOT);
        run("tar", ["-xf", archive, "-C", old], scratch);
        // The release's own dependencies: today's when its lockfile is today's (no download), else a clean install.
        const sameLock =
            fs.readFileSync(path.join(old, "package-lock.json"), "utf8") === fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8");
        if (sameLock) fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(old, "node_modules"), "dir");
        else run("npm", ["ci", "--ignore-scripts"], old);
        run("npm", ["run", "build"], old);
        oldTarball = pack(old, scratch);
        // `npm test` has just built bin/ here.
        newTarball = pack(ROOT, scratch);
    });
    after(() => fs.rmSync(scratch, { recursive: true, force: true }));

    it("every resource kind previews no change, then refreshes and destroys", async function () {
        this.timeout(900_000);
        const dir = path.join(scratch, "program");
        fs.cpSync(path.join(scratch, "release", "test", "fixtures", "programs", "every-resource"), dir, { recursive: true });
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
