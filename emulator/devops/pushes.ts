/**
 * `GET {org}[/{project}]/_apis/git/repositories/{repositoryId}/pushes/{pushId}` (git 7.1 `Pushes_Get`). The
 * project is optional (the spec's `x-ms-required: false`; the official example omits it), projects and
 * repositories are found by name (case-insensitive) or id, and a repository named without a project must be
 * unique in the organization. Order of checks: organization, credentials, rate limit, query, then the path.
 */
import { BadRequestError } from "../bad-request";
import { headerValue, jsonReply, type RequestContext, type Reply, type RouteParams } from "../http";
import type { Router } from "../router";
import { notSignedInReply, NotSignedIn, organizationOr404, requireCaller } from "./access";
import { DevOpsFailure, projectNotFound, pushNotFound, repositoryNotFound } from "./errors";
import { renderPush, type Organization, type Project, type PushLocation, type Repository } from "./model";
import type { DevOpsRateLimit } from "./ratelimit";

/** The versions this route serves: 7.1 and its previews. */
const SUPPORTED = /^7\.1(-preview(\.\d+)?)?$/i;

/** Registers the push route (both URL forms). */
export function registerPushRoutes(router: Router, rateLimit: DevOpsRateLimit): void {
    const tail = "_apis/git/repositories/:repository/pushes/:pushId";
    const handler = (ctx: RequestContext, p: RouteParams): Reply => getPush(ctx, p, rateLimit);
    router.add("GET", `/:organization/${tail}`, handler);
    router.add("GET", `/:organization/:project/${tail}`, handler);
}

function getPush(ctx: RequestContext, p: RouteParams, rateLimit: DevOpsRateLimit): Reply {
    try {
        const scope = organizationOr404(ctx, p.organization);
        requireCaller(ctx, scope);
        const rateHeaders = rateLimit.apply(ctx.now);
        checkApiVersion(ctx);
        const includeCommits = intParam(ctx, "includeCommits");
        const includeRefUpdates = boolParam(ctx, "includeRefUpdates");
        const at = locate(scope.organization, p.project, p.repository);
        const push = /^\d+$/.test(p.pushId) ? at.repository.pushes.find((x) => x.pushId === Number(p.pushId)) : undefined;
        if (push === undefined) throw pushNotFound(p.pushId, at.repository.name);
        return jsonReply(200, renderPush(ctx.baseUrl, at, push, { includeCommits, includeRefUpdates }), rateHeaders);
    } catch (err) {
        if (err instanceof NotSignedIn) return notSignedInReply(err);
        if (err instanceof DevOpsFailure) return err.reply();
        throw err;
    }
}

/** `api-version` from the query or the Accept header; missing or other than 7.1 is the service's 400. */
function checkApiVersion(ctx: RequestContext): void {
    const fromAccept = /api-version\s*=\s*([^;,\s]+)/i.exec(headerValue(ctx.headers, "accept") ?? "")?.[1];
    const version = ctx.query.get("api-version") ?? fromAccept;
    if (version === undefined || version === "") {
        throw new DevOpsFailure(
            400,
            "VssVersionNotSpecifiedException",
            `No api-version was supplied for the "${ctx.method}" request. The version must be supplied either as part of the Accept header ` +
                `(e.g. "application/json; api-version=1.0") or as a query parameter (e.g. "?api-version=1.0").`,
        );
    }
    // Approximate: the real service also serves older versions; the emulator serves 7.1 only.
    if (!SUPPORTED.test(version)) {
        throw new DevOpsFailure(
            400,
            "VssVersionOutOfRangeException",
            `The requested REST API version of ${version} is out of range for this server. The latest REST API version this server supports is 7.1.`,
        );
    }
}

function intParam(ctx: RequestContext, name: string): number {
    const raw = ctx.query.get(name);
    if (raw === null) return 0;
    if (!/^[+-]?\d+$/.test(raw.trim()) || !Number.isSafeInteger(Number(raw))) {
        throw new BadRequestError(`The value '${raw}' is not valid for ${name}: an integer (the number of commits to include) is expected.`);
    }
    return Number(raw);
}

function boolParam(ctx: RequestContext, name: string): boolean {
    const raw = ctx.query.get(name);
    if (raw === null) return false;
    if (/^true$/i.test(raw)) return true;
    if (/^false$/i.test(raw)) return false;
    throw new BadRequestError(`The value '${raw}' is not valid for ${name}: true or false is expected.`);
}

function same(a: string, b: string): boolean {
    return a.toLowerCase() === b.toLowerCase();
}

function byNameOrId<T extends { id: string; name: string }>(items: readonly T[], key: string): T | undefined {
    return items.find((x) => same(x.id, key)) ?? items.find((x) => same(x.name, key));
}

/** The project (if named) and the repository of the path. */
export function locate(org: Organization, projectKey: string | undefined, repoKey: string): PushLocation {
    if (projectKey !== undefined) {
        const project = byNameOrId(org.projects, projectKey);
        if (project === undefined) throw projectNotFound(projectKey);
        const repository = byNameOrId(project.repositories, repoKey);
        if (repository === undefined) throw repositoryNotFound(repoKey);
        return { organization: org, project, repository };
    }
    const all: { project: Project; repository: Repository }[] = org.projects.flatMap((project) =>
        project.repositories.map((repository) => ({ project, repository })),
    );
    const byId = all.find((x) => same(x.repository.id, repoKey));
    const byName = all.filter((x) => same(x.repository.name, repoKey));
    const found = byId ?? (byName.length === 1 ? byName[0] : undefined);
    if (found === undefined) throw repositoryNotFound(repoKey);
    return { organization: org, ...found };
}
