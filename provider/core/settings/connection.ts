/**
 * Settings from an explicit connection (core/settings/connectionTypes.ts) instead of the stack config: a resource or get
 * function given `connection` talks to that tenant with those credentials only. Nothing falls back to the stack
 * config or the environment, so a second tenant can never be reached with the first one's secret.
 */
import type { Connection } from "./connectionTypes";
import { connectionKeyProblems } from "./stackConfig";
import { resolveSettings, SettingsError, SETTING_KEYS, type SettingKey, type Settings } from "./settings";

// A connection has exactly the settings' keys: a setting added to one and not the other fails to compile here.
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
const _sameKeys: SameKeys<Connection, typeof SETTING_KEYS> = true;
void _sameKeys;

/** The input property that carries a connection on every tenantkit resource. */
export const CONNECTION_KEY = "connection";

/** Keys that say which tenant and service a connection reaches; the others are credentials and tuning. */
export const CONNECTION_TARGET_KEYS: readonly SettingKey[] = [
    "cloud",
    "tenantId",
    "emulator",
    "graphEndpoint",
    "powerBiEndpoint",
    "devopsEndpoint",
    "authorityHost",
];

/** A connection's value as the engine passed it: a plain object, or nothing. */
export function asConnection(value: unknown): Connection | undefined {
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Connection) : undefined;
}

/**
 * Resolved settings of a connection. Its problems are reported as `connection.<key>` with what to pass, not as
 * stack config to set.
 * @throws SettingsError listing every problem.
 */
export function connectionSettings(connection: Connection): Settings {
    const unknownKeys = connectionKeyProblems(connection);
    if (unknownKeys.length) throw new ConnectionError(unknownKeys);
    try {
        const settings = resolveSettings((key) => {
            const v = connection[key];
            return v === undefined || v === null ? undefined : String(v);
        }, {});
        return { ...settings, origin: "connection" };
    } catch (err) {
        if (!(err instanceof SettingsError)) throw err;
        throw new ConnectionError(err.problems.map((p) => `connection.${p.key}: ${p.problem}`));
    }
}

/** Problems of an explicit connection, each naming its `connection.<key>`. */
export class ConnectionError extends Error {
    override readonly name = "ConnectionError";
    constructor(readonly problems: readonly string[]) {
        super(
            `the connection passed to this resource is invalid (${problems.length === 1 ? "1 problem" : `${problems.length} problems`}):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
        );
    }
}

/** The keys whose values differ between two connections (absent counts as a value). */
export function changedConnectionKeys(a: Connection | undefined, b: Connection | undefined): SettingKey[] {
    return (Object.keys(SETTING_KEYS) as SettingKey[]).filter((k) => String(a?.[k] ?? "") !== String(b?.[k] ?? ""));
}
