/**
 * The YAML program over the provider plugin (test/fixtures/programs/plugin-yaml) as the CLI suites run it: copied out
 * of the repository, a stack on the emulator with the plugin installed as docs/installation-configuration.md says. Not a spec file.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { IDS, type EmulatorFixture } from "../support/emulator";
import { CliStack, emulatorStackConfig, programOutsideRepo, ROOT, secret, type StackConfig } from "./pulumi";

const YAML_PROGRAM = path.join(ROOT, "test", "fixtures", "programs", "plugin-yaml");

/**
 * `stack(name, config)` makes the stack of one test (the program's settings, `config` over them); it and its folder
 * go after each test. `dir()` is the program's folder.
 */
export function useYamlPluginStacks(
    binDir: string,
    fx: EmulatorFixture,
): { stack(name: string, config?: StackConfig): Promise<CliStack>; dir(): string } {
    let stack: CliStack | undefined;
    let dir: string | undefined;
    afterEach(async () => {
        await stack?.dispose();
        if (dir) fs.rmSync(dir, { recursive: true, force: true });
        stack = undefined;
        dir = undefined;
    });
    return {
        dir: () => {
            if (dir === undefined) throw new Error("no YAML stack yet in this test");
            return dir;
        },
        stack: async (name, config = {}) => {
            dir = programOutsideRepo(YAML_PROGRAM);
            stack = await CliStack.create(binDir, {
                projectDir: dir,
                stack: name,
                config: {
                    ...emulatorStackConfig(fx.emu.url),
                    "tenantkit:devopsPat": secret(IDS.devopsPat),
                    "tenantkit-yaml:workspaceId": IDS.salesWorkspaceId,
                    ...config,
                },
            });
            await stack.installPlugin();
            return stack;
        },
    };
}
