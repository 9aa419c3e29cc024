/**
 * `GET {org}[/{project}]/_apis/git/repositories/{repositoryId}/pushes/{pushId}` (git 7.1 `Pushes_Get`). The
 * project is optional (the spec's `x-ms-required: false`; the official example omits it), projects and
 * repositories are found by name (case-insensitive) or id, and a repository named without a project must be
 * unique in the organization. Order of checks: organization, credentials, rate limit, query, then the path.
 * The api-version is checked against what the location service reports for git/pushes (locations.ts).
 */
import { BadRequestError } from "../base/bad-request";
import { jsonReply, type RequestContext, type Reply, type RouteParams } from "../http/http";
import type { Router } from "../http/router";
import { notSignedInReply, NotSignedIn, organizationOr404, requireCaller } from "./access";
import { DevOpsFailure, projectNotFound, pushNotFound, repositoryNotFound } from "./errors";
import { checkApiVersion, GIT_PUSHES } from "./locations";
import { renderPush, renderPushListItem, type Organization, type Project, type PushLocation, type Repository } from "../store/devops/model";
import type { DevOpsRateLimit } from "./ratelimit";

/** Registers the push route (both URL forms). */
export function registerPushRoutes(router: Router, rateLimit: DevOpsRateLimit): void {
    const tail = "_apis/git/repositories/:repository/pushes/:pushId";
    const handler = (ctx: RequestContext, p: RouteParams): Reply => getPush(ctx, p, rateLimit);
    router.add("GET", `/:organization/${tail}`, handler);
    router.add("GET", `/:organization/:project/${tail}`, handler);
    const list = "_apis/git/repositories/:repository/pushes";
    const listHandler = (ctx: RequestContext, p: RouteParams): Reply => listPushes(ctx, p, rateLimit);
    router.add("GET", `/:organization/${list}`, listHandler);
    router.add("GET", `/:organization/:project/${list}`, listHandler);
}

/**
 * What both push routes check first, in the service's order (organization, credentials, rate limit, api-version), then
 * the route's own answer; the service's failures become its error replies.
 */
function pushRoute(
    ctx: RequestContext,
    p: RouteParams,
    rateLimit: DevOpsRateLimit,
    answer: (org: Organization, rateHeaders: Record<string, string>) => Reply,
): Reply {
    try {
        const scope = organizationOr404(ctx, p.organization);
        requireCaller(ctx, scope);
        const rateHeaders = rateLimit.apply(ctx.now);
        checkApiVersion(ctx, GIT_PUSHES);
        return answer(scope.organization, rateHeaders);
    } catch (err) {
        if (err instanceof NotSignedIn) return notSignedInReply(err);
        if (err instanceof DevOpsFailure) return err.reply();
        throw err;
    }
}

function getPush(ctx: RequestContext, p: RouteParams, rateLimit: DevOpsRateLimit): Reply {
    return pushRoute(ctx, p, rateLimit, (org, rateHeaders) => {
        const includeCommits = intParam(ctx, "includeCommits");
        const includeRefUpdates = boolParam(ctx, "includeRefUpdates");
        const at = locate(org, p.project, p.repository);
        const push = /^\d+$/.test(p.pushId) ? at.repository.pushes.find((x) => x.pushId === Number(p.pushId)) : undefined;
        if (push === undefined) throw pushNotFound(p.pushId, at.repository.name);
        return jsonReply(200, renderPush(ctx.baseUrl, at, push, { includeCommits, includeRefUpdates }), rateHeaders);
    });
}

/**
 * `Pushes_List` (git 7.1): newest first, `$skip`/`$top` and the documented `searchCriteria.*` filters
 * (`fromDate`, `toDate`, `pusherId`, `refName`, `includeRefUpdates`); items without commits or `_links`, as in
 * the official example (test/fixtures/conformance/azdo-push-list-includerefupdates.response.json). Without `$top` the emulator
 * answers every push (the service's default page size is not documented).
 */
function listPushes(ctx: RequestContext, p: RouteParams, rateLimit: DevOpsRateLimit): Reply {
    return pushRoute(ctx, p, rateLimit, (org, rateHeaders) => {
        const skip = Math.max(0, intParam(ctx, "$skip"));
        const top = ctx.query.get("$top") === null ? undefined : Math.max(0, intParam(ctx, "$top"));
        const includeRefUpdates = boolParam(ctx, "searchCriteria.includeRefUpdates");
        const from = dateParam(ctx, "searchCriteria.fromDate");
        const to = dateParam(ctx, "searchCriteria.toDate");
        const pusher = ctx.query.get("searchCriteria.pusherId");
        const refName = ctx.query.get("searchCriteria.refName");
        const at = locate(org, p.project, p.repository);
        const found = [...at.repository.pushes]
            .sort((a, b) => b.pushId - a.pushId)
            .filter((x) => from === undefined || Date.parse(x.date) >= from)
            .filter((x) => to === undefined || Date.parse(x.date) <= to)
            .filter((x) => pusher === null || same(x.pushedBy.id, pusher))
            .filter((x) => refName === null || x.refUpdates.some((r) => same(r.name, refName)));
        const page = found.slice(skip, top === undefined ? undefined : skip + top);
        const value = page.map((x) => renderPushListItem(ctx.baseUrl, at, x, includeRefUpdates));
        return jsonReply(200, { count: value.length, value }, rateHeaders);
    });
}

function dateParam(ctx: RequestContext, name: string): number | undefined {
    const raw = ctx.query.get(name);
    if (raw === null) return undefined;
    const ms = Date.parse(raw);
    if (Number.isNaN(ms)) throw new BadRequestError(`The value '${raw}' is not valid for ${name}: a date is expected.`);
    return ms;
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
