/**
 * README's "A first program" as a user with only the Pulumi CLI and the release asset runs it: its shell blocks, read
 * from README.md and run as they are written, in an empty folder holding the page's Pulumi.yaml, with a PATH that holds
 * `pulumi` and `pulumi-language-yaml` and nothing else (no `node`, no coreutils), an empty plugin cache, and the
 * release served as a mirror serves it (`--server github://...` then reaches it through
 * PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES, as on an air-gapped machine). The emulator is the one the plugin's executable
 * serves, started by the page's own command.
 *
 * Two things are moved, and only these: the emulator's port (8787 on the page; files run in parallel, so a free one
 * here), and the folder `pulumi login --local` keeps state in (`~` is the account's home from /etc/passwd, which no
 * environment variable moves: the test keeps its state in its own folder instead of this machine's `~/.pulumi`).
 */
import { strict as assert } from "node:assert";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createInterface } from "node:readline";
import { EmulatorAdmin } from "../../emulator/client";
import { IDS } from "../support/emulator";
import { describeCli, ROOT } from "./pulumi";
import { useReleaseMirror } from "./releaseMirror";

const PAGE_PORT = "8787";

/** The fenced blocks of README.md's "A first program", by language, in page order. */
function firstProgramBlocks(): { sh: string[]; yaml: string[] } {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    const start = readme.indexOf("\n## A first program\n");
    assert.ok(start >= 0, "README.md has no section 'A first program'");
    const end = readme.indexOf("\n## ", start + 1);
    const section = readme.slice(start, end < 0 ? undefined : end);
    const found = { sh: [] as string[], yaml: [] as string[] };
    for (const m of section.matchAll(/^```(sh|yaml)\n([\s\S]*?)^```$/gm)) found[m[1] as "sh" | "yaml"].push(m[2]!);
    return found;
}

describeCli("README, A first program, with only the Pulumi CLI and the release asset", (binDir) => {
    const mirror = useReleaseMirror(binDir);
    let scratch = "";
    let emulator: ChildProcess | undefined;

    before(() => (scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-first-program-"))));
    after(() => {
        emulator?.kill("SIGTERM");
        fs.rmSync(scratch, { recursive: true, force: true });
    });

    it("installs the plugin, starts the emulator with the plugin's executable, and up then destroy change contoso and give it back", async function () {
        this.timeout(600_000);
        const blocks = firstProgramBlocks();
        assert.equal(blocks.sh.length, 3, "the page's steps: install the plugin, start the emulator, the program's commands");
        assert.equal(blocks.yaml.length, 1);
        const [install, startEmulator, commands] = blocks.sh as [string, string, string];

        const home = path.join(scratch, "home");
        const program = path.join(scratch, "tenantkit-first");
        const state = path.join(scratch, "state");
        for (const dir of [home, program, state]) fs.mkdirSync(dir);
        fs.writeFileSync(path.join(program, "Pulumi.yaml"), blocks.yaml[0]!);
        const env = {
            PATH: mirror.noNode,
            HOME: home,
            PULUMI_HOME: path.join(home, ".pulumi"),
            PULUMI_SKIP_UPDATE_CHECK: "true",
            // `pulumi up` and `destroy` ask before they act, and a test has no terminal to answer on.
            PULUMI_SKIP_CONFIRMATIONS: "true",
            ...mirror.downloadEnv(),
        };
        // Not spawnSync: the mirror serves from this process, which must stay free to answer the download.
        const sh = (script: string) =>
            new Promise<string>((resolve, reject) => {
                execFile("/bin/sh", ["-ec", script], { cwd: program, env, encoding: "utf8" }, (err, stdout, stderr) =>
                    err ? reject(new Error(`${script}\n${stdout}\n${stderr}`, { cause: err })) : resolve(stdout),
                );
            });

        await sh(install);
        assert.deepEqual(mirror.requests, [mirror.download()], "the plugin comes from the release asset");

        // `exec`, so that the test's SIGTERM reaches the emulator rather than the shell.
        emulator = spawn("/bin/sh", ["-ec", "exec " + startEmulator.replace(`--port ${PAGE_PORT}`, "--port 0")], {
            cwd: program,
            env,
            stdio: ["ignore", "pipe", "inherit"],
        });
        const listening = await new Promise<string>((resolve, reject) => {
            createInterface({ input: emulator!.stdout! }).once("line", resolve);
            emulator!.once("exit", (code) => reject(new Error(`the emulator exited ${code}`)));
        });
        const url = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(listening);
        assert.ok(url, listening);
        const admin = EmulatorAdmin.connect(url[1]!);
        // Contoso's branding without the image URLs a write moves.
        const contoso = async () => JSON.stringify(await admin.branding(IDS.tenantId), (k, v: unknown) => (k === "relativeUrl" ? undefined : v));
        const before = await contoso();

        assert.match(commands, /^pulumi login --local$/m);
        const output = await sh(
            commands.replace(/^pulumi login --local$/m, `pulumi login file://${state}`).replaceAll(`:${PAGE_PORT}`, `:${url[2]}`),
        );
        assert.match(output, /\+ 3 created/);

        const applied = await admin.branding(IDS.tenantId);
        assert.deepEqual([applied?.default.signInPageText, applied?.default.backgroundColor], ["Welcome to Contoso", "#102030"]);
        const [made] = (await admin.powerBi(IDS.tenantId)).datasets;
        assert.deepEqual([made?.name, made?.workspaceId], ["SalesMarketing", IDS.salesWorkspaceId]);
        assert.deepEqual(mirror.requests, [mirror.download()], "nothing downloaded again");

        // The page's next step, with the passphrase its commands exported.
        const passphrase = /^export PULUMI_CONFIG_PASSPHRASE=(.*)$/m.exec(commands)?.[1];
        assert.ok(passphrase, "the commands set the passphrase");
        await sh(`export PULUMI_CONFIG_PASSPHRASE=${passphrase}\npulumi destroy`);
        assert.equal(await contoso(), before);
        assert.deepEqual((await admin.powerBi(IDS.tenantId)).datasets, []);
    });
});
