/**
 * The provider's own configuration: CheckConfig, DiffConfig and what Configure hands the handlers.
 *
 * The default provider's inputs are the stack's `tenantkit:*` config (the engine sends each key without its namespace,
 * as a string, secret where the stack stores it so: `Target.GetPackageConfig`), and unset settings fall back to the
 * environment, as for the dynamic resources. An explicit provider resource's inputs are its arguments, used alone,
 * as a resource's `connection` is: a second tenant is never reached with the first one's secret from the environment.
 * The engine names default providers `default` or `default_<version>` (`providers.IsDefaultProvider`).
 */
import type { HandlerConfigureRequest } from "../core/host/handler";
import { GUID, UNKNOWN, urnParts } from "../core/model/patterns";
import { CONFIG_NAMESPACE, resolveSettings, SETTING_KEYS, SettingsError, type SettingKey, type Settings } from "../core/settings/settings";
import { tenantGuidOf, TenantResolutionError } from "../core/auth/tenantIdentity";
import { nearestWord } from "../core/model/nearest";
import { stackConfigProblems, StackConfigError } from "../core/settings/stackConfig";
import type { JsonObject, JsonValue } from "../core/model/json";
import type { SecretPath, Unwrapped } from "./properties";

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
    const { qualifiedType, name } = urnParts(urn);
    return !qualifiedType.includes("$") && /^default(_\d+_\d+_\d+(_.*)?)?$/.test(name);
}

export interface ConfigFailure {
    readonly property: string;
    readonly reason: string;
}

function isSetting(key: string): key is SettingKey {
    return Object.prototype.hasOwnProperty.call(SETTING_KEYS, key);
}

/**
 * The key of the object CheckConfig answers a default provider's credential as: `{ value: <the credential, secret> }`.
 * The engine marks the whole object secret exactly when the stack config holds the credential secret
 * (`annotateSecrets`: CheckConfig's request carries no secrecy), so Configure learns how the stack config holds it,
 * while the credential itself is inside a secret either way and never reaches the state in plain text.
 */
export const CREDENTIAL_VALUE_KEY = "value";

/**
 * The input in which CheckConfig records the settings a default provider took from the environment that say which
 * objects its resources are (tenantId, cloud; never a credential): DiffConfig's old side and Configure read them from
 * the state, not from the environment of a later run. Its absence marks a state written before it was recorded.
 */
export const ENVIRONMENT_KEY = "fromEnvironment";

/** The settings that say which objects a provider's resources are: another value replaces them. */
const TARGET_KEYS: readonly SettingKey[] = ["tenantId", "cloud"];

/** A credential as CheckConfig answers it for a default provider (see {@link CREDENTIAL_VALUE_KEY}). */
function isWrappedCredential(v: JsonValue | undefined): v is { [CREDENTIAL_VALUE_KEY]: JsonValue } {
    return v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 1 && CREDENTIAL_VALUE_KEY in v;
}

/** The settings among the inputs, as strings, unknown ones left out (judged when they are known). */
function settingValues(values: JsonObject): Partial<Record<SettingKey, string>> {
    const out: Partial<Record<SettingKey, string>> = {};
    for (const [given, raw] of Object.entries(values)) {
        // The dynamic resources' provider (`pulumi:providers:pulumi-nodejs`) keeps every key with its namespace: DiffConfig
        // gets its inputs as the old ones when a stack moves from the dynamic resources to the plugin (aliases).
        const k = given.startsWith(`${CONFIG_NAMESPACE}:`) ? given.slice(CONFIG_NAMESPACE.length + 1) : given;
        const v = isSetting(k) && SETTING_KEYS[k].secret && isWrappedCredential(raw) ? raw[CREDENTIAL_VALUE_KEY] : raw;
        if (isSetting(k) && v !== null && v !== undefined && v !== UNKNOWN) out[k] = typeof v === "string" ? v : JSON.stringify(v);
    }
    return out;
}

/** What a default provider's state recorded from the environment, or undefined for a state that recorded nothing. */
function recordedEnvironment(values: JsonObject): Partial<Record<SettingKey, string>> | undefined {
    const recorded = values[ENVIRONMENT_KEY];
    if (recorded === null || typeof recorded !== "object" || Array.isArray(recorded)) return undefined;
    const out: Partial<Record<SettingKey, string>> = {};
    for (const k of TARGET_KEYS) if (typeof recorded[k] === "string" && recorded[k] !== "") out[k] = recorded[k];
    return out;
}

/**
 * CheckConfig: the failures of the provider's inputs, each naming its key, and the inputs to record: an explicit
 * provider's every credential secret (one given in plain text still never stored so); a default provider's each
 * inside an object whose member is secret (CREDENTIAL_VALUE_KEY), and the tenant and cloud it took from `env`
 * (ENVIRONMENT_KEY).
 */
export function checkConfig(
    urn: string,
    news: Unwrapped,
    env: NodeJS.ProcessEnv = process.env,
): { inputs: JsonObject; secret: Set<string>; nested: SecretPath[]; failures: ConfigFailure[] } {
    const failures: ConfigFailure[] = [];
    const explicit = !isDefaultProvider(urn);
    if (explicit) {
        for (const key of Object.keys(news.values)) {
            if (isSetting(key) || ENGINE_KEYS.includes(key)) continue;
            const near = nearestWord(key, Object.keys(SETTING_KEYS));
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
            resolveSettings(settingKeyReader(news.values), explicit ? {} : env, explicit ? "provider" : undefined);
        } catch (err) {
            if (!(err instanceof SettingsError)) throw err;
            for (const p of err.problems) failures.push({ property: p.key, reason: p.problem });
        }
    }
    // The engine records CheckConfig's answer as the provider's inputs (in `up --skip-preview` before Configure's
    // refusal surfaces) and sends Configure what it recorded. An explicit provider's credential is answered secret, so
    // one the program wrote in plain text is still stored encrypted. A default provider's is answered inside an object
    // whose member is secret (CREDENTIAL_VALUE_KEY): stored encrypted whatever the stack config does, and the engine
    // marks the object itself secret exactly when the stack config holds the credential so (`annotateSecrets`), which
    // is how Configure tells a plain-text one to refuse. Marked as a whole here, Configure could not tell.
    const secret = new Set(news.secret);
    const nested: SecretPath[] = [];
    const inputs: JsonObject = { ...news.values };
    for (const key of Object.keys(news.values)) {
        if (!isSetting(key) || !SETTING_KEYS[key].secret) continue;
        if (explicit) secret.add(key);
        else if (news.values[key] !== null && news.values[key] !== UNKNOWN) {
            inputs[key] = { [CREDENTIAL_VALUE_KEY]: news.values[key]! };
            nested.push([key, CREDENTIAL_VALUE_KEY]);
        }
    }
    // Which tenant and cloud a default provider's resources are in, where the environment said it: recorded, so that a
    // later run judges a change against what this run used rather than its own environment (DiffConfig, Configure).
    if (!explicit) {
        const given = settingValues(news.values);
        const recorded: JsonObject = {};
        for (const k of TARGET_KEYS) {
            const fromEnv = env[SETTING_KEYS[k].env];
            if ((given[k] === undefined || given[k].trim() === "") && fromEnv !== undefined && fromEnv.trim() !== "") recorded[k] = fromEnv;
        }
        inputs[ENVIRONMENT_KEY] = recorded;
    }
    return { inputs, secret, nested, failures };
}

function settingKeyReader(values: JsonObject): (key: SettingKey) => string | undefined {
    const settings = settingValues(values);
    return (key) => settings[key];
}

/**
 * What DiffConfig found: the settings whose meaning changed, and those of them that name other objects; `undecided`
 * when nothing changed in meaning and the inputs are the same values, which the engine then compares with their secret
 * marks (DiffConfig's request carries none): a credential the stack config now holds secret, or no longer does, is
 * an update of the provider, which sends Configure the new inputs, rather than a same, which sends the old ones.
 */
export interface ConfigDiff {
    readonly changed: SettingKey[];
    readonly replaces: SettingKey[];
    readonly undecided?: true;
}

export interface DiffConfigOptions {
    /** The new provider is a default one, whose unset settings fall back to the environment. */
    readonly newIsDefault: boolean;
    /** The environment of this process (the engine's), where a default provider's unset settings come from. */
    readonly env?: NodeJS.ProcessEnv;
    /** Which tenant id a tenant setting names (core/auth/tenantIdentity.ts; replaced in tests). */
    readonly tenantOf?: (tenantId: string, settings: Settings) => Promise<string>;
}

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

/** Each setting's value, the environment's where the inputs leave it unset (except the keys in `except`). */
function withEnvironment(
    values: Partial<Record<SettingKey, string>>,
    env: NodeJS.ProcessEnv,
    except: readonly SettingKey[] = [],
): Partial<Record<SettingKey, string>> {
    const out = { ...values };
    for (const key of Object.keys(SETTING_KEYS) as SettingKey[]) {
        if (except.includes(key)) continue;
        const fromEnv = env[SETTING_KEYS[key].env];
        if ((out[key] === undefined || out[key] === "") && fromEnv !== undefined && fromEnv !== "") out[key] = fromEnv;
    }
    return out;
}

/**
 * A provider's settings as DiffConfig compares them: its inputs, what its state recorded from the environment
 * (tenant and cloud), and for the rest (or for a state that recorded nothing, written before the record existed) the
 * environment of this run, when `fallBack` says its unset settings come from there.
 */
function comparedSettings(values: JsonObject, env: NodeJS.ProcessEnv, fallBack: boolean): Partial<Record<SettingKey, string>> {
    const given = settingValues(values);
    const recorded = recordedEnvironment(values);
    if (recorded === undefined) return fallBack ? withEnvironment(given, env) : given;
    const merged = { ...given };
    for (const k of TARGET_KEYS) if ((merged[k] === undefined || merged[k] === "") && recorded[k] !== undefined) merged[k] = recorded[k];
    // What the record leaves unset was unset: the environment of this run does not say which tenant the resources are in.
    return fallBack ? withEnvironment(merged, env, TARGET_KEYS) : merged;
}

/** A credential recorded as a bare value where the new inputs wrap it: a state written before the wrapping. */
function credentialForms(olds: JsonObject, news: JsonObject): SettingKey[] {
    return (Object.keys(SETTING_KEYS) as SettingKey[]).filter(
        (k) => SETTING_KEYS[k].secret && isWrappedCredential(news[k]) && olds[k] !== undefined && olds[k] !== null && !isWrappedCredential(olds[k]),
    );
}

/** `v` with its objects' keys sorted, to compare inputs by value. */
function canonical(v: JsonValue | undefined): string {
    return JSON.stringify(v, (_k, x: unknown) =>
        x !== null && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x,
    );
}

/**
 * DiffConfig compares what the settings mean, not how they are written: a tenant id in any letter case or the tenant's
 * domain name, `cloud` unset or `Global`, a value from the environment or the same value in the stack config, a default
 * provider or an explicit one with the same settings. Another tenant or cloud replaces the provider's resources (they
 * are other objects, as with a resource's connection); new credentials or endpoints of the same tenant are an update,
 * which reaches the resources only through the settings of later calls. A tenant or cloud not known in a preview may
 * be another one: it is answered as the replacement it may be, and the `up` decides on the known value.
 *
 * The old side's tenant and cloud are what its state recorded: the inputs, and for a default provider what CheckConfig
 * took from the environment then (ENVIRONMENT_KEY). A state written before that record existed has none: its unset
 * settings come from this process's environment, as they did (the engine starts the plugin with the environment of
 * the run, which is the best that state lets anyone know). The old side's other unset settings, and the new side's
 * for a default provider, come from the environment too. The engine also asks the plugin's DiffConfig when a resource's
 * provider changes, with the old provider's inputs (`step_generator.go` `providerChanged`): a resource moved to an
 * explicit provider, or a dynamic tenantkit resource aliased to the plugin's, is then replaced only if the tenant or
 * cloud differ.
 * @throws TenantResolutionError (wrapped, with what to do) when two spellings of the tenant differ and one is a domain
 * the authority does not resolve: replacing could lose what the resources hold, and keeping could write to another
 * tenant, so neither is guessed.
 */
export async function diffConfig(olds: JsonObject, news: JsonObject, opts: DiffConfigOptions): Promise<ConfigDiff> {
    const env = opts.env ?? process.env;
    const a = comparedSettings(olds, env, true);
    const b = comparedSettings(news, env, opts.newIsDefault);
    const unknown = (k: SettingKey) => news[k] === UNKNOWN;
    const relabelled = credentialForms(olds, news);
    const changed = (Object.keys(SETTING_KEYS) as SettingKey[]).filter(
        (k) => unknown(k) || relabelled.includes(k) || (k !== "tenantId" && meaning(k, a[k]) !== meaning(k, b[k])),
    );
    // Across clouds the tenant is another object whatever it is called: only its spelling is compared then.
    const cloudChanged = changed.includes("cloud");
    const tenantSame = cloudChanged ? (a.tenantId ?? "").toLowerCase() === (b.tenantId ?? "").toLowerCase() : await sameTenant(a.tenantId, b, opts);
    if (!unknown("tenantId") && !tenantSame) changed.push("tenantId");
    const replaces = changed.filter((k) => TARGET_KEYS.includes(k));
    if (changed.length === 0 && canonical(olds) === canonical(news)) return { changed, replaces, undecided: true };
    return { changed, replaces };
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

/** How Configure judges a default provider's inputs. */
export interface ConfigureOptions {
    /**
     * Whether the inputs say how the stack config holds each credential now: this process ran CheckConfig for the
     * provider, so the engine configures it within a preview or an `up` with the inputs this run checked, or with the
     * recorded ones when DiffConfig found them the same values with the same secret marks (`undecided`). A refresh or
     * destroy configures a provider with what its state recorded at the last `up`, without CheckConfig: a credential the
     * stack config held in plain text then may be a secret by now, and the state holds it encrypted either way.
     */
    readonly judgeSecrecy: boolean;
}

/**
 * What Configure hands each handler: a reader of the provider's inputs, and for an explicit provider no environment.
 * A default provider's credentials are unwrapped (CREDENTIAL_VALUE_KEY) and its recorded tenant and cloud read from
 * ENVIRONMENT_KEY; its other unset settings fall back to the environment (the handlers read it).
 * @throws StackConfigError when the stack config holds a credential in plain text (the dynamic resources refuse the
 * same config before registering anything); the state holds it encrypted all the same (checkConfig).
 */
export function handlerConfiguration(urn: string, args: Unwrapped, opts: ConfigureOptions = { judgeSecrecy: true }): Omit<HandlerConfigureRequest, "type"> {
    const values = args.values;
    if (!isDefaultProvider(urn)) {
        const read = settingKeyReader(values);
        const config = { get: (key: string) => (key.startsWith(`${CONFIG_NAMESPACE}:`) ? read(key.slice(CONFIG_NAMESPACE.length + 1) as SettingKey) : undefined) };
        return { config, env: {}, origin: "provider" };
    }
    if (opts.judgeSecrecy) {
        const keyed = Object.fromEntries(
            Object.entries(values)
                .filter(([k]) => isSetting(k))
                .map(([k, v]) => [`${CONFIG_NAMESPACE}:${k}`, v]),
        );
        // A wrapped credential is secret inside; the stack config held it secret when the engine marked the wrapper.
        const problems = stackConfigProblems(keyed, (full) => args.secret.has(full.slice(CONFIG_NAMESPACE.length + 1)));
        if (problems.length > 0) throw new StackConfigError(problems);
    }
    const settings = settingValues(values);
    const recorded = recordedEnvironment(values) ?? {};
    for (const k of TARGET_KEYS) if ((settings[k] === undefined || settings[k] === "") && recorded[k] !== undefined) settings[k] = recorded[k];
    const config = {
        get: (key: string) => (key.startsWith(`${CONFIG_NAMESPACE}:`) ? settings[key.slice(CONFIG_NAMESPACE.length + 1) as SettingKey] : undefined),
    };
    return { config };
}
