/**
 * Dataset routes, each under `/v1.0/myorg` and `/v1.0/myorg/groups/{groupId}` (docs/api-facts.md section C):
 * PostDataset (201, or 202 when the admin API asks; both documented), GetDatasets, GetDataset and
 * DeleteDataset. Two datasets may share a name, as in the real service.
 */
import { randomUUID } from "node:crypto";
import { BadRequestError } from "../base/bad-request";
import { jsonReply, parseJsonBody, type Reply, type RequestContext, type RouteParams } from "../http/http";
import type { Router } from "../http/router";
import type { Tenant } from "../store/state";
import { configuredBy, datasetOr404, inScope, metadataUrl, powerBiOf, requireScope, type Scope } from "./access";
import { invalidRequest, okNoBody, powerBiRoute } from "./errors";
import { emptyPowerBi, renderDataset, type PowerBiData, type RetentionPolicy, type StoredDataset } from "../store/powerbi/model";
import { parseCreateDataset } from "./validate";

/** The two URL forms of every route: My workspace and a named group. */
export const SCOPES = ["/v1.0/myorg", "/v1.0/myorg/groups/:groupId"] as const;

/** Registers the dataset routes. */
export function registerDatasetRoutes(r: Router): void {
    for (const base of SCOPES) {
        r.add("POST", `${base}/datasets`, powerBiRoute(postDataset));
        r.add(
            "GET",
            `${base}/datasets`,
            powerBiRoute((ctx, p) => {
                const scope = requireScope(ctx, p, "read");
                const value = powerBiOf(scope.caller.tenant)
                    .datasets.filter((d) => inScope(d, scope))
                    .map(renderDataset);
                return jsonReply(200, { "@odata.context": `${metadataUrl(ctx, scope)}#datasets`, value });
            }),
        );
        r.add(
            "GET",
            `${base}/datasets/:datasetId`,
            powerBiRoute((ctx, p) => {
                const scope = requireScope(ctx, p, "read");
                const d = datasetOr404(powerBiOf(scope.caller.tenant), scope, p.datasetId);
                return jsonReply(200, { "@odata.context": `${metadataUrl(ctx, scope)}#datasets/$entity`, ...renderDataset(d) });
            }),
        );
        r.add(
            "DELETE",
            `${base}/datasets/:datasetId`,
            powerBiRoute((ctx, p) => {
                const scope = requireScope(ctx, p, "write");
                changePowerBi(ctx, scope, (data) => {
                    const d = datasetOr404(data, scope, p.datasetId);
                    data.datasets = data.datasets.filter((x) => x !== d);
                });
                return okNoBody();
            }),
        );
    }
}

/** Applies a change to the caller's tenant's Power BI content, creating it when the seed had none. */
export function changePowerBi<T>(ctx: RequestContext, scope: Scope, change: (data: PowerBiData) => T): T {
    return ctx.store.mutate((draft) => {
        const tenant = draft.tenants.find((t) => t.id === scope.caller.tenant.id) as Tenant;
        tenant.powerbi ??= emptyPowerBi();
        return change(tenant.powerbi);
    });
}

function postDataset(ctx: RequestContext, params: RouteParams): Reply {
    const scope = requireScope(ctx, params, "write");
    const retention = parseRetention(ctx.query.get("defaultRetentionPolicy"));
    const request = parseCreateDataset(jsonBody(ctx));
    const dataset: StoredDataset = {
        id: randomUUID(),
        ...request,
        workspaceId: scope.groupId,
        ownerId: scope.principal,
        defaultRetentionPolicy: retention,
        createdDate: ctx.now.toISOString(),
        configuredBy: configuredBy(scope),
    };
    const { status, lose } = changePowerBi(ctx, scope, (data) => {
        data.datasets.push(dataset);
        const switches = { status: data.nextPostStatus ?? 201, lose: data.loseNextPostResponse === true };
        delete data.nextPostStatus;
        delete data.loseNextPostResponse;
        return switches;
    });
    // The official PostDataset response: @odata.context, id, name, defaultRetentionPolicy.
    const reply = jsonReply(status, {
        "@odata.context": `${metadataUrl(ctx, scope)}#datasets/$entity`,
        id: dataset.id,
        name: dataset.name,
        defaultRetentionPolicy: dataset.defaultRetentionPolicy,
    });
    return lose ? { ...reply, abort: true } : reply;
}

/** The JSON body, or a 400 in Power BI's shape. */
export function jsonBody(ctx: RequestContext): unknown {
    try {
        return parseJsonBody(ctx);
    } catch (err) {
        if (err instanceof BadRequestError) throw invalidRequest(err.message);
        throw err;
    }
}

/** The create-time `defaultRetentionPolicy` query parameter; absent means None (the swagger's enum). */
function parseRetention(value: string | null): RetentionPolicy {
    if (value === null || value.toLowerCase() === "none") return "None";
    if (value.toLowerCase() === "basicfifo") return "basicFIFO";
    throw invalidRequest(`defaultRetentionPolicy must be None or basicFIFO; got ${JSON.stringify(value)}.`);
}
