/**
 * The provider's own client of one service, signed in to a test's emulator the way a program's settings would: the
 * regression tests that drive an api.ts function directly share it instead of each resolving settings by hand.
 */
import type { ServiceClient } from "../../provider/core/http/http";
import { sessionFor } from "../../provider/core/auth/session";
import { resolveSettings, type SettingKey } from "../../provider/core/settings/settings";
import type { ServiceProfile } from "../../provider/core/errors/serviceProfile";
import { IDS } from "../support/emulator";

export type TestSettings = Partial<Record<SettingKey, string>>;

/** The default seed's quickstart application, signing in with its client secret. */
export const QUICKSTART_APP: TestSettings = { tenantId: IDS.domain, clientId: IDS.quickstartClientId, clientSecret: IDS.quickstartClientSecret };

/**
 * The session client of `profile` for the emulator at `emulatorUrl`, with `settings` (default: the quickstart
 * application) as stack config and `env` as the environment.
 */
export function emulatorClient(
    emulatorUrl: string,
    profile: ServiceProfile,
    settings: TestSettings = QUICKSTART_APP,
    env: Record<string, string> = {},
): ServiceClient {
    const values: TestSettings = { emulator: emulatorUrl, ...settings };
    return sessionFor(resolveSettings((k) => values[k], env)).client(profile);
}
