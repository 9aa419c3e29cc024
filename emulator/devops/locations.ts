/**
 * The location service of an organization, as the official clients use it before any call
 * (azure-devops-node-api `VsoClient.beginGetAreaLocations`, azure-devops-python-api `_get_resource_locations`):
 * `OPTIONS {org}/_apis[/{area}]` lists the API resource locations (id, area, resourceName, routeTemplate and the
 * versions each serves), and `GET {org}/_apis/ResourceAreas[/{areaId}]` says under which URL each area lives.
 * Only what the emulator implements is listed: the `Location` area's ResourceAreas and the `git` pushes.
 *
 * Also the api-version check of every devops GET, against the versions its location reports
 * (learn: azure/devops/integrate/concepts/rest-api-versioning: `{major}.{minor}[-preview[.{resource-version}]]`,
 * in the query or the Accept header). Sources of the values are in DESIGN.md ("Emulator", "Location service").
 */
import { headerValue, jsonReply, type Reply, type RequestContext, type RouteParams } from "../http/http";
import type { Router } from "../http/router";
import { notSignedInReply, NotSignedIn, organizationOr404, requireCaller } from "./access";
import { DevOpsFailure } from "./errors";

/** An ApiResourceLocation as the OPTIONS answer lists it. */
export interface ApiResourceLocation {
    readonly id: string;
    readonly area: string;
    readonly resourceName: string;
    readonly routeTemplate: string;
    readonly resourceVersion: number;
    readonly minVersion: string;
    readonly maxVersion: string;
    /** `0.0` for a resource that was never released (served with `-preview` only). */
    readonly releasedVersion: string;
}

/**
 * The latest REST API version of the service: what VssVersionOutOfRangeException names. 7.2 is what
 * dev.azure.com reported in 2023-2026 captures ("The latest REST API version this server supports is 7.2.").
 */
export const SERVER_MAX_VERSION = "7.2";

/**
 * `Location/ResourceAreas` (e81700f7-...): routeTemplate as the Azure CLI logs it from dev.azure.com
 * (azure-devops-cli-extension #990: "Route template: _apis/{resource}/{areaId}"); a preview-only resource,
 * released version 0.0 and minimum 3.2 as captured responses show; resource version 1 (every official client asks
 * `-preview.1`: node-api 17 `7.2-preview.1`, python `5.0-preview.1`).
 */
export const RESOURCE_AREAS: ApiResourceLocation = {
    id: "e81700f7-3be2-46de-8624-2eb35882fcaa",
    area: "Location",
    resourceName: "ResourceAreas",
    routeTemplate: "_apis/{resource}/{areaId}",
    resourceVersion: 1,
    minVersion: "3.2",
    maxVersion: SERVER_MAX_VERSION,
    releasedVersion: "0.0",
};

/**
 * `git/pushes` (ea98d07b-...): routeTemplate from a TFS capture of `OPTIONS _apis` (the same template the
 * clients fill: project optional, pushId optional for the list); min 1.0 (pushes exist since API 1.0), max 7.2
 * and released 7.1 as the git resources of dev.azure.com report in a 2023 capture (actions/runner-images #8294);
 * resource version 3 because the generated clients ask the current one (node-api 17 `7.2-preview.3`).
 */
export const GIT_PUSHES: ApiResourceLocation = {
    id: "ea98d07b-3c87-4971-8ede-a613694ffb55",
    area: "git",
    resourceName: "pushes",
    routeTemplate: "{project}/_apis/{area}/repositories/{repositoryId}/{resource}/{pushId}",
    resourceVersion: 3,
    minVersion: "1.0",
    maxVersion: SERVER_MAX_VERSION,
    releasedVersion: "7.1",
};

/** Every location the emulator serves. */
export const LOCATIONS: readonly ApiResourceLocation[] = [RESOURCE_AREAS, GIT_PUSHES];

/** The resource areas GET ResourceAreas lists (id and name of git from the clients' RESOURCE_AREA_ID). */
const RESOURCE_AREA_INFO: readonly { id: string; name: string }[] = [{ id: "4e080c62-fa21-4fbc-8fef-2a10a2b38049", name: "git" }];

/** Registers OPTIONS `{org}/_apis`, `{org}/_apis/{area}` and GET `{org}/_apis/ResourceAreas[/{areaId}]`. */
export function registerLocationRoutes(router: Router): void {
    const options = (ctx: RequestContext, p: RouteParams): Reply => guarded(ctx, p, () => listLocations(p.area));
    router.add("OPTIONS", "/:organization/_apis", options);
    router.add("OPTIONS", "/:organization/_apis/:area", options);
    const areas = (ctx: RequestContext, p: RouteParams): Reply =>
        guarded(ctx, p, (organization) => {
            checkApiVersion(ctx, RESOURCE_AREAS);
            return resourceAreas(ctx, organization, p.areaId);
        });
    router.add("GET", "/:organization/_apis/ResourceAreas", areas);
    router.add("GET", "/:organization/_apis/ResourceAreas/:areaId", areas);
}

/**
 * The organization and credentials as for every devops call: the location service of dev.azure.com asks for
 * them too (an OPTIONS `/_apis` without usable credentials is answered 401 with the service's error body:
 * azure-cli #29250, azure-devops-python-api #399), but no code scope: a PAT for work items reads it as well.
 */
function guarded(ctx: RequestContext, p: RouteParams, answer: (organization: string) => Reply): Reply {
    try {
        const scope = organizationOr404(ctx, p.organization);
        requireCaller(ctx, scope, false);
        return answer(scope.organization.name);
    } catch (err) {
        if (err instanceof NotSignedIn) return notSignedInReply(err);
        if (err instanceof DevOpsFailure) return err.reply();
        throw err;
    }
}

/** `{count, value}` of the locations of one area (any case), or all; an unknown area lists none. */
function listLocations(area: string | undefined): Reply {
    const value = LOCATIONS.filter((l) => area === undefined || l.area.toLowerCase() === area.toLowerCase());
    return jsonReply(200, { count: value.length, value });
}

/**
 * ResourceAreaInfo `{id, name, locationUrl}`; the locationUrl is the organization's URL as the client addressed
 * the emulator, with the trailing slash dev.azure.com puts there (actions/runner-images #8294:
 * `"locationUrl":"https://dev.azure.com/{org}/"`). An area id the emulator does not serve is a 404
 * VssResourceNotFoundException (the emulator's pick: the service's answer for an unknown id is not documented).
 */
function resourceAreas(ctx: RequestContext, organization: string, areaId: string | undefined): Reply {
    const locationUrl = `${ctx.baseUrl}/devops/${encodeURIComponent(organization)}/`;
    const value = RESOURCE_AREA_INFO.map((a) => ({ ...a, locationUrl }));
    if (areaId === undefined) return jsonReply(200, { count: value.length, value });
    const one = value.find((a) => a.id.toLowerCase() === areaId.toLowerCase() || a.name.toLowerCase() === areaId.toLowerCase());
    if (one === undefined) {
        throw new DevOpsFailure(
            404,
            "VssResourceNotFoundException",
            `API resource location ${areaId} is not registered on ${ctx.baseUrl}/devops/${organization}/.`,
        );
    }
    return jsonReply(200, one);
}

/** A parsed api-version. */
interface ApiVersion {
    readonly text: string;
    readonly major: number;
    readonly minor: number;
    readonly preview: boolean;
    readonly resourceVersion?: number;
}

function parseVersion(text: string): ApiVersion | undefined {
    const m = /^(\d+)\.(\d+)(-preview(?:\.(\d+))?)?$/i.exec(text.trim());
    if (m === null) return undefined;
    return {
        text,
        major: Number(m[1]),
        minor: Number(m[2]),
        preview: m[3] !== undefined,
        resourceVersion: m[4] === undefined ? undefined : Number(m[4]),
    };
}

/** Compares `major.minor` of a version with a location's `"x.y"` string. */
function compare(v: ApiVersion, other: string): number {
    const [major, minor] = other.split(".").map(Number);
    return v.major !== major ? v.major - major : v.minor - minor;
}

/**
 * The api-version of a request (query first, else the Accept header's `api-version` parameter) checked against a
 * location, with the service's exceptions and messages (the .NET client's WebApiResources formats):
 *  - missing: 400 VssVersionNotSpecifiedException;
 *  - not `{major}.{minor}[-preview[.{n}]]`: 400 VssInvalidApiResourceVersionException;
 *  - above the location's maxVersion: 400 VssVersionOutOfRangeException naming the server's latest version;
 *  - below its minVersion: 400 VssVersionNotSupportedException;
 *  - released form above the released version (`7.2` for pushes, anything for a preview-only resource): 400
 *    VssInvalidPreviewVersionException;
 *  - `-preview.{n}` above the location's resourceVersion: 400 VssVersionOutOfRangeException for the route (the
 *    service's answer here is not documented; the clients never send it, since they negotiate down first).
 * Everything else is served: released versions from minVersion to releasedVersion, and previews of any version
 * up to maxVersion (the docs say a preview "can be deactivated" 12 weeks after release, not that it is).
 */
export function checkApiVersion(ctx: RequestContext, location: ApiResourceLocation): void {
    const fromAccept = /api-version\s*=\s*([^;,\s]+)/i.exec(headerValue(ctx.headers, "accept") ?? "")?.[1];
    const text = ctx.query.get("api-version") ?? fromAccept;
    if (text === undefined || text === "") {
        throw new DevOpsFailure(
            400,
            "VssVersionNotSpecifiedException",
            `No api-version was supplied for the "${ctx.method}" request. The version must be supplied either as part of the Accept header ` +
                `(e.g. "application/json; api-version=1.0") or as a query parameter (e.g. "?api-version=1.0").`,
        );
    }
    const v = parseVersion(text);
    if (v === undefined) {
        throw new DevOpsFailure(
            400,
            "VssInvalidApiResourceVersionException",
            `Invalid api version string: "${text}". Api version string must be in the format: {Major}.{Minor}[-preview[.{ResourceVersion}]].`,
        );
    }
    const plain = `${v.major}.${v.minor}`;
    if (compare(v, location.maxVersion) > 0) {
        throw new DevOpsFailure(
            400,
            "VssVersionOutOfRangeException",
            `The requested REST API version of ${plain} is out of range for this server. The latest REST API version this server supports is ${SERVER_MAX_VERSION}.`,
        );
    }
    if (compare(v, location.minVersion) < 0) {
        throw new DevOpsFailure(
            400,
            "VssVersionNotSupportedException",
            `The server does not support resource ${location.area}:${location.resourceName} ${location.id} at API version ${plain}. ` +
                `The minimum supported version on ${ctx.baseUrl}/devops/ is ${location.minVersion}.`,
        );
    }
    if (!v.preview && compare(v, location.releasedVersion) > 0) {
        throw new DevOpsFailure(
            400,
            "VssInvalidPreviewVersionException",
            `The requested version "${plain}" of the resource is under preview. The -preview flag must be supplied in the api-version for such requests. For example: "${plain}-preview"`,
        );
    }
    if (v.resourceVersion !== undefined && v.resourceVersion > location.resourceVersion) {
        throw new DevOpsFailure(
            400,
            "VssVersionOutOfRangeException",
            `The request matched route ${location.routeTemplate}, but the requested REST API version ${v.text} was outside the valid version range for this route.`,
        );
    }
}
