/**
 * What a change of a push dataset does. Power BI changes a table's columns and measures in place (PutTable);
 * everything else (name, workspace, mode, retention policy, data sources, the set of tables, relationships) can
 * only be set at creation, so it replaces the dataset, and the preview names the property that forces it.
 * A replacement that keeps the name and workspace deletes the old dataset first: a create refuses to make a dataset of
 * a name its workspace already has (lifecycle.ts), so creating first would be refused by the dataset being replaced.
 * Either way the replaced dataset goes with every row pushed to it, which the engine's plain preview does not say:
 * {@link replacementWarning} says it, naming what forces the replacement.
 */
import { changedInputs, isInputOf, sameValue as same } from "../../core/model/definition";
import { pushDataset } from "./definition";
import type { HandlerDiff } from "../../core/host/handler";
import type { PushDatasetInputs } from "./schema";
import type { PushDatasetState } from "./types";

const tableNames = (args: { readonly tables?: readonly { readonly name: string }[] }) => (args.tables ?? []).map((t) => t.name.toLowerCase()).sort();

/**
 * What the definition's rules say, and the one case they cannot: `tables` updates in place, except that a table added,
 * removed or renamed (the set of names, as the model compares them, ignoring case) replaces the dataset.
 */
export function diffDataset(olds: PushDatasetState, news: PushDatasetInputs): HandlerDiff {
    const changed = changedInputs(pushDataset, olds, news);
    const replaces = [...changed.replace];
    if (!same(tableNames(olds), tableNames(news))) replaces.push("tables");
    const updates = [...changed.update, ...changed.state].filter((k) => !replaces.includes(k));
    const changes = replaces.length > 0 || updates.length > 0;
    // Also when nothing replaces: `replaceOnChanges` may turn an update into a replacement, which then takes this order.
    const sameIdentity = same(olds.name, news.name) && same(olds.workspaceId, news.workspaceId);
    return { changes, replaces, updates, deleteBeforeReplace: changes && sameIdentity };
}

const shown = (v: unknown) => (v === undefined || v === null ? "none" : JSON.stringify(v));

/**
 * Why each replacing property replaces: the set of tables by name, the workspace by its name when unset, a list or an
 * object "changed" and a scalar old -> new, as its rule's type says.
 */
function reasons(olds: PushDatasetState, news: PushDatasetInputs, replaces: readonly string[]): string[] {
    return replaces
        .filter((k) => isInputOf(pushDataset, k))
        .map((k) => {
            if (k === "tables") {
                const before = new Set(tableNames(olds));
                const after = new Set(tableNames(news));
                const added = (news.tables ?? []).filter((t) => !before.has(t.name.toLowerCase())).map((t) => `+${t.name}`);
                const removed = (olds.tables ?? []).filter((t) => !after.has(t.name.toLowerCase())).map((t) => `-${t.name}`);
                return `tables (${[...added, ...removed].join(", ")})`;
            }
            if (k === "workspaceId")
                return `workspaceId (${shown(olds.workspaceId ?? "My workspace")} -> ${shown(news.workspaceId ?? "My workspace")})`;
            const kind = pushDataset.inputs[k].type.kind;
            if (kind === "array" || kind === "object" || kind === "map") return `${k} (changed)`;
            return `${k} (${shown(olds[k])} -> ${shown(news[k])})`;
        });
}

/**
 * The warning a preview shows on a dataset that a diff replaces: the rows are lost, and what forces it. Undefined when
 * the diff does not replace.
 */
export function replacementWarning(olds: PushDatasetState, news: PushDatasetInputs, diff: HandlerDiff): string | undefined {
    const replaces = diff.replaces ?? [];
    if (replaces.length === 0) return undefined;
    return (
        `replacing deletes this dataset and every row pushed to it; the new one starts empty. ` +
        `Forced by ${reasons(olds, news, replaces).join(", ")}, which Power BI sets only when it creates a dataset.`
    );
}
