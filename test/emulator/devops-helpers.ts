/**
 * Helpers of the Azure DevOps emulator tests: credentials (Basic with a PAT, Bearer for the Azure DevOps
 * audience) and calls under `/devops/{organization}`. Not a spec file.
 */
import type { RunningEmulator } from "../../emulator/server";
import { fetchAll, IDS, type Fetched } from "../support/emulator";

/** Azure DevOps' Entra resource id. */
export const DEVOPS_AUDIENCE = "499b84ac-1321-427f-aa17-267ca6975798";

/** `Authorization: Basic base64(user + ":" + pat)` (the docs' C# sample uses an empty user name). */
export function basic(pat: string, user = ""): Record<string, string> {
    return { authorization: `Basic ${Buffer.from(`${user}:${pat}`).toString("base64")}` };
}

/** The header of alice's seeded PAT with vso.code. */
export const PAT = basic(IDS.devopsPat);

/** A delegated token of alice for a resource (Azure DevOps by default). */
export async function userToken(emu: RunningEmulator, audience = DEVOPS_AUDIENCE, expiresInSeconds?: number): Promise<string> {
    const minted = await emu.admin.mintUserToken({
        tenant: IDS.domain,
        user: IDS.aliceUpn,
        scopes: ["user_impersonation"],
        audience,
        expiresInSeconds,
    });
    return minted.access_token;
}

/** The path of a push: `/{org}[/{project}]/_apis/git/repositories/{repo}/pushes/{id}`, segments encoded. */
export function pushPath(repo: string, pushId: number | string, project?: string, org: string = IDS.devopsOrganization): string {
    const proj = project === undefined ? "" : `/${encodeURIComponent(project)}`;
    return `/${encodeURIComponent(org)}${proj}/_apis/git/repositories/${encodeURIComponent(repo)}/pushes/${pushId}`;
}

/** GET `{emu}/devops{path}`; `query` defaults to `api-version=7.1`; headers default to the vso.code PAT. */
export function devops(emu: RunningEmulator, path: string, query = "api-version=7.1", headers: Record<string, string> = PAT): Promise<Fetched> {
    return fetchAll(`${emu.url}/devops${path}${query === "" ? "" : `?${query}`}`, { headers });
}

/** The error body of the service. */
export interface DevOpsErrorBody {
    $id: string;
    innerException: null;
    message: string;
    typeName: string;
    typeKey: string;
    errorCode: number;
    eventId: number;
}

/** The error body of a response. */
export function devopsError(res: Fetched): DevOpsErrorBody {
    return res.json as DevOpsErrorBody;
}

/** A GitPush as the tests read it. */
export interface Push {
    pushId: number;
    date: string;
    url: string;
    pushedBy: { id: string; displayName: string; uniqueName: string; url: string };
    commits?: { commitId: string; comment: string; parents: string[]; changeCounts: Record<string, number> }[];
    refUpdates?: { name: string; oldObjectId: string; newObjectId: string; repositoryId: string }[];
    repository: { id: string; name: string; url: string; project: { id: string; name: string; state: string; visibility: string } };
    _links: Record<string, { href: string }>;
}
