/**
 * The provider's own configuration: CheckConfig, DiffConfig and what Configure hands the handlers.
 *
 * The default provider's inputs are the stack's `tenantkit:*` config (the engine sends each key without its namespace,
 * as a string, secret where the stack stores it so: `Target.GetPackageConfig`), and unset settings fall back to the
 * environment, as for the dynamic resources. An explicit provider resource's inputs are its arguments, used alone,
 * as a resource's `connection` is: a second tenant is never reached with the first one's secret from the environment.
 * The engine names default providers `default` or `default_<version>` (`providers.IsDefaultProvider`).
 */
import type { HandlerConfigureRequest } from "../core/handler";
import { UNKNOWN } from "../core/patterns";
import { CONFIG_NAMESPACE, resolveSettings, SETTING_KEYS, SettingsError, type SettingKey } from "../core/settings";
import { nearestKey, stackConfigProblems, StackConfigError } from "../core/stackConfig";
import type { JsonObject } from "../core/json";
import type { Unwrapped } from "./properties";

/** Keys the engine itself adds to a provider's inputs (the plugin's version and download URL, its internal block). */
const ENGINE_KEYS = ["version", "pluginDownloadURL", "__internal"];

/** Whether the provider resource `urn` is one the engine made from the stack config. */
export function isDefaultProvider(urn: string): boolean {
    return urn.slice(urn.lastIndexOf("::") + 2).startsWith("default");
}

export interface ConfigFailure {
    readonly property: string;
    readonly reason: string;
}

function isSetting(key: string): key is SettingKey {
    return Object.prototype.hasOwnProperty.call(SETTING_KEYS, key);
}

/** The settings among the inputs, as strings, unknown ones left out (judged when they are known). */
function settingValues(values: JsonObject): Partial<Record<SettingKey, string>> {
    const out: Partial<Record<SettingKey, string>> = {};
    for (const [given, v] of Object.entries(values)) {
        // The dynamic resources' provider (`pulumi:providers:pulumi-nodejs`) keeps every key with its namespace: DiffConfig
        // gets its inputs as the old ones when a stack moves from the dynamic resources to the plugin (aliases).
        const k = given.startsWith(`${CONFIG_NAMESPACE}:`) ? given.slice(CONFIG_NAMESPACE.length + 1) : given;
        if (isSetting(k) && v !== null && v !== UNKNOWN) out[k] = typeof v === "string" ? v : JSON.stringify(v);
    }
    return out;
}

/**
 * CheckConfig: the failures of the provider's inputs, each naming its key, and the inputs to record, with every
 * credential secret (an explicit provider given one in plain text still never stores it so).
 */
export function checkConfig(urn: string, news: Unwrapped): { inputs: JsonObject; secret: Set<string>; failures: ConfigFailure[] } {
    const failures: ConfigFailure[] = [];
    const explicit = !isDefaultProvider(urn);
    if (explicit) {
        for (const key of Object.keys(news.values)) {
            if (isSetting(key) || ENGINE_KEYS.includes(key)) continue;
            const near = nearestKey(key, Object.keys(SETTING_KEYS));
            failures.push({
                property: key,
                reason: `not an argument of the tenantkit provider${near ? `; did you mean ${near}?` : ` (they are: ${Object.keys(SETTING_KEYS).join(", ")})`}`,
            });
        }
    } else {
        // A misspelled key, as the dynamic resources report it. The engine strips secrets from CheckConfig's request
        // (`provider_plugin.go`), so a credential in plain text is judged by Configure, which sees them.
        for (const [key, value] of Object.entries(news.values)) {
            if (ENGINE_KEYS.includes(key)) continue;
            for (const reason of stackConfigProblems({ [`${CONFIG_NAMESPACE}:${key}`]: value }, () => true)) failures.push({ property: key, reason });
        }
    }
    if (failures.length === 0) {
        try {
            resolveSettings(settingKeyReader(news.values), explicit ? {} : process.env, explicit ? "provider" : undefined);
        } catch (err) {
            if (!(err instanceof SettingsError)) throw err;
            for (const p of err.problems) failures.push({ property: p.key, reason: p.problem });
        }
    }
    const secret = new Set(news.secret);
    for (const key of Object.keys(news.values)) if (isSetting(key) && SETTING_KEYS[key].secret) secret.add(key);
    return { inputs: news.values, secret, failures };
}

function settingKeyReader(values: JsonObject): (key: SettingKey) => string | undefined {
    const settings = settingValues(values);
    return (key) => settings[key];
}

/**
 * DiffConfig: a provider whose inputs name another tenant or cloud replaces its resources (they are other objects, as
 * with a resource's connection); new credentials or endpoints of the same tenant are an update, which reaches the
 * resources only through the settings of later calls. The engine also asks the plugin's DiffConfig when a resource's
 * provider changes, with the old provider's inputs (`step_generator.go` `providerChanged`): a dynamic tenantkit
 * resource aliased to the plugin's is then replaced only if the tenant or cloud differ.
 */
export function diffConfig(olds: JsonObject, news: JsonObject): { changed: string[]; replaces: string[] } {
    const a = settingValues(olds);
    const b = settingValues(news);
    const changed = (Object.keys(SETTING_KEYS) as SettingKey[]).filter((k) => (a[k] ?? "") !== (b[k] ?? "") && news[k] !== UNKNOWN);
    const replaces = changed.filter((k) => k === "tenantId" || k === "cloud");
    return { changed, replaces };
}

/**
 * What Configure hands each handler: a reader of the provider's inputs, and for an explicit provider no environment.
 * @throws StackConfigError when the stack config holds a credential in plain text (the engine has copied it into the
 * default provider's state as it is; the dynamic resources refuse the same config before registering anything).
 */
export function handlerConfiguration(urn: string, args: Unwrapped): Omit<HandlerConfigureRequest, "type"> {
    const values = args.values;
    if (isDefaultProvider(urn)) {
        const keyed = Object.fromEntries(
            Object.entries(values)
                .filter(([k]) => isSetting(k))
                .map(([k, v]) => [`${CONFIG_NAMESPACE}:${k}`, v]),
        );
        const problems = stackConfigProblems(keyed, (full) => args.secret.has(full.slice(CONFIG_NAMESPACE.length + 1)));
        if (problems.length > 0) throw new StackConfigError(problems);
    }
    const read = settingKeyReader(values);
    const config = {
        get: (key: string) => (key.startsWith(`${CONFIG_NAMESPACE}:`) ? read(key.slice(CONFIG_NAMESPACE.length + 1) as SettingKey) : undefined),
    };
    return isDefaultProvider(urn) ? { config } : { config, env: {}, origin: "provider" };
}
