/**
 * What a change of a push dataset does. Power BI changes a table's columns and measures in place (PutTable);
 * everything else (name, workspace, mode, retention policy, data sources, the set of tables, relationships) can
 * only be set at creation, so it replaces the dataset, and the preview names the property that forces it.
 * A replacement that keeps the name deletes the old dataset first: the name identifies a dataset in its workspace
 * (a create adopts an existing dataset of its name), so creating first would take over the dataset being replaced.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { DatasetOutputs } from "./lifecycle";
import type { PushDatasetArgs } from "./schema";

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const tableNames = (args: Pick<PushDatasetArgs, "tables">) => (args.tables ?? []).map((t) => t.name.toLowerCase()).sort();

const REPLACE_KEYS = ["name", "workspaceId", "defaultMode", "defaultRetentionPolicy", "datasources", "relationships"] as const;

export function diffDataset(olds: DatasetOutputs, news: PushDatasetArgs): pulumi.dynamic.DiffResult {
    const replaces: string[] = REPLACE_KEYS.filter((k) => !same(olds[k], news[k]));
    if (!same(tableNames(olds), tableNames(news))) replaces.push("tables");
    const changes = replaces.length > 0 || !same(olds.tables, news.tables);
    const sameIdentity = same(olds.name, news.name) && same(olds.workspaceId, news.workspaceId);
    return { changes, replaces, deleteBeforeReplace: replaces.length > 0 && sameIdentity };
}
