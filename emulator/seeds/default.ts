/**
 * The default seed: one tenant (contoso) with a quickstart app registration, an app without permissions,
 * and three users whose passes show the three usual states. Times are relative to the emulator's start so
 * that the quickstart always shows a usable pass for alice, one user without a pass, and a pass that is
 * not yet valid.
 */
import type { Seed } from "../state";

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
} as const;

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
            },
        ],
    };
}
