/**
 * A handler's diff as the engine's DiffResponse wants it: beside `changes` and `replaces`, every changed property
 * with what its change does (`detailedDiff`), so that `pulumi preview --diff` marks the property that forces a
 * replacement and `replaceOnChanges` sees the properties that update in place (the engine applies it only to the
 * properties a diff names: `step_generator.go`, `applyReplaceOnChanges`).
 */
import type { HandlerDiff } from "../core/host/handler";
import type { JsonObject } from "../core/model/json";

/** `pulumirpc.PropertyDiff.Kind`. */
export const enum DiffKind {
    ADD = 0,
    ADD_REPLACE = 1,
    DELETE = 2,
    DELETE_REPLACE = 3,
    UPDATE = 4,
    UPDATE_REPLACE = 5,
}

export interface DetailedDiff {
    /** Whether anything changed. */
    readonly changes: boolean;
    readonly replaces: string[];
    /** Every changed property, replacing or not. */
    readonly diffs: string[];
    readonly detailedDiff: Record<string, DiffKind>;
    readonly deleteBeforeReplace: boolean;
}

function kindOf(key: string, olds: JsonObject, news: JsonObject, replaces: boolean): DiffKind {
    const before = olds[key] !== undefined && olds[key] !== null;
    const after = news[key] !== undefined && news[key] !== null;
    if (!before && after) return replaces ? DiffKind.ADD_REPLACE : DiffKind.ADD;
    if (before && !after) return replaces ? DiffKind.DELETE_REPLACE : DiffKind.DELETE;
    return replaces ? DiffKind.UPDATE_REPLACE : DiffKind.UPDATE;
}

/** The engine's view of a handler's diff; `olds` the prior inputs, `news` the checked ones. */
export function detailedDiff(diff: HandlerDiff, olds: JsonObject, news: JsonObject): DetailedDiff {
    const replaces = [...new Set(diff.replaces ?? [])];
    const updates = [...new Set(diff.updates ?? [])].filter((k) => !replaces.includes(k));
    const detailed: Record<string, DiffKind> = {};
    for (const k of replaces) detailed[k] = kindOf(k, olds, news, true);
    for (const k of updates) detailed[k] = kindOf(k, olds, news, false);
    return {
        changes: diff.changes === true,
        replaces,
        diffs: [...replaces, ...updates],
        detailedDiff: diff.changes === true ? detailed : {},
        deleteBeforeReplace: diff.deleteBeforeReplace === true,
    };
}
