/**
 * What a stack needs to talk to the bundled emulator as the default seed's quickstart app: tenantkit's stack config
 * and a client-credentials token. Shared by the tests, the benchmarks and the scripts.
 */
import { DEFAULT_SEED_IDS as IDS } from "../emulator/seeds/default";
import { secret, type StackConfig } from "./wire";

/** An app registration of the emulator's seed. */
export interface AppCredentials {
    readonly domain: string;
    readonly clientId: string;
    readonly secret: string;
}

export const QUICKSTART_APP: AppCredentials = { domain: IDS.domain, clientId: IDS.quickstartClientId, secret: IDS.quickstartClientSecret };

/** tenantkit's stack config for the emulator at `url`, signing in as `app` (the client secret kept secret). */
export function emulatorStackConfig(url: string, app: AppCredentials = QUICKSTART_APP): StackConfig {
    return {
        "tenantkit:emulator": url,
        "tenantkit:tenantId": app.domain,
        "tenantkit:clientId": app.clientId,
        "tenantkit:clientSecret": secret(app.secret),
    };
}

/** A client-credentials token of `app` from the emulator at `url`, for `scope` (Graph unless told). */
export async function appToken(url: string, opts: { scope?: string; app?: AppCredentials } = {}): Promise<string> {
    const app = opts.app ?? QUICKSTART_APP;
    const res = await fetch(`${url}/login/${app.domain}/oauth2/v2.0/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
            grant_type: "client_credentials",
            client_id: app.clientId,
            client_secret: app.secret,
            scope: opts.scope ?? "https://graph.microsoft.com/.default",
        }).toString(),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${text}`);
    return (JSON.parse(text) as { access_token: string }).access_token;
}
