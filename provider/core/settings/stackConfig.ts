/**
 * The `tenantkit:*` keys a stack's config may hold, and the two mistakes that must stop a run before any request or
 * state is written: a key tenantkit does not know (a typo such as `tenantkit:emulater` is otherwise ignored, and the
 * run goes to the real endpoints with the credentials), and a credential stored without `--secret` (the engine copies
 * the whole stack config into the state as the default provider's inputs, in plain text unless it is a secret).
 */
import { nearestWord } from "../model/nearest";
import { CONFIG_NAMESPACE, SETTING_KEYS, type SettingKey } from "./settings";

/** Keys of the namespace read by `quota.enforceQuotas`, beside the connection settings. */
export const QUOTA_CONFIG_KEYS = {
    quotaExisting: "quotaExisting",
    quotaWarnAt: "quotaWarnAt",
} as const;

/** Every key tenantkit reads from the `tenantkit` namespace, without the namespace. */
export const STACK_CONFIG_KEYS: readonly string[] = [...Object.keys(SETTING_KEYS), ...Object.values(QUOTA_CONFIG_KEYS)];

/** Thrown when the stack config holds a key tenantkit does not know or a credential in plain text. */
export class StackConfigError extends Error {
    override readonly name = "StackConfigError";
    constructor(readonly problems: readonly string[]) {
        const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
        super(`tenantkit stack config is not usable (${count}); nothing was sent or saved:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    }
}

/**
 * The problems of a stack config: `config` is every key of the stack (`namespace:key`), `isSecret` whether the stack
 * stores a key as a secret. Other namespaces are not looked at.
 */
export function stackConfigProblems(config: Readonly<Record<string, unknown>>, isSecret: (key: string) => boolean): string[] {
    const problems: string[] = [];
    const prefix = `${CONFIG_NAMESPACE}:`;
    for (const full of Object.keys(config).sort()) {
        if (!full.startsWith(prefix)) continue;
        const key = full.slice(prefix.length);
        if (!STACK_CONFIG_KEYS.includes(key)) {
            problems.push(unknownKeyProblem(key));
        } else if (isSetting(key) && SETTING_KEYS[key].secret && !isSecret(full)) {
            problems.push(
                `${full} is stored in plain text (in Pulumi.<stack>.yaml, and the state would copy it): make it a secret with ` +
                    `\`pulumi config set --secret ${full} "$(pulumi config get ${full})"\`; if that file was shared or committed, rotate the credential`,
            );
        }
    }
    return problems;
}

/**
 * The problems of the keys of an explicit `connection` object: each key it holds must be a setting, since one the
 * provider does not read would leave the connection's tenant or credentials other than the program says.
 */
export function connectionKeyProblems(connection: object): string[] {
    return Object.keys(connection)
        .filter((key) => !isSetting(key))
        .map((key) => {
            const near = nearestWord(key, Object.keys(SETTING_KEYS));
            return `connection.${key}: not a connection setting${near ? `; did you mean connection.${near}?` : ` (they are: ${Object.keys(SETTING_KEYS).join(", ")})`}`;
        });
}

function isSetting(key: string): key is SettingKey {
    return Object.prototype.hasOwnProperty.call(SETTING_KEYS, key);
}

function unknownKeyProblem(key: string): string {
    const full = `${CONFIG_NAMESPACE}:${key}`;
    const near = nearestWord(key, STACK_CONFIG_KEYS);
    if (near === undefined) {
        return `${full} is not a tenantkit setting (they are: ${STACK_CONFIG_KEYS.join(", ")}): remove it with \`pulumi config rm ${full}\``;
    }
    const target = `${CONFIG_NAMESPACE}:${near}`;
    const secret = isSetting(near) && SETTING_KEYS[near].secret ? "--secret " : "";
    return (
        `${full} is not a tenantkit setting: did you mean ${target}? Rename it with ` +
        `\`pulumi config set ${secret}${target} "$(pulumi config get ${full})" && pulumi config rm ${full}\``
    );
}
