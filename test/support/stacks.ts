/**
 * Shared set-up of engine-harness tests against the emulator: a temporary folder for state files (removed after
 * the suite) and the stack config that points tenantkit at the emulator with an app registration's credentials.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { emulatorStackConfig, QUICKSTART_APP, type AppCredentials } from "../../harness/emulatorStack";
import type { StackConfig } from "../../harness/wire";
import type { EmulatorFixture } from "../support/emulator";

/**
 * A temporary folder for the enclosing `describe`; `statePath(stack)` names a state file in it. With `hostCwd` it also
 * links this checkout's node_modules, so that a provider host started there (LifecycleRunner's `cwd`) resolves
 * `pulumi-tenantkit` as it does in the program's folder.
 */
export function useStateDir(prefix: string, o: { hostCwd?: boolean } = {}): { statePath(stack: string): string; readonly dir: string } {
    let dir = "";
    before(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
        if (o.hostCwd) fs.symlinkSync(path.resolve(__dirname, "..", "..", "node_modules"), path.join(dir, "node_modules"), "dir");
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));
    return {
        statePath: (stack) => path.join(dir, `${stack}.json`),
        get dir() {
            return dir;
        },
    };
}

export { QUICKSTART_APP, type AppCredentials };

/** tenantkit's stack config for the emulator of `fx`, signing in as `app` (the client secret kept secret). */
export function emulatorConfig(fx: EmulatorFixture, app: AppCredentials = QUICKSTART_APP): StackConfig {
    return emulatorStackConfig(fx.emu.url, app);
}
