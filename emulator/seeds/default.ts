/**
 * The default seed: contoso with a quickstart app registration, an app without permissions, three users
 * whose passes show the three usual states, a default branding with a banner logo, and two Power BI
 * workspaces (Sales, which the quickstart client may use, and Finance, which it may not); fabrikam (licensed,
 * no branding yet) and northwind (no custom branding license), each with a branding client. Times are
 * relative to the emulator's start so that the quickstart always shows a usable pass for alice, one user
 * without a pass, and a pass that is not yet valid.
 */
import { createHash } from "node:crypto";
import { emptyEntry, type StoredBranding } from "../store/branding/model";
import { newRelativeUrl } from "../store/branding/urls";
import type { ClientApp, Seed } from "../store/state";
import { DEVOPS_SEED_IDS, devopsSeed } from "./devops";
import { solidPng } from "./png";

/** Well-known ids of the default seed, for the quickstart, the docs and tests. */
export const DEFAULT_SEED_IDS = {
    tenantId: "7d3f1c2a-5b9e-4f61-8a2d-0c4e6b8f9a10",
    domain: "contoso.onmicrosoft.com",
    quickstartClientId: "3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70",
    quickstartClientSecret: "quickstart-secret-not-for-production",
    noPermissionsClientId: "9a0b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
    noPermissionsClientSecret: "no-permissions-secret",
    aliceId: "071cc716-8147-4397-a5ba-b2105951cc0b",
    aliceUpn: "alice@contoso.onmicrosoft.com",
    aliceTapId: "bdaede67-61e0-4349-9347-d2d6afd84009",
    bobId: "5b1a2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
    bobUpn: "bob@contoso.onmicrosoft.com",
    guestId: "8e7d6c5b-4a3f-4e2d-9c1b-0a9f8e7d6c5b",
    guestUpn: "ann_contoso.com#EXT#@fabrikam.onmicrosoft.com",
    guestTapId: "4f3e2d1c-0b9a-4876-a543-210fedcba987",
    /** A licensed tenant without a default branding. */
    fabrikamTenantId: "7e169cc6-2f83-4181-b014-e107bae5334a",
    fabrikamDomain: "fabrikam.onmicrosoft.com",
    fabrikamClientId: "1f6cf87b-0e44-44aa-b45a-cedc88c221e7",
    fabrikamClientSecret: "fabrikam-branding-secret",
    /** A tenant without a custom branding license (`premium: false`) and without branding. */
    northwindTenantId: "0d7fadca-f01f-434d-a363-09d612f85bbf",
    northwindDomain: "northwind.onmicrosoft.com",
    northwindClientId: "c9411c0d-5d34-4ce2-8dea-938513d7c360",
    northwindClientSecret: "northwind-branding-secret",
    /** contoso's Power BI workspace "Sales" (the official examples' group id); the quickstart client and alice are members. */
    salesWorkspaceId: "f089354e-8366-4e18-aea3-4cb4a3a50b48",
    /** contoso's Power BI workspace "Finance"; only bob is a member (not the quickstart client). */
    financeWorkspaceId: "2b6d41f0-93c7-4e8a-b5d2-7a1e0c9f3b64",
    /** Azure DevOps: organization `fabrikam` (in contoso's tenant), its projects, repositories and alice's PATs (seeds/devops.ts). */
    ...DEVOPS_SEED_IDS,
} as const;

/** contoso's seeded banner logo: a 200x30 PNG in the branding's blue. */
export const DEFAULT_BANNER_LOGO_PNG: Buffer = solidPng(200, 30, [0x0f, 0x6c, 0xbd]);

/** What contoso's default branding holds in the default seed (its only localization is the default). */
export const DEFAULT_SEED_BRANDING = {
    backgroundColor: "#0F6CBD",
    signInPageText: "Contoso",
    usernameHintText: "",
    bannerLogoContentType: "image/png",
    bannerLogoSize: DEFAULT_BANNER_LOGO_PNG.length,
    bannerLogoSha256: createHash("sha256").update(DEFAULT_BANNER_LOGO_PNG).digest("hex"),
} as const;

/** Graph application permissions of the branding clients of fabrikam and northwind. */
const BRANDING_ROLES = ["OrganizationalBranding.ReadWrite.All", "Organization.Read.All"];

function brandingClient(clientId: string, secret: string): ClientApp {
    return { clientId, displayName: "tenantkit-branding", secret, permissions: { graph: [...BRANDING_ROLES], powerbi: [], devops: [] } };
}

function contosoBranding(tenantId: string, start: Date): StoredBranding {
    const b = DEFAULT_SEED_BRANDING;
    const entry = { ...emptyEntry(), backgroundColor: b.backgroundColor, signInPageText: b.signInPageText, usernameHintText: b.usernameHintText };
    entry.streams.bannerLogo = {
        contentType: b.bannerLogoContentType,
        base64: DEFAULT_BANNER_LOGO_PNG.toString("base64"),
        relativeUrl: newRelativeUrl(tenantId, null, "bannerLogo", start, entry),
    };
    return { default: entry, localizations: {} };
}

const MINUTE = 60_000;

function iso(ms: number): string {
    return new Date(ms).toISOString();
}

/** The default directory, with pass times computed from `start` (the emulator's start time). */
export function defaultSeed(start: Date): Seed {
    const t = start.getTime();
    const ids = DEFAULT_SEED_IDS;
    return {
        tenants: [
            {
                id: ids.tenantId,
                domains: [ids.domain],
                clients: [
                    {
                        clientId: ids.quickstartClientId,
                        displayName: "tenantkit-quickstart",
                        secret: ids.quickstartClientSecret,
                        permissions: {
                            graph: ["UserAuthMethod-TAP.Read.All", "OrganizationalBranding.ReadWrite.All", "Organization.Read.All"],
                            powerbi: ["Dataset.ReadWrite.All"],
                            devops: [],
                        },
                    },
                    {
                        clientId: ids.noPermissionsClientId,
                        displayName: "no-permissions",
                        secret: ids.noPermissionsClientSecret,
                        permissions: { graph: [], powerbi: [], devops: [] },
                    },
                ],
                users: [
                    {
                        id: ids.aliceId,
                        userPrincipalName: ids.aliceUpn,
                        displayName: "Alice",
                        temporaryAccessPass: {
                            id: ids.aliceTapId,
                            createdDateTime: iso(t - 6 * MINUTE),
                            startDateTime: iso(t - 5 * MINUTE),
                            lifetimeInMinutes: 60,
                            isUsableOnce: false,
                        },
                    },
                    { id: ids.bobId, userPrincipalName: ids.bobUpn, displayName: "Bob", temporaryAccessPass: null },
                    {
                        id: ids.guestId,
                        userPrincipalName: ids.guestUpn,
                        displayName: "Ann (guest)",
                        temporaryAccessPass: {
                            id: ids.guestTapId,
                            createdDateTime: iso(t - MINUTE),
                            startDateTime: iso(t + 120 * MINUTE),
                            lifetimeInMinutes: 480,
                            isUsableOnce: true,
                        },
                    },
                ],
                displayName: "Contoso",
                premium: true,
                branding: contosoBranding(ids.tenantId, start),
                powerbi: {
                    workspaces: [
                        { id: ids.salesWorkspaceId, name: "Sales", members: [ids.quickstartClientId, ids.aliceId] },
                        { id: ids.financeWorkspaceId, name: "Finance", members: [ids.bobId] },
                    ],
                    datasets: [],
                },
                devops: devopsSeed({ id: ids.aliceId, upn: ids.aliceUpn }),
            },
            {
                id: ids.fabrikamTenantId,
                domains: [ids.fabrikamDomain],
                clients: [brandingClient(ids.fabrikamClientId, ids.fabrikamClientSecret)],
                users: [],
                displayName: "Fabrikam",
                premium: true,
                branding: null,
            },
            {
                id: ids.northwindTenantId,
                domains: [ids.northwindDomain],
                clients: [brandingClient(ids.northwindClientId, ids.northwindClientSecret)],
                users: [],
                displayName: "Northwind Traders",
                premium: false,
                branding: null,
            },
        ],
    };
}
