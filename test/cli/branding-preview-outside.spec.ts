/**
 * `tenantkit-branding-preview` as a user outside this repository runs it, from a program's folder that has no
 * node_modules (examples/yaml copied out, the provider plugin installed): by the command docs/branding-preview.md gives
 * for that (`npx --package <the package's tarball> tenantkit-branding-preview ...`, which npm installs into its cache),
 * through the real `pulumi preview` against the emulator, in Chromium. Before, the page gave `npx
 * tenantkit-branding-preview`, which there asks npm's registry for a package of that name (`npm error 404`), and an
 * option of the command after `--` went to pulumi (`unknown flag: --out`).
 */
import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { findChromium } from "../../branding-preview/browser";
import { run } from "../support/commands";
import { useEmulator } from "../support/emulator";
import { pageCommands, words } from "../readme/commands";
import { CliStack, describeCli, emulatorStackConfig, isolatedEnv, programOutsideRepo, ROOT } from "./pulumi";

const PAGE = "docs/branding-preview.md";

interface Run {
    readonly code: number;
    readonly stdout: string;
    readonly stderr: string;
}

describeCli("tenantkit-branding-preview from a program's folder outside the checkout, by the documented npx route", (binDir) => {
    const fx = useEmulator();
    let scratch = "";
    let dir = "";
    let stack: CliStack | undefined;
    let tarball = "";

    before(async function () {
        this.timeout(300_000);
        scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bp-outside-"));
        // The tarball `npm pack` makes; --ignore-scripts packs the bin/ this run built instead of running prepack,
        // which would clear bin/ in the checkout other suites read.
        tarball = path.join(scratch, run("npm", ["pack", "--ignore-scripts", "--pack-destination", scratch], ROOT).trim().split("\n").pop()!);
        dir = programOutsideRepo(path.join(ROOT, "examples", "yaml"));
        stack = await CliStack.create(binDir, { projectDir: dir, stack: "dev", work: dir, config: emulatorStackConfig(fx.emu.url) });
        await stack.installPlugin();
    });

    after(async () => {
        await stack?.dispose();
        for (const d of [dir, scratch]) if (d !== "") fs.rmSync(d, { recursive: true, force: true });
    });

    /** Runs `command` in the program's folder as a user's shell would, with npm's cache of its own. */
    function inProgram(command: readonly string[]): Promise<Run> {
        const chromium = process.env.TENANTKIT_CHROMIUM ?? findChromium();
        const env = {
            ...isolatedEnv(binDir, dir),
            ...(chromium ? { TENANTKIT_CHROMIUM: chromium } : {}),
            // npx installs the tarball into npm's cache: this test's own, so no run finds another's install.
            npm_config_cache: path.join(scratch, "npm-cache"),
            npm_config_prefer_offline: "true",
            npm_config_yes: "true",
            npm_config_update_notifier: "false",
        };
        return new Promise((resolve, reject) =>
            execFile(command[0]!, command.slice(1), { cwd: dir, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
                const code = err === null ? 0 : typeof err.code === "number" ? err.code : -1;
                if (code === -1) reject(err!);
                else resolve({ code, stdout, stderr });
            }),
        );
    }

    /** The page's command, with the tarball it names in the program's folder as `npm pack` leaves it. */
    function documented(): string[] {
        const [command, ...others] = pageCommands(PAGE, "outside a checkout");
        assert.deepEqual(others, [], `${PAGE} gives more than one command outside a checkout`);
        const argv = words(command!);
        const named = argv.find((w) => w.endsWith(".tgz"));
        assert.equal(named, `./${path.basename(tarball)}`, `${PAGE}'s command does not name the tarball npm pack makes`);
        fs.copyFileSync(tarball, path.join(dir, named!));
        return argv;
    }

    it("runs the page's command in a YAML program's folder: pulumi preview of the stack, every locale rendered to .tenantkit/branding-preview", async function () {
        this.timeout(300_000);
        const r = await inProgram(documented());
        assert.equal(r.code, 0, `exit ${r.code}; stderr:\n${r.stderr}`);
        const out = path.join(dir, ".tenantkit", "branding-preview");
        assert.deepEqual(
            r.stdout.trim().split("\n").slice(0, 3),
            ["default.png", "default.before.png", "index.html"].map((f) => path.join(out, f)),
        );
        assert.doesNotMatch(r.stderr, /note: /, "the tenant's live branding was not read with the stack's config");
    });

    it("takes --out after -- beside pulumi preview's --stack, where pulumi said `unknown flag: --out`", async function () {
        this.timeout(300_000);
        const argv = documented();
        const r = await inProgram([...argv, "--out", "site"]);
        assert.equal(r.code, 0, `exit ${r.code}; stderr:\n${r.stderr}`);
        assert.doesNotMatch(r.stderr, /unknown flag/);
        assert.deepEqual(fs.readdirSync(path.join(dir, "site")).sort(), ["default.before.png", "default.png", "index.html"]);
    });
});
