/**
 * tenantkit's provider plugin from programs in the languages of the generated SDKs, each in a folder outside the
 * repository as a user has it, through the same lifecycle as the YAML program (pluginPrograms.ts):
 * - TypeScript: the Node.js SDK packed as `npm run sdk:pack` packs it, installed with npm, run by the CLI through the
 *   Node.js language host this project builds.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { execFileSync } from "node:child_process";
import { packNodeSdk } from "../../scripts/sdkPack";
import { useEmulator, IDS } from "../support/emulator";
import { provesLifecycle } from "./pluginPrograms";
import { CliStack, cliRunner, describeCli, emulatorStackConfig, programOutsideRepo, ROOT, secret } from "./pulumi";

const PULUMI_VERSION = (
    JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8")) as { version: string }
).version;

describeCli("the provider plugin, from programs over the generated SDKs", (binDir) => {
    const fx = useEmulator();
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-sdk-programs-"));
    after(() => fs.rmSync(scratch, { recursive: true, force: true }));

    it("TypeScript: the Node.js SDK's package runs preview, up, refresh, an update and destroy", async function () {
        this.timeout(600_000);
        const tarball = packNodeSdk(scratch);
        const dir = programOutsideRepo(path.join(ROOT, "test", "fixtures", "programs", "plugin-typescript"));
        execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, `@pulumi/pulumi@${PULUMI_VERSION}`], {
            cwd: dir,
            stdio: "pipe",
        });
        const stack = await CliStack.create(binDir, {
            projectDir: dir,
            stack: "typescript",
            config: {
                ...emulatorStackConfig(fx.emu.url),
                "tenantkit:devopsPat": secret(IDS.devopsPat),
                "tenantkit-typescript:workspaceId": IDS.salesWorkspaceId,
            },
        });
        try {
            await stack.installPlugin();
            await provesLifecycle(fx, cliRunner(stack, "tenantkit-typescript"));
        } finally {
            await stack.dispose();
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
