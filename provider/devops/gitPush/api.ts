/**
 * `GET {devopsEndpoint}/{organization}[/{project}]/_apis/git/repositories/{repositoryId}/pushes/{pushId}
 * ?api-version=7.1[&includeCommits=n][&includeRefUpdates=true]`. Every segment is encoded (project names have spaces).
 */
import { isApiError, withContext } from "../../core/errors/errors";
import type { ServiceClient } from "../../core/http/http";
import { getGitPush } from "./definition";
import { GitPush, type GitPushInputs } from "./schema";

export const API_VERSION = "7.1";

/**
 * The path segments before `_apis`. An Azure DevOps Server endpoint may already end with the collection
 * (`https://tfs.contoso.com/DefaultCollection`); the organization is then not repeated.
 */
export function pushPath(baseUrl: string, args: GitPushInputs): string[] {
    const last = new URL(baseUrl).pathname.split("/").filter(Boolean).pop();
    const org = last !== undefined && decodeURIComponent(last).toLowerCase() === args.organization.toLowerCase() ? [] : [args.organization];
    return [...org, ...(args.project ? [args.project] : []), "_apis", "git", "repositories", args.repository, "pushes", String(args.pushId)];
}

export async function fetchGitPush(devops: ServiceClient, args: GitPushInputs): Promise<GitPush> {
    let data: GitPush;
    try {
        const res = await devops.request<GitPush>({
            method: "GET",
            path: pushPath(devops.baseUrl, args),
            query: { "api-version": API_VERSION, ...queryOf(args) },
            operation: `read push ${args.pushId}`,
            schema: GitPush,
        });
        data = res.data;
    } catch (err) {
        throw explain(err, args);
    }
    return data;
}

/** The arguments whose rule (definition.ts) sends them as query parameters, left out when false or 0. */
function queryOf(args: GitPushInputs): Record<string, string | number | boolean> {
    const values = new Map<string, string | number | boolean | undefined>(Object.entries(args));
    const sent = Object.entries(getGitPush.inputs).filter(([k, rule]) => rule.wire.request === "query" && values.get(k));
    return Object.fromEntries(sent.map(([k]) => [k, values.get(k)!]));
}

function explain(err: unknown, args: GitPushInputs): unknown {
    // A token that could not be had carries its own next step (the secret, the app, the tenant), not the PAT's.
    if (!isApiError(err) || err.service === "login") return err;
    const where = `organization "${args.organization}"${args.project ? `, project "${args.project}"` : ""}, repository "${args.repository}"`;
    if (err.status === 401 || err.status === 203 || err.code === "SignInPage") {
        return withContext(err, {
            nextStep:
                `Azure DevOps refused the credential for ${where}: check that the PAT (tenantkit:devopsPat / AZURE_DEVOPS_EXT_PAT) has not expired, ` +
                `has the Code (Read) scope vso.code and was created for organization "${args.organization}"; or use an Entra token for the Azure DevOps audience`,
        });
    }
    if (err.status === 404) {
        const what = /Project/i.test(`${err.code}`)
            ? `project "${args.project}"`
            : /Repository/i.test(`${err.code}`)
              ? `repository "${args.repository}"`
              : /Push/i.test(`${err.code}`)
                ? `push ${args.pushId}`
                : `organization, project, repository or push`;
        return withContext(err, { nextStep: `${what} was not found (${where}, push ${args.pushId}): check the name or id` });
    }
    if (err.status === 429) {
        return withContext(err, { nextStep: "Azure DevOps throttled this identity (TF400733): wait for Retry-After, or spread lookups over time" });
    }
    return err;
}
