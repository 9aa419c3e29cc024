/**
 * The emulator's model: tenants with their app registrations and users, the seed that describes them, and the state
 * the store persists. Types only, apart from the store (state.ts) and the seed's checks (seed.ts), which both read them.
 */
import type { StoredBranding } from "./branding/model";
import type { DevOpsData } from "./devops/model";
import type { PowerBiData } from "./powerbi/model";

/** Permissions granted to an app registration, per service (application permissions, i.e. `roles`). */
export interface Permissions {
    graph: string[];
    powerbi: string[];
    devops: string[];
}

/** An app registration that can use the client-credentials flow. */
export interface ClientApp {
    clientId: string;
    displayName: string;
    secret: string;
    permissions: Permissions;
}

/** A user's temporary access pass method as the emulator stores it; usability is computed on read. */
export interface TemporaryAccessPass {
    id: string;
    createdDateTime: string;
    startDateTime: string;
    lifetimeInMinutes: number;
    isUsableOnce: boolean;
    /** A one-time pass that was already used to sign in. */
    used?: boolean;
    /** The authentication methods policy disables TAP for this user (`DisabledByPolicy`). */
    disabledByPolicy?: boolean;
}

/** A directory user. */
export interface User {
    id: string;
    userPrincipalName: string;
    displayName: string;
    temporaryAccessPass: TemporaryAccessPass | null;
}

/** A tenant: its id, verified domains, app registrations, users, its organization's branding, its Power BI and Azure DevOps content. */
export interface Tenant {
    id: string;
    domains: string[];
    clients: ClientApp[];
    users: User[];
    /** The organization's displayName (Graph `GET /organization`). */
    displayName: string;
    /** Whether the tenant holds a license that includes custom branding (Entra ID P1/P2 or Office 365). */
    premium: boolean;
    /** The organizational branding, or null for a tenant without a default branding. */
    branding: StoredBranding | null;
    /** Power BI workspaces and push datasets; absent means none. */
    powerbi?: PowerBiData;
    /** Azure DevOps organizations (with their projects, repositories, pushes) and PATs; absent means none. */
    devops?: DevOpsData;
}

/** A seed: the directory content an emulator starts from (also what `GET /_admin/state` returns). */
export interface Seed {
    tenants: Tenant[];
}

/** A tenant as a seed may give it: displayName (from the first domain), premium (true) and branding (null) have defaults. */
export type TenantInput = Omit<Tenant, "displayName" | "premium" | "branding"> & Partial<Pick<Tenant, "displayName" | "premium" | "branding">>;

/** A seed as a client may send it (see {@link TenantInput}). */
export interface SeedInput {
    tenants: TenantInput[];
}

/** The persisted state: a seed plus the secret that signs tokens, shared by processes on one file. */
export interface EmulatorState extends Seed {
    tokenSecret: string;
}
