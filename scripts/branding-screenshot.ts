/**
 * `npm run readme:screenshot`: the pictures docs/branding-preview.md shows, made by the command itself from
 * examples/branding: the bundled emulator, a stack of the example on a file backend of its own, then
 * `tenantkit-branding-preview --cwd examples/branding -- --stack ...` (so through `pulumi preview --json`), and the
 * default and fr-FR pages copied to docs/branding-preview/.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../emulator/server";
import { CliStack, isolatedEnv, requirePulumi } from "../harness/cli";
import { emulatorStackConfig } from "../harness/emulatorStack";

const ROOT = path.resolve(__dirname, "..");
const EXAMPLE = path.join(ROOT, "examples", "branding");
const DOCS = path.join(ROOT, "docs", "branding-preview");

function run(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
    return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(ROOT, "bin", "branding-preview", "cli.js"), ...args], {
            cwd: EXAMPLE,
            env,
            stdio: "inherit",
        });
        child.on("error", reject);
        child.on("close", (code) => resolve(code ?? -1));
    });
}

async function main(): Promise<void> {
    const binDir = requirePulumi();
    const emu = await startEmulator();
    const stack = await CliStack.create(binDir, { projectDir: EXAMPLE, stack: "screenshot", config: emulatorStackConfig(emu.url) });
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "tk-screenshot-"));
    try {
        const code = await run(["--out", out, "--", "--stack", "screenshot", "--config-file", stack.configFile], isolatedEnv(binDir, stack.work));
        if (code !== 0) throw new Error(`tenantkit-branding-preview exited ${code}`);
        fs.mkdirSync(DOCS, { recursive: true });
        for (const file of ["default.png", "fr-FR.png"]) fs.copyFileSync(path.join(out, file), path.join(DOCS, file));
        console.log(`wrote ${path.relative(ROOT, DOCS)}/default.png and fr-FR.png`);
    } finally {
        await stack.dispose();
        await emu.close();
        fs.rmSync(out, { recursive: true, force: true });
    }
}

main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
});
