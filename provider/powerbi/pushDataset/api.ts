/**
 * Power BI REST calls of push datasets (docs/api-facts.md C): `/v1.0/myorg/datasets` for My workspace,
 * `/v1.0/myorg/groups/{groupId}/datasets` for a named workspace.
 */
import { isApiError, isNotFound, withContext } from "../../core/errors/errors";
import type { ServiceClient } from "../../core/http/http";
import { pushDataset } from "./definition";
import { DatasetListWire, DatasetWire, type LiveTable, type PushDatasetInputs, TableListWire } from "./schema";
import type { PushDatasetTable } from "./types";

export type DatasetJson = Record<string, unknown> & { id: string; name?: string };

export class DatasetApi {
    constructor(
        /** The Power BI client; also the key of the process's dataset directory. */
        readonly client: ServiceClient,
        readonly workspaceId: string | undefined,
    ) {}

    private base(): string[] {
        return this.workspaceId ? ["v1.0", "myorg", "groups", this.workspaceId, "datasets"] : ["v1.0", "myorg", "datasets"];
    }

    get where(): string {
        return this.workspaceId ? `workspace ${this.workspaceId}` : "My workspace";
    }

    /** PostDataset(InGroup): 201 Created and 202 Accepted both carry the dataset. Never retried here: see lifecycle. */
    async create(args: PushDatasetInputs): Promise<DatasetJson> {
        const res = await this.call({
            method: "POST",
            path: this.base(),
            query: createPart(args, "query") as Record<string, string>,
            body: createPart(args, "body"),
            okStatuses: [201, 202],
            operation: `create dataset "${args.name}"`,
            schema: DatasetWire,
        });
        return res.data as DatasetJson;
    }

    /** The dataset, or undefined when it no longer exists. */
    async get(id: string): Promise<DatasetJson | undefined> {
        try {
            const res = await this.client.request<DatasetJson>({
                method: "GET",
                path: [...this.base(), id],
                operation: "read dataset",
                schema: DatasetWire,
            });
            return res.data;
        } catch (err) {
            if (isNotFound(err)) return undefined;
            throw explain(err, this);
        }
    }

    async list(): Promise<DatasetJson[]> {
        const res = await this.call({ method: "GET", path: this.base(), operation: "list datasets", schema: DatasetListWire });
        return (res.data as { value: DatasetJson[] }).value;
    }

    async tables(id: string): Promise<LiveTable[]> {
        const res = await this.call({ method: "GET", path: [...this.base(), id, "tables"], operation: "read tables", schema: TableListWire });
        return (res.data as { value: LiveTable[] }).value;
    }

    /** PutTable: changes one table's columns and measures in place. */
    async putTable(id: string, table: PushDatasetTable): Promise<void> {
        await this.call({ method: "PUT", path: [...this.base(), id, "tables", table.name], body: table, operation: `update table "${table.name}"` });
    }

    async delete(id: string): Promise<void> {
        await this.call({ method: "DELETE", path: [...this.base(), id], okStatuses: [404], operation: "delete dataset" });
    }

    private async call(req: Parameters<ServiceClient["request"]>[0]) {
        try {
            return await this.client.request<unknown>(req);
        } catch (err) {
            throw explain(err, this);
        }
    }
}

/**
 * The inputs the create request carries in its body or its query (their rules' `wire` in definition.ts). An empty list
 * is not sent: the service's default for it is the same, and the docs' payloads leave it out.
 */
function createPart(args: PushDatasetInputs, part: "body" | "query"): Record<string, unknown> {
    const values: Readonly<Record<string, unknown>> = args;
    const sent = Object.entries(pushDataset.inputs).filter(([key, rule]) => rule.wire.request === part && values[key] !== undefined);
    return Object.fromEntries(sent.filter(([key]) => !(Array.isArray(values[key]) && values[key].length === 0)).map(([key]) => [key, values[key]]));
}

/** Next steps for what a push-dataset user meets: the scope, workspace membership, an unknown workspace. */
function explain(err: unknown, api: DatasetApi): unknown {
    // A token that could not be had carries its own next step (the secret, the app, the tenant), not the scope's.
    if (!isApiError(err) || err.service === "login") return err;
    if (err.status === 401 || (err.status === 403 && err.code !== "TokenExpired")) {
        return withContext(err, {
            nextStep:
                `the identity needs the Power BI scope Dataset.ReadWrite.All${api.workspaceId ? ` and membership (Member or Contributor) of ${api.where}` : ""}; ` +
                "a service principal also needs the tenant setting that allows service principals to use Power BI APIs",
        });
    }
    if (err.status === 404 && api.workspaceId && /group|workspace/i.test(`${err.code} ${err.serviceMessage}`)) {
        return withContext(err, {
            nextStep: `${api.where} was not found: check workspaceId (the group id in the workspace URL), or omit it for My workspace`,
        });
    }
    return err;
}
