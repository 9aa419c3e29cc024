import { strict as assert } from "node:assert";
import { tapUsability } from "../../emulator/store/directory";
import { SeedError, validateSeed } from "../../emulator/store/seed";
import { defaultSeed } from "../../emulator/seeds/default";
import { IDS, T0 } from "../support/emulator";

describe("emulator model", () => {
    const tap = {
        id: IDS.aliceTapId,
        createdDateTime: "2025-01-01T00:00:00Z",
        startDateTime: "2025-01-01T10:00:00Z",
        lifetimeInMinutes: 60,
        isUsableOnce: true,
    };

    it("makes a pass usable exactly at its start and expired exactly at start plus lifetime", () => {
        assert.equal(tapUsability(tap, new Date("2025-01-01T09:59:59.999Z")).reason, "NotYetValid");
        assert.deepEqual(tapUsability(tap, new Date("2025-01-01T10:00:00Z")), { isUsable: true, reason: "EnabledByPolicy" });
        assert.deepEqual(tapUsability(tap, new Date("2025-01-01T10:59:59.999Z")), { isUsable: true, reason: "EnabledByPolicy" });
        assert.deepEqual(tapUsability(tap, new Date("2025-01-01T11:00:00Z")), { isUsable: false, reason: "Expired" });
        assert.equal(tapUsability({ ...tap, used: true }, new Date("2025-01-01T10:30:00Z")).reason, "OneTimeUsed");
        assert.equal(tapUsability({ ...tap, disabledByPolicy: true }, new Date("2025-01-01T10:30:00Z")).reason, "DisabledByPolicy");
    });

    it("accepts the default seed, with alice usable, bob without a pass and the guest not yet valid at start", () => {
        const seed = validateSeed(defaultSeed(T0));
        const [alice, bob, guest] = seed.tenants[0].users;
        assert.equal(alice.temporaryAccessPass && tapUsability(alice.temporaryAccessPass, T0).reason, "EnabledByPolicy");
        assert.equal(bob.temporaryAccessPass, null);
        assert.equal(guest.temporaryAccessPass && tapUsability(guest.temporaryAccessPass, T0).reason, "NotYetValid");
        assert.equal(guest.userPrincipalName, "ann_contoso.com#EXT#@fabrikam.onmicrosoft.com");
    });

    it("fills absent permissions with empty lists and a missing displayName with the UPN", () => {
        const seed = validateSeed({
            tenants: [
                {
                    id: IDS.tenantId,
                    domains: ["c.com"],
                    clients: [{ clientId: IDS.quickstartClientId, displayName: "a", secret: "s", permissions: { graph: ["X"] } }],
                    users: [{ id: IDS.bobId, userPrincipalName: "bob@c.com" }],
                },
            ],
        });
        assert.deepEqual(seed.tenants[0].clients[0].permissions, { graph: ["X"], powerbi: [], devops: [] });
        assert.equal(seed.tenants[0].users[0].displayName, "bob@c.com");
        assert.equal(seed.tenants[0].users[0].temporaryAccessPass, null);
    });

    it("reports duplicates across tenants and inside one, and bad pass fields, in one error", () => {
        const seed = defaultSeed(T0);
        const twin = structuredClone(seed.tenants[0]);
        twin.users.push({ ...twin.users[0], temporaryAccessPass: { ...tap, lifetimeInMinutes: 50000, startDateTime: "soon" } });
        const at = seed.tenants.push(twin) - 1;
        assert.throws(
            () => validateSeed(seed, "test seed"),
            (err: Error) => {
                assert.ok(err instanceof SeedError);
                assert.match(err.message, /^test seed is invalid:/);
                assert.deepEqual(err.problems, [
                    `$.tenants[${at}].users[3].temporaryAccessPass.startDateTime: must be an ISO 8601 date-time`,
                    `$.tenants[${at}].users[3].temporaryAccessPass.lifetimeInMinutes: must be an integer from 10 to 43200`,
                    `$.tenants[${at}].users: id ${IDS.aliceId} appears twice`,
                    `$.tenants[${at}].users: userPrincipalName ${IDS.aliceUpn} appears twice`,
                    `$.tenants: tenant id ${IDS.tenantId} appears twice`,
                    `$.tenants: domain ${IDS.domain} belongs to two tenants`,
                    `$.tenants: Azure DevOps organization ${IDS.devopsOrganization} appears twice`,
                ]);
                return true;
            },
        );
    });

    it("rejects something that is not a seed at all", () => {
        assert.throws(() => validateSeed([]), /must be an object with a `tenants` array/);
    });
});
