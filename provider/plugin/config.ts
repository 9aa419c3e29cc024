/**
 * The provider's own configuration: CheckConfig, DiffConfig and what Configure hands the handlers.
 *
 * The default provider's inputs are the stack's `tenantkit:*` config (the engine sends each key without its namespace,
 * as a string, secret where the stack stores it so: `Target.GetPackageConfig`), and unset settings fall back to the
 * environment, as for the dynamic resources. An explicit provider resource's inputs are its arguments, used alone,
 * as a resource's `connection` is: a second tenant is never reached with the first one's secret from the environment.
 * The engine names default providers `default` or `default_<version>` (`providers.IsDefaultProvider`).
 */
import type { HandlerConfigureRequest } from "../core/runtime/handler";
import { GUID, UNKNOWN } from "../core/model/patterns";
import { CONFIG_NAMESPACE, resolveSettings, SETTING_KEYS, SettingsError, type SettingKey, type Settings } from "../core/settings/settings";
import { tenantGuidOf, TenantResolutionError } from "../core/auth/tenantIdentity";
import { nearestKey, stackConfigProblems, StackConfigError } from "../core/settings/stackConfig";
import type { JsonObject } from "../core/model/json";
import type { Unwrapped } from "./properties";

/** Keys the engine itself adds to a provider's inputs (the plugin's version and download URL, its internal block). */
const ENGINE_KEYS = ["version", "pluginDownloadURL", "__internal"];

/**
 * Whether the provider resource `urn` is one the engine made from the stack config. The engine names it `default`, or
 * `default_<major>_<minor>_<patch>` with the version's pre-release, build and download URL appended
 * (`ProviderRequest.DefaultName`), and registers it with no parent; a provider a program declares is a child of the
 * stack (`pulumi:pulumi:Stack$pulumi:providers:tenantkit`), whatever its name. The engine's own `IsDefaultProvider`
 * only looks at the name's prefix, which would take a program's `defaultTenant` provider for the default one.
 */
export function isDefaultProvider(urn: string): boolean {
    const parts = urn.split("::");
    const type = parts[2] ?? "";
    const name = parts.slice(3).join("::");
    return !type.includes("$") && /^default(_\d+_\d+_\d+(_.*)?)?$/.test(name);
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
 * CheckConfig: the failures of the provider's inputs, each naming its key, and the inputs to record, with an explicit
 * provider's every credential secret (one given in plain text still never stored so).
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
    // The engine keeps the secret marks of CheckConfig's answer and sends Configure what it recorded. An explicit
    // provider's credential is answered secret, so one the program wrote in plain text is still stored encrypted. The
    // default provider's are left as the stack config has them (the engine adds its marks back, `annotateSecrets`):
    // marked here, a credential stored in plain text would reach Configure as a secret, which then could not refuse it.
    const secret = new Set(news.secret);
    if (explicit) for (const key of Object.keys(news.values)) if (isSetting(key) && SETTING_KEYS[key].secret) secret.add(key);
    return { inputs: news.values, secret, failures };
}

function settingKeyReader(values: JsonObject): (key: SettingKey) => string | undefined {
    const settings = settingValues(values);
    return (key) => settings[key];
}

/** What DiffConfig found: the settings whose meaning changed, and those of them that name other objects. */
export interface ConfigDiff {
    readonly changed: SettingKey[];
    readonly replaces: SettingKey[];
}

export interface DiffConfigOptions {
    /** The new provider is a default one, whose unset settings fall back to the environment. */
    readonly newIsDefault: boolean;
    /** The environment of this process (the engine's), where a default provider's unset settings come from. */
    readonly env?: NodeJS.ProcessEnv;
    /** Which tenant id a tenant setting names (core/auth/tenantIdentity.ts; replaced in tests). */
    readonly tenantOf?: (tenantId: string, settings: Settings) => Promise<string>;
}

/** The settings that say which objects a provider's resources are: another value replaces them. */
const TARGET_KEYS: readonly SettingKey[] = ["tenantId", "cloud"];

/** A setting's value as what it means, so that spellings of one value compare equal (the tenant is judged apart). */
function meaning(key: SettingKey, value: string | undefined): string {
    if (value === undefined || value.trim() === "") return key === "cloud" ? "global" : "";
    const v = value.trim();
    if (key === "cloud") return v.toLowerCase();
    if (key === "requestTimeoutSeconds") return String(Number(v));
    if (key.endsWith("Endpoint") || key === "authorityHost" || key === "emulator") {
        try {
            const u = new URL(v);
            return `${u.origin.toLowerCase()}${u.pathname.replace(/\/+$/, "")}`;
        } catch {
            return v;
        }
    }
    return v;
}

/** Each setting's value, the environment's where the inputs leave it unset. */
function withEnvironment(values: Partial<Record<SettingKey, string>>, env: NodeJS.ProcessEnv): Partial<Record<SettingKey, string>> {
    const out = { ...values };
    for (const key of Object.keys(SETTING_KEYS) as SettingKey[]) {
        const fromEnv = env[SETTING_KEYS[key].env];
        if ((out[key] === undefined || out[key] === "") && fromEnv !== undefined && fromEnv !== "") out[key] = fromEnv;
    }
    return out;
}

/**
 * DiffConfig compares what the settings mean, not how they are written: a tenant id in any letter case or the tenant's
 * domain name, `cloud` unset or `Global`, a value from the environment or the same value in the stack config, a default
 * provider or an explicit one with the same settings. Another tenant or cloud replaces the provider's resources (they
 * are other objects, as with a resource's connection); new credentials or endpoints of the same tenant are an update,
 * which reaches the resources only through the settings of later calls. A tenant or cloud not known in a preview may
 * be another one: it is answered as the replacement it may be, and the `up` decides on the known value.
 *
 * The old side fills its unset settings from the environment whatever the provider was: a default provider's state
 * holds only the stack config, and an explicit provider without a tenant had none to compare. The new side does so only
 * for a default provider. The engine also asks the plugin's DiffConfig when a resource's provider changes, with the old
 * provider's inputs (`step_generator.go` `providerChanged`): a resource moved to an explicit provider, or a dynamic
 * tenantkit resource aliased to the plugin's, is then replaced only if the tenant or cloud differ.
 * @throws TenantResolutionError (wrapped, with what to do) when two spellings of the tenant differ and one is a domain
 * the authority does not resolve: replacing could lose what the resources hold, and keeping could write to another
 * tenant, so neither is guessed.
 */
export async function diffConfig(olds: JsonObject, news: JsonObject, opts: DiffConfigOptions): Promise<ConfigDiff> {
    const env = opts.env ?? process.env;
    const a = withEnvironment(settingValues(olds), env);
    const given = settingValues(news);
    const b = opts.newIsDefault ? withEnvironment(given, env) : given;
    const unknown = (k: SettingKey) => news[k] === UNKNOWN;
    const changed = (Object.keys(SETTING_KEYS) as SettingKey[]).filter(
        (k) => unknown(k) || (k !== "tenantId" && meaning(k, a[k]) !== meaning(k, b[k])),
    );
    // Across clouds the tenant is another object whatever it is called: only its spelling is compared then.
    const cloudChanged = changed.includes("cloud");
    const tenantSame = cloudChanged ? (a.tenantId ?? "").toLowerCase() === (b.tenantId ?? "").toLowerCase() : await sameTenant(a.tenantId, b, opts);
    if (!unknown("tenantId") && !tenantSame) changed.push("tenantId");
    return { changed, replaces: changed.filter((k) => TARGET_KEYS.includes(k)) };
}

async function sameTenant(old: string | undefined, news: Partial<Record<SettingKey, string>>, opts: DiffConfigOptions): Promise<boolean> {
    const now = news.tenantId?.trim() || undefined;
    const was = old?.trim() || undefined;
    if (was === undefined || now === undefined) return was === now;
    if (was.toLowerCase() === now.toLowerCase()) return true;
    if (GUID.test(was) && GUID.test(now)) return false;
    // Both are resolved at the new settings' authority: the old ones may point at an endpoint that is gone.
    const settings = resolveSettings((k) => news[k], {});
    const tenantOf = opts.tenantOf ?? tenantGuidOf;
    try {
        const [x, y] = await Promise.all([tenantOf(was, settings), tenantOf(now, settings)]);
        return x === y;
    } catch (err) {
        if (!(err instanceof TenantResolutionError)) throw err;
        throw new Error(
            `tenantkit cannot tell whether the provider's tenantId "${now}" names the tenant it named before ("${was}"): ${err.message}. ` +
                `Another tenant would replace every resource of this provider, the same one nothing, so tenantkit decides neither: ` +
                `give tenantId as the tenant id (a guid) when it is the same tenant, or make the authority reachable and run again`,
        );
    }
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
