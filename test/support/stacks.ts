/**
 * Shared set-up of engine-harness tests against the emulator: a temporary folder for state files (removed after
 * the suite) and the stack config that points tenantkit at the emulator with an app registration's credentials.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { secret, type StackConfig } from "../../harness/wire";
import { IDS, type EmulatorFixture } from "../emulator/helpers";

/** A temporary folder for the enclosing `describe`; `statePath(stack)` names a state file in it. */
export function useStateDir(prefix: string): { statePath(stack: string): string; readonly dir: string } {
    let dir = "";
    before(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));
    return {
        statePath: (stack) => path.join(dir, `${stack}.json`),
        get dir() {
            return dir;
        },
    };
}

export interface AppCredentials {
    readonly domain: string;
    readonly clientId: string;
    readonly secret: string;
}

export const QUICKSTART_APP: AppCredentials = { domain: IDS.domain, clientId: IDS.quickstartClientId, secret: IDS.quickstartClientSecret };

/** tenantkit's stack config for the emulator of `fx`, signing in as `app` (the client secret kept secret). */
export function emulatorConfig(fx: EmulatorFixture, app: AppCredentials = QUICKSTART_APP): StackConfig {
    return {
        "tenantkit:emulator": fx.emu.url,
        "tenantkit:tenantId": app.domain,
        "tenantkit:clientId": app.clientId,
        "tenantkit:clientSecret": secret(app.secret),
    };
}
