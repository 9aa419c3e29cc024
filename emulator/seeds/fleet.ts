/**
 * Generated tenants, for a fleet that runs offline (`tenantkit-emulator --tenants N`, `startEmulator({ tenants: N })`):
 * tenant `i` (1-based) has its own domain, app registration, Power BI workspace and default branding, all derived from
 * `i` alone, so a fleet file, a test or a benchmark names them with {@link fleetTenant} instead of reading the state.
 * Every value is readable from the index (`tenant-0012`, `...-000000000012`) because a user reading a request log or a
 * drift report of a hundred tenants must tell them apart at a glance; random-looking GUIDs would not say which is which.
 */
import { emptyEntry, type StoredBranding } from "../store/branding/model";
import type { Tenant } from "../store/state";

/**
 * The most tenants one emulator generates: the index is written with four digits so that domains and names sort in
 * index order (`tenant-0999` before `tenant-1000`), and a fifth digit would break that order.
 */
export const FLEET_MAX = 9999;

/** What a program or a test needs to sign in to generated tenant `i` and find its workspace. */
export interface FleetTenant {
    /** 1-based, as in the domain. */
    readonly index: number;
    /** `f1ee7000-0000-4000-8000-<index, 12 digits>` */
    readonly tenantId: string;
    /** `tenant-<index, 4 digits>.onmicrosoft.com` */
    readonly domain: string;
    /** `Tenant <index, 4 digits>`, the organization's displayName. */
    readonly displayName: string;
    /** `f1ee7001-0000-4000-8000-<index, 12 digits>`: the app registration `tenantkit-fleet`. */
    readonly clientId: string;
    /** `tenant-<index, 4 digits>-secret-not-for-production`: an emulator-only value, published here on purpose. */
    readonly clientSecret: string;
    /** `f1ee7002-0000-4000-8000-<index, 12 digits>`: the workspace whose only member is the app. */
    readonly workspaceId: string;
    /** `Reports`, in every generated tenant (one standard across the fleet; the id tells them apart). */
    readonly workspaceName: string;
}

/** The Graph application roles and Power BI permissions of the default seed's quickstart application. */
const FLEET_PERMISSIONS = {
    graph: ["UserAuthMethod-TAP.Read.All", "OrganizationalBranding.ReadWrite.All", "Organization.Read.All"],
    powerbi: ["Dataset.ReadWrite.All"],
    devops: [],
} as const;

/** The default branding every generated tenant starts with; signInPageText also names the tenant. */
export const FLEET_BRANDING = { backgroundColor: "#0F6CBD" } as const;

/** Checks a count of tenants to generate; the message names the limit so a caller can fix the value. */
export function checkFleetSize(count: number, what = "tenants"): void {
    if (!Number.isInteger(count) || count < 0 || count > FLEET_MAX) {
        throw new RangeError(`${what} must be an integer from 0 to ${FLEET_MAX}, got ${String(count)}`);
    }
}

/** The settings of generated tenant `index` (1 to {@link FLEET_MAX}); the same on every run and every machine. */
export function fleetTenant(index: number): FleetTenant {
    if (!Number.isInteger(index) || index < 1 || index > FLEET_MAX) {
        throw new RangeError(`a generated tenant's index is an integer from 1 to ${FLEET_MAX} (tenant-0001 is 1), got ${String(index)}`);
    }
    const four = String(index).padStart(4, "0");
    const guid = (kind: string): string => `f1ee700${kind}-0000-4000-8000-${String(index).padStart(12, "0")}`;
    return {
        index,
        tenantId: guid("0"),
        domain: `tenant-${four}.onmicrosoft.com`,
        displayName: `Tenant ${four}`,
        clientId: guid("1"),
        clientSecret: `tenant-${four}-secret-not-for-production`,
        workspaceId: guid("2"),
        workspaceName: "Reports",
    };
}

/** The settings of generated tenants 1 to `count`. */
export function fleetTenants(count: number): FleetTenant[] {
    checkFleetSize(count);
    return Array.from({ length: count }, (_, i) => fleetTenant(i + 1));
}

function fleetBranding(settings: FleetTenant): StoredBranding {
    return { default: { ...emptyEntry(), backgroundColor: FLEET_BRANDING.backgroundColor, signInPageText: settings.displayName }, localizations: {} };
}

/** Generated tenants 1 to `count` in the seed's model: licensed for custom branding, no users, no Azure DevOps. */
export function fleetSeedTenants(count: number): Tenant[] {
    return fleetTenants(count).map((s) => ({
        id: s.tenantId,
        domains: [s.domain],
        clients: [
            {
                clientId: s.clientId,
                displayName: "tenantkit-fleet",
                secret: s.clientSecret,
                permissions: { graph: [...FLEET_PERMISSIONS.graph], powerbi: [...FLEET_PERMISSIONS.powerbi], devops: [] },
            },
        ],
        users: [],
        displayName: s.displayName,
        premium: true,
        branding: fleetBranding(s),
        powerbi: { workspaces: [{ id: s.workspaceId, name: s.workspaceName, members: [s.clientId] }], datasets: [] },
    }));
}
