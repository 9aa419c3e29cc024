/**
 * The admin API of Power BI: inspect a tenant's workspaces and datasets, add a workspace, and change
 * things out of band as another user of the service would (delete a dataset, change a table's schema),
 * plus two one-shot switches for the next PostDataset: answer 202 instead of 201, or store the dataset and
 * lose the response, so that a client's "unknown outcome" handling can be tested.
 */
import { randomUUID } from "node:crypto";
import { AdminError, tenantOr404 } from "../http/admin-changes";
import { emptyReply, jsonReply, parseJsonBody, type RequestContext } from "../http/http";
import type { Router } from "../http/router";
import type { Tenant } from "../store/state";
import { PowerBiFailure } from "./errors";
import { emptyPowerBi, type PowerBiData, type StoredTable, type Workspace } from "../store/powerbi/model";
import { checkPowerBi } from "../store/powerbi/seed-check";
import { replaceTable } from "./tables";
import { parseTable, same } from "./validate";

/** The body of `PATCH .../datasets/{id}/tables/{table}`: the table's new schema (its name stays). */
export type PowerBiTableUpdate = Partial<Pick<StoredTable, "columns" | "measures" | "description" | "isHidden" | "source">>;

/** The body of `POST .../powerbi/workspaces`: the id is generated when absent. */
export type NewWorkspace = Pick<Workspace, "name"> & Partial<Workspace>;

/** Registers the Power BI admin routes (relative to `/_admin`). */
export function registerPowerBiAdminRoutes(r: Router): void {
    const base = "/tenants/:tenant/powerbi";
    r.add("GET", base, (ctx, p) => jsonReply(200, tenantOr404(ctx, p.tenant).powerbi ?? emptyPowerBi()));
    r.add("POST", `${base}/workspaces`, (ctx, p) => {
        const body = parseJsonBody(ctx);
        const input = typeof body === "object" && body !== null && !Array.isArray(body) ? { id: randomUUID(), members: [], ...body } : body;
        const problems: string[] = [];
        const checked = checkPowerBi({ workspaces: [input], datasets: [] }, "$", problems);
        if (checked === undefined) throw new AdminError(400, problems.join("; "));
        const ws = checked.workspaces[0];
        return jsonReply(
            201,
            change(ctx, p.tenant, (data) => {
                if (data.workspaces.some((w) => w.id.toLowerCase() === ws.id.toLowerCase())) throw new AdminError(409, `workspace ${ws.id} exists`);
                data.workspaces.push(ws);
                return ws;
            }),
        );
    });
    r.add("DELETE", `${base}/datasets/:id`, (ctx, p) => {
        change(ctx, p.tenant, (data) => {
            const before = data.datasets.length;
            data.datasets = data.datasets.filter((d) => d.id.toLowerCase() !== p.id.toLowerCase());
            if (data.datasets.length === before) throw new AdminError(404, `no dataset ${p.id}`);
        });
        return emptyReply(204);
    });
    r.add("PATCH", `${base}/datasets/:id/tables/:table`, (ctx, p) => {
        const body = parseJsonBody(ctx);
        if (typeof body !== "object" || body === null || Array.isArray(body)) throw new AdminError(400, "the body must be a table update object");
        return jsonReply(
            200,
            change(ctx, p.tenant, (data) => {
                const d = data.datasets.find((x) => x.id.toLowerCase() === p.id.toLowerCase());
                if (d === undefined) throw new AdminError(404, `no dataset ${p.id}`);
                const current = d.tables.find((t) => same(t.name, p.table));
                if (current === undefined) throw new AdminError(404, `no table ${p.table} in dataset ${p.id}`);
                const schema: Record<string, unknown> = { ...current };
                delete schema.rowCount;
                const update = asAdminError(() => parseTable({ ...schema, ...body, name: current.name }, "$"));
                return asAdminError(() => replaceTable(d, current, update));
            }),
        );
    });
    r.add("POST", `${base}/next-post-status`, (ctx, p) => {
        const body = parseJsonBody(ctx) as { status?: unknown } | null;
        const status = body?.status;
        if (status !== 201 && status !== 202) throw new AdminError(400, "status must be 201 or 202");
        return jsonReply(
            200,
            change(ctx, p.tenant, (data) => {
                if (status === 202) data.nextPostStatus = 202;
                else delete data.nextPostStatus;
                return { status };
            }),
        );
    });
    r.add("POST", `${base}/lose-next-post-response`, (ctx, p) => {
        change(ctx, p.tenant, (data) => {
            data.loseNextPostResponse = true;
        });
        return emptyReply(204);
    });
}

function change<T>(ctx: RequestContext, tenantKey: string, fn: (data: PowerBiData) => T): T {
    const id = tenantOr404(ctx, tenantKey).id;
    return ctx.store.mutate((draft) => {
        const tenant = draft.tenants.find((t) => t.id === id) as Tenant;
        tenant.powerbi ??= emptyPowerBi();
        return fn(tenant.powerbi);
    });
}

/** The admin API answers validation failures as `{error}` 400s, not in Power BI's shape. */
function asAdminError<T>(fn: () => T): T {
    try {
        return fn();
    } catch (err) {
        if (err instanceof PowerBiFailure) throw new AdminError(err.status, err.message);
        throw err;
    }
}
