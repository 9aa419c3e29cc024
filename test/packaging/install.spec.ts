/**
 * The package as a platform team gets it: packed into a tarball, installed into a program outside the repo (the
 * push-dataset example copied out, with its own package.json and tsconfig), type-checked with the tsconfig that
 * `pulumi new typescript` writes today and the older one many projects still have, then run with the real CLI against
 * the emulator (preview, up, destroy). Once with the oldest @pulumi/pulumi of the peer range and once with the newest
 * npm resolves it to. Needs the npm registry (and the CLI: skipped without it, failed under CI=true).
 *
 * The two programs are installed once, side by side, in `before`: an install is most of a test's time and mostly waits
 * on the registry. The policy pack and the branding preview run from the newest program's node_modules, as a user's
 * project would hold them beside the SDK; each test writes only files of its own into it.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { findChromium } from "../../branding-preview/browser";
import { run, runAsync } from "../support/commands";
import { useEmulator, IDS } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, ROOT, TRANSPILE_ONLY } from "../cli/pulumi";

const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { peerDependencies: Record<string, string> };
const PEER_RANGE = PACKAGE.peerDependencies["@pulumi/pulumi"]!;
const OLDEST = /(\d+\.\d+\.\d+)/.exec(PEER_RANGE)![1]!;

/** The tsconfig `pulumi new typescript` wrote until recently: es2016, no skipLibCheck, no esModuleInterop. */
const OLDER_TSCONFIG = {
    compilerOptions: {
        strict: true,
        outDir: "bin",
        target: "es2016",
        module: "commonjs",
        moduleResolution: "node",
        sourceMap: true,
        experimentalDecorators: true,
        pretty: true,
        noFallthroughCasesInSwitch: true,
        noImplicitReturns: true,
        forceConsistentCasingInFileNames: true,
    },
    files: ["index.ts"],
};

/** The push-dataset example copied out of the repo and installed with the tarball, and the SDK version npm chose. */
interface Program {
    dir: string;
    sdkVersion: string;
}

describeCli("the packed package in a program outside the repo", (binDir) => {
    const fx = useEmulator();
    let scratch = "";
    const programs: Partial<Record<"oldest" | "newest", Program>> = {};

    before(async function () {
        this.timeout(600_000);
        scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-install-"));
        // `npm test` has just built bin/; --ignore-scripts packs that build instead of running prepack, which would
        // clear bin/ in the checkout other suites read.
        const name = run("npm", ["pack", "--ignore-scripts", "--pack-destination", scratch], ROOT).trim().split("\n").pop()!;
        const tarball = path.join(scratch, name);
        const policySdk = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> })
            .devDependencies["@pulumi/policy"];
        const install = async (label: "oldest" | "newest", sdk: string, extra: string[]): Promise<void> => {
            const dir = path.join(scratch, label);
            fs.cpSync(path.join(ROOT, "examples", "push-dataset"), dir, { recursive: true });
            // Not --prefer-offline: "newest" is what the registry serves now. No audit or funding request: they install nothing.
            await runAsync("npm", ["install", "--no-audit", "--no-fund", tarball, `@pulumi/pulumi@${sdk}`, ...extra], dir);
            const sdkVersion = (
                JSON.parse(fs.readFileSync(path.join(dir, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8")) as { version: string }
            ).version;
            programs[label] = { dir, sdkVersion };
        };
        await Promise.all([install("oldest", OLDEST, []), install("newest", PEER_RANGE, [`@pulumi/policy@${policySdk}`])]);
    });
    after(() => fs.rmSync(scratch, { recursive: true, force: true }));

    async function lifecycle(dir: string, stackName: string): Promise<void> {
        const stack = await CliStack.create(binDir, {
            projectDir: dir,
            stack: stackName,
            config: emulatorStackConfig(fx.emu.url),
            env: TRANSPILE_ONLY, // tsc checks the program in the test, under both tsconfigs
        });
        try {
            await stack.preview();
            await stack.up();
            const made = (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name === "SalesMarketing");
            assert.equal(made.length, 1, "up did not create the dataset");
            assert.equal((await stack.outputs()).datasetId, made[0]!.id);
            await stack.destroy();
            assert.equal((await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name === "SalesMarketing").length, 0);
        } finally {
            await stack.dispose();
        }
    }

    it("the shipped policy pack runs from node_modules as docs/quota.md says, and fails a preview over a limit", async function () {
        this.timeout(600_000);
        const dir = programs.newest!.dir;
        // A user's mapping: each push dataset counts against a limit of 1,000 per workspace.
        fs.writeFileSync(
            path.join(dir, "quota-mappings.js"),
            'exports.mappings = [{ type: "pulumi-nodejs:dynamic/tenantkit:PushDataset", uses: () => ' +
                '[{ limit: "sql-warehouses/total-number/workspace", scope: "my-workspace", amount: 1 }] }];\n',
        );
        const settings = {
            mappingsModule: path.join(dir, "quota-mappings.js"),
            defaultMappings: false,
            existing: { "sql-warehouses/total-number/workspace": { "my-workspace": 1000 } },
        };
        fs.writeFileSync(path.join(dir, "quota-policy.json"), JSON.stringify({ "quota-limits": settings, "quota-warnings": settings }));
        const stack = await CliStack.create(binDir, {
            projectDir: dir,
            stack: "policy",
            config: emulatorStackConfig(fx.emu.url),
            env: TRANSPILE_ONLY,
        });
        try {
            const r = await stack.run([
                "preview",
                "--config-file",
                stack.configFile,
                "--policy-pack",
                "node_modules/pulumi-tenantkit/policy",
                "--policy-pack-config",
                "quota-policy.json",
            ]);
            assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
            assert.match(r.output, /\[mandatory\]\s+quota-limits/);
            assert.match(r.output, /1 SQL warehouse planned in workspace my-workspace, 1000 exist, limit 1000 \(fixed\): 1 over/);
        } finally {
            await stack.dispose();
        }
    });

    it("tenantkit-branding-preview runs from node_modules/.bin and renders an inputs file's pages", function () {
        this.timeout(300_000);
        if (findChromium() === undefined && process.env.CI !== "true") this.skip();
        const dir = programs.newest!.dir;
        fs.mkdirSync(path.join(dir, "branding-assets"), { recursive: true });
        fs.copyFileSync(path.join(ROOT, "examples", "branding", "assets", "banner.png"), path.join(dir, "branding-assets", "banner.png"));
        fs.writeFileSync(
            path.join(dir, "branding.json"),
            JSON.stringify({
                branding: { backgroundColor: "#0F6CBD", bannerLogo: "branding-assets/banner.png" },
                localizations: [{ locale: "fr-FR", signInPageText: "Bonjour" }],
            }),
        );
        // Synchronous is fine here: the command talks to no emulator, only to its own Chromium.
        run("npx", ["tenantkit-branding-preview", "--inputs", "branding.json", "--out", "branding-preview"], dir);
        assert.deepEqual(fs.readdirSync(path.join(dir, "branding-preview")).sort(), ["default.png", "fr-FR.png", "index.html"]);
    });

    for (const label of ["oldest", "newest"] as const) {
        it(`with the ${label} @pulumi/pulumi of ${PEER_RANGE}: installs, type-checks under both tsconfigs, and runs preview, up and destroy`, async function () {
            this.timeout(600_000);
            const { dir, sdkVersion } = programs[label]!;
            if (label === "oldest") assert.equal(sdkVersion, OLDEST);
            run("npx", ["tsc", "--noEmit", "-p", "tsconfig.json"], dir);
            fs.writeFileSync(path.join(dir, "tsconfig.older.json"), JSON.stringify(OLDER_TSCONFIG));
            run("npx", ["tsc", "--noEmit", "-p", "tsconfig.older.json"], dir);
            await lifecycle(dir, `${label}-${sdkVersion.replace(/\./g, "-")}`);
        });
    }
});
