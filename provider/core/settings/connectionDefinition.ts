/**
 * The connection object and the provider's configuration, declared once (core/model/definition.ts) from the settings'
 * table (settings.ts): the same keys, secret where a setting is a credential. Every tenantkit resource and function
 * takes a connection; a change of the keys that name the tenant or a service replaces a resource, a change of
 * credentials or tuning only updates its state.
 */
import { number, string, type ObjectDefinition } from "../model/definition";
import { CONNECTION_KEY, CONNECTION_TARGET_KEYS } from "./connection";
import type { Connection } from "./connectionTypes";
import { SETTING_KEYS, type SettingKey } from "./settings";

/** The value type of each setting: all strings in stack config, one of them a number. */
const SETTING_TYPES: Record<SettingKey, typeof string> = {
    cloud: string,
    tenantId: string,
    clientId: string,
    clientSecret: string,
    graphToken: string,
    powerBiToken: string,
    devopsToken: string,
    devopsPat: string,
    graphEndpoint: string,
    powerBiEndpoint: string,
    devopsEndpoint: string,
    authorityHost: string,
    emulator: string,
    requestTimeoutSeconds: number,
};

const fields = Object.fromEntries(
    (Object.keys(SETTING_KEYS) as SettingKey[]).map((k) => [
        k,
        {
            type: SETTING_TYPES[k],
            ...(SETTING_KEYS[k].secret ? { secret: true } : {}),
            ...(CONNECTION_TARGET_KEYS.includes(k) ? { replaces: true } : {}),
        },
    ]),
) as ObjectDefinition<Connection>["fields"];

/** `tenantkit:index:Connection`: what `connection` takes, and the provider's own settings. */
export const connectionType: ObjectDefinition<Connection> = { name: "Connection", fields };

/** The property every resource and function takes it as. */
export const connectionProperty = { name: CONNECTION_KEY } as const;

/** The stack config namespace and environment variable of each setting, for the provider's configuration. */
export const providerSettings = SETTING_KEYS;
