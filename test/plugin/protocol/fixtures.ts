/**
 * What the protocol suites share: the provider arguments that sign in to the emulator as a seeded application, the
 * type tokens, and a push dataset's inputs. Not a spec file: mocha only runs `*.spec.ts`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { IDS, type EmulatorFixture } from "../../support/emulator";
import { secret, spawnPlugin, usePlugin, type PluginClient, type PluginFixture, type Props, type RunningPlugin } from "./client";

export const DATASET = "tenantkit:powerbi:PushDataset";
export const LOCALIZATION = "tenantkit:entra:OrganizationalBrandingLocalization";
export const GET_TAP = "tenantkit:entra:getTemporaryAccessPassMethods";
export const GET_PUSH = "tenantkit:devops:getGitPush";

/** A seeded app registration. */
export interface App {
    readonly domain: string;
    readonly clientId: string;
    readonly secret: string;
}

export const QUICKSTART: App = { domain: IDS.domain, clientId: IDS.quickstartClientId, secret: IDS.quickstartClientSecret };

/** The default provider's inputs as the engine sends them from the stack config: the client secret secret. */
export function providerArgs(url: string, app: App = QUICKSTART): Props {
    return { emulator: url, tenantId: app.domain, clientId: app.clientId, clientSecret: secret(app.secret) };
}

/** Configures the plugin's default provider for the emulator of `fx` before each test, as each engine run does. */
export function configureEachTest(fx: EmulatorFixture, client: () => PluginClient, extra: Props = {}): void {
    beforeEach(async () => {
        await client().configure({ args: { ...providerArgs(fx.emu.url), ...extra } });
    });
}

/** A push dataset's inputs: table Product with the given columns (ProductID Int64 unless told). */
export function datasetInputs(name: string, extra: Props = {}, columns: Props[] = [{ name: "ProductID", dataType: "Int64" }]): Props {
    return { name, workspaceId: IDS.salesWorkspaceId, tables: [{ name: "Product", columns }], ...extra };
}

/** Only what node needs: no AZURE_* or TENANTKIT_* of this machine reaches a plugin started with it. */
export const pluginEnv = (dir: string): NodeJS.ProcessEnv => ({ PATH: process.env.PATH ?? "", HOME: dir });

/**
 * One compiled plugin process for the enclosing `describe`, started as the engine starts it: in a program folder of
 * its own (relative image paths resolve from it; the branding journal and holder records are written in it), removed
 * after the plugin stops. `dir()` is that folder.
 */
export function useProgramPlugin(prefix: string): PluginFixture & { dir(): string } {
    let dir = "";
    before(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), `tk-protocol-${prefix}-`));
    });
    const p = usePlugin({ spawned: () => ({ cwd: dir, env: pluginEnv(dir) }) });
    // After the plugin's own `after`: it writes in the folder until it stops.
    after(() => fs.rmSync(dir, { recursive: true, force: true }));
    return Object.assign(p, { dir: () => dir });
}

/**
 * Plugin processes each test starts in one program folder of its own, as the engine starts one per provider (and one
 * more after a crash): `provider(args)` starts one configured as the default provider on the emulator of `fx`, with
 * `args` over the quickstart app's settings. All stop, and the folder goes, after each test.
 */
export function usePluginProcesses(fx: EmulatorFixture, prefix: string): { provider(args?: Props): Promise<RunningPlugin>; dir(): string } {
    let dir = "";
    const plugins: RunningPlugin[] = [];
    beforeEach(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), `tk-protocol-${prefix}-`));
    });
    afterEach(async () => {
        for (const p of plugins.splice(0)) await p.close();
        fs.rmSync(dir, { recursive: true, force: true });
    });
    return {
        dir: () => dir,
        provider: async (args: Props = {}) => {
            const p = await spawnPlugin({ cwd: dir, env: pluginEnv(dir) });
            plugins.push(p);
            await p.client.configure({ args: { ...providerArgs(fx.emu.url), ...args } });
            return p;
        },
    };
}
