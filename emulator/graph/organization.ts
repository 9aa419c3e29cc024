/**
 * Graph v1.0 `GET /organization` and `GET /organization/{id}` (learn: graph/api/organization-list,
 * organization-get), and {@link organizationTarget}, the checks every branding route starts with: token,
 * permission, the organization id of the caller's own tenant, and for writes the custom branding license.
 */
import type { Caller } from "../http/auth";
import { jsonReply, type Reply, type RequestContext } from "../http/http";
import type { Router } from "../http/router";
import type { Tenant } from "../store/state";
import { graphRoute, GraphFailure, holds, insufficientPrivileges, requireCaller, type PermissionSet } from "./caller";
import { GRAPH_JSON } from "./errors";

const ORG_READ_ROLES = [
    "OrganizationalBranding.Read.All",
    "OrganizationalBranding.ReadWrite.All",
    "Organization.Read.All",
    "Organization.ReadWrite.All",
    "Directory.Read.All",
    "Directory.ReadWrite.All",
];

/**
 * Reading the organization and its branding: application least `OrganizationalBranding.Read.All`, delegated
 * least `User.Read` (docs/api-facts.md section B, permissions).
 */
export const BRANDING_READ: PermissionSet = {
    app: ORG_READ_ROLES,
    delegated: ["User.Read", "User.ReadWrite", "User.ReadBasic.All", "User.Read.All", "User.ReadWrite.All", ...ORG_READ_ROLES],
};

/** Changing the branding: `OrganizationalBranding.ReadWrite.All`, higher `Organization.ReadWrite.All`. */
export const BRANDING_WRITE: PermissionSet = {
    app: ["OrganizationalBranding.ReadWrite.All", "Organization.ReadWrite.All"],
    delegated: ["OrganizationalBranding.ReadWrite.All", "Organization.ReadWrite.All"],
};

/**
 * The text of the license 403. The service's real wording is not documented anywhere we found; this one
 * names what the docs require (Entra ID P1/P2, Premium 2, or Office 365; docs/api-facts.md section B, licensing).
 * The code is the directory's usual 403 code, so a client cannot rely on an invented one.
 */
export const LICENSE_MESSAGE = "Custom branding requires a Microsoft Entra ID P1 or P2 license (or Office 365) in this tenant.";

/** The caller and its tenant, once the organization of the path is the caller's and the caller may act. */
export interface OrganizationTarget {
    readonly caller: Caller;
    readonly tenant: Tenant;
}

/** Runs the common checks of a branding route; throws the Graph failure that applies. */
export function organizationTarget(ctx: RequestContext, orgId: string, access: "read" | "write"): OrganizationTarget {
    const caller = requireCaller(ctx);
    if (!holds(caller.claims, access === "read" ? BRANDING_READ : BRANDING_WRITE)) throw insufficientPrivileges();
    // Graph addresses an organization by its object id (the tenant id) only; another tenant's is not found.
    if (orgId.toLowerCase() !== caller.tenant.id.toLowerCase()) throw notFound(orgId);
    if (access === "write" && !caller.tenant.premium) {
        throw new GraphFailure(403, { code: "Authorization_RequestDenied", message: LICENSE_MESSAGE });
    }
    return { caller, tenant: caller.tenant };
}

/** 404 `Request_ResourceNotFound` as directory APIs word it. */
export function notFound(id: string): GraphFailure {
    return new GraphFailure(404, {
        code: "Request_ResourceNotFound",
        message: `Resource '${id}' does not exist or one of its queried reference-property objects are not present.`,
    });
}

/** Registers `/v1.0/organization` and `/v1.0/organization/{id}`. */
export function registerOrganizationRoutes(router: Router): void {
    router.add(
        "GET",
        "/v1.0/organization",
        graphRoute((ctx) => {
            const caller = requireCaller(ctx);
            if (!holds(caller.claims, BRANDING_READ)) throw insufficientPrivileges();
            const body = { "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#organization", value: [renderOrganization(caller.tenant)] };
            return jsonReply(200, body, {}, GRAPH_JSON);
        }),
    );
    router.add(
        "GET",
        "/v1.0/organization/:org",
        graphRoute((ctx, params): Reply => {
            const { tenant } = organizationTarget(ctx, params.org, "read");
            const body = { "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#organization/$entity", ...renderOrganization(tenant) };
            return jsonReply(200, body, {}, GRAPH_JSON);
        }),
    );
}

/** The organization's properties the emulator knows, named as in the documented example. */
function renderOrganization(tenant: Tenant): Record<string, unknown> {
    return {
        id: tenant.id,
        deletedDateTime: null,
        displayName: tenant.displayName,
        tenantType: "AAD",
        verifiedDomains: tenant.domains.map((name, i) => ({
            capabilities: "Email, OfficeCommunicationsOnline",
            isDefault: i === 0,
            isInitial: name.toLowerCase().endsWith(".onmicrosoft.com"),
            name,
            type: "Managed",
        })),
    };
}
