/**
 * The `tenantkit:*` keys a stack's config may hold, and the two mistakes that must stop a run before any request or
 * state is written: a key tenantkit does not know (a typo such as `tenantkit:emulater` is otherwise ignored, and the
 * run goes to the real endpoints with the credentials), and a credential stored without `--secret` (the engine copies
 * the whole stack config into the state as the default provider's inputs, in plain text unless it is a secret).
 */
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
            const near = nearestKey(key, Object.keys(SETTING_KEYS));
            return `connection.${key}: not a connection setting${near ? `; did you mean connection.${near}?` : ` (they are: ${Object.keys(SETTING_KEYS).join(", ")})`}`;
        });
}

function isSetting(key: string): key is SettingKey {
    return Object.prototype.hasOwnProperty.call(SETTING_KEYS, key);
}

function unknownKeyProblem(key: string): string {
    const full = `${CONFIG_NAMESPACE}:${key}`;
    const near = nearestKey(key, STACK_CONFIG_KEYS);
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

/**
 * The known key `key` most likely misspells: one that differs only in letter case, else the closest by edit distance
 * (insertions, deletions, substitutions and swapped neighbours), if close enough to be a typo and not another word.
 */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
    const lower = key.toLowerCase();
    const sameLetters = known.find((k) => k.toLowerCase() === lower);
    if (sameLetters !== undefined) return sameLetters;
    let best: { key: string; distance: number } | undefined;
    for (const k of known) {
        const distance = editDistance(lower, k.toLowerCase());
        if (best === undefined || distance < best.distance) best = { key: k, distance };
    }
    const allowed = Math.max(1, Math.min(3, Math.floor(key.length / 4)));
    return best !== undefined && best.distance <= allowed ? best.key : undefined;
}

/** Optimal string alignment distance: Levenshtein with adjacent transpositions counted as one edit. */
function editDistance(a: string, b: string): number {
    const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
        }
    }
    return d[a.length]![b.length]!;
}
