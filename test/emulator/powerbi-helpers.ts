/**
 * Helpers of the Power BI emulator tests: tokens for the Power BI audience, calls under
 * `/powerbi/v1.0/myorg[/groups/{id}]`, and a small valid CreateDatasetRequest. Not a spec file.
 */
import type { RunningEmulator } from "../../emulator/server";
import { appToken, fetchAll, IDS, type Fetched } from "../support/emulator";

/** The Power BI resource's client-credentials scope. */
export const PBI_SCOPE = "https://analysis.windows.net/powerbi/api/.default";

/** An app token of the quickstart client (Dataset.ReadWrite.All) or of another client for Power BI. */
export function pbiToken(emu: RunningEmulator, opts: { clientId?: string; secret?: string } = {}): Promise<string> {
    return appToken(emu, { ...opts, scope: PBI_SCOPE });
}

/** A delegated Power BI token of a contoso user with the given scopes. */
export async function pbiUserToken(emu: RunningEmulator, user: string, scopes: string[], expiresInSeconds?: number): Promise<string> {
    const minted = await emu.admin.mintUserToken({
        tenant: IDS.domain,
        user,
        scopes,
        audience: "https://analysis.windows.net/powerbi/api",
        expiresInSeconds,
    });
    return minted.access_token;
}

/** `/v1.0/myorg` or `/v1.0/myorg/groups/{group}`. */
export function base(group?: string): string {
    return group === undefined ? "/v1.0/myorg" : `/v1.0/myorg/groups/${group}`;
}

/** One call to the Power BI service of the emulator; `body` is sent as JSON unless it is a string. */
export function pbi(emu: RunningEmulator, method: string, path: string, token?: string, body?: unknown): Promise<Fetched> {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
    return fetchAll(`${emu.url}/powerbi${path}`, { method, headers, body: payload });
}

/** A column list of `n` Int64 columns named c1..cn. */
export function columns(n: number): { name: string; dataType: string }[] {
    return Array.from({ length: n }, (_, i) => ({ name: `c${i + 1}`, dataType: "Int64" }));
}

/** A small valid CreateDatasetRequest with one table `Product` (ProductID Int64, Name string). */
export function simpleDataset(name = "Sales"): Record<string, unknown> {
    return {
        name,
        defaultMode: "Push",
        tables: [
            {
                name: "Product",
                columns: [
                    { name: "ProductID", dataType: "Int64" },
                    { name: "Name", dataType: "string" },
                ],
            },
        ],
    };
}

/** Creates a dataset and returns its id (asserting 201). */
export async function createDataset(emu: RunningEmulator, token: string, group?: string, body: unknown = simpleDataset()): Promise<string> {
    const res = await pbi(emu, "POST", `${base(group)}/datasets`, token, body);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
    return (res.json as { id: string }).id;
}

/** The `error` member of a Power BI error body. */
export function pbiError(res: Fetched): { code: string; message: string } {
    return (res.json as { error: { code: string; message: string } }).error;
}
