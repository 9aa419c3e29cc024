/**
 * What the protocol suites share: the provider arguments that sign in to the emulator as a seeded application, the
 * type tokens, and a push dataset's inputs. Not a spec file: mocha only runs `*.spec.ts`.
 */
import { IDS, type EmulatorFixture } from "../../support/emulator";
import { secret, type PluginClient, type Props } from "./client";

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
