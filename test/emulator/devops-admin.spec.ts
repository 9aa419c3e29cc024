import { strict as assert } from "node:assert";
import { EmulatorAdminError } from "../../emulator/client";
import { conformance } from "../support/conformance";
import { devops, pushPath, type Push } from "./devops-helpers";
import { IDS, useEmulator } from "../support/emulator";

/** Every key of `official` is in `ours` with the same JSON type, recursively (arrays: against our first item). */
function assertSameShape(official: unknown, ours: unknown, at = "$"): void {
    const kind = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
    assert.equal(kind(ours), kind(official), `${at}: ${kind(ours)} instead of ${kind(official)}`);
    if (Array.isArray(official) && Array.isArray(ours) && official.length > 0 && ours.length > 0) {
        assertSameShape(official[0], ours[0], `${at}[0]`);
    } else if (kind(official) === "object") {
        for (const [key, value] of Object.entries(official as Record<string, unknown>)) {
            assert.ok(key in (ours as Record<string, unknown>), `${at}.${key} is missing`);
            assertSameShape(value, (ours as Record<string, unknown>)[key], `${at}.${key}`);
        }
    }
}

describe("emulator: Azure DevOps conformance and admin API", () => {
    const f = useEmulator();

    it("answers push 23 in the shape of the official Pushes - Get example", async () => {
        const res = await devops(f.emu, pushPath(IDS.devopsFiberRepositoryId, 23));
        const official = conformance<Record<string, unknown>>("azdo-push-get.response.json");
        assertSameShape(official, res.json);
        const ours = res.json as Push;
        assert.equal(ours.date, official.date);
        assert.deepEqual(ours.commits, official.commits);
    });

    it("answers pushes 3 and 2 with ref updates in the shape of the official list example's items", async () => {
        const official = conformance<{ value: { pushId: number }[] }>("azdo-push-list-includerefupdates.response.json");
        for (const item of official.value) {
            const res = await devops(
                f.emu,
                pushPath(IDS.devopsFiberRepositoryName, item.pushId, IDS.devopsFiberProjectName),
                "api-version=7.1&includeRefUpdates=true",
            );
            assert.equal(res.status, 200, res.text);
            assertSameShape(item, res.json, `value[pushId=${item.pushId}]`);
            assert.deepEqual((res.json as Push).refUpdates, (item as unknown as Push).refUpdates);
        }
    });

    it("renders errors with every key of the official error payload", async () => {
        const res = await devops(f.emu, pushPath("nope", 1));
        assertSameShape(conformance("azdo-error-400.response.json"), res.json);
    });

    it("lists organizations with their tenant, projects, repositories and pushes", async () => {
        const data = await f.emu.admin.devOps();
        assert.deepEqual(data.rateLimit, { mode: null });
        const org = data.organizations.find((o) => o.name === IDS.devopsOrganization);
        assert.equal(org?.tenantId, IDS.tenantId);
        const web = org?.projects.find((p) => p.name === IDS.devopsWebProjectName)?.repositories[0];
        assert.deepEqual(
            web?.pushes.map((p) => p.pushId),
            [1, 2, 3],
        );
    });

    it("adds a push out of band that the route then serves, with defaults filled in", async () => {
        const added = await f.emu.admin.addDevOpsPush(IDS.devopsOrganization, {
            project: IDS.devopsWebProjectName,
            repository: IDS.devopsWebRepositoryName,
            pushedBy: { id: IDS.bobId, displayName: "Bob", uniqueName: IDS.bobUpn },
            refUpdates: [{ name: "refs/heads/main", oldObjectId: "a".repeat(40), newObjectId: "b".repeat(40) }],
        });
        assert.equal(added.pushId, 4);
        assert.equal(added.date, f.clock.now().toISOString());
        const res = await devops(f.emu, pushPath(IDS.devopsWebRepositoryName, 4), "api-version=7.1&includeRefUpdates=true");
        assert.equal(res.status, 200, res.text);
        const push = res.json as Push;
        assert.equal(push.pushedBy.displayName, "Bob");
        assert.equal(push.refUpdates?.[0].repositoryId, IDS.devopsWebRepositoryId);
    });

    it("refuses a taken push id (409), an unknown repository (404) and a push without pushedBy (400)", async () => {
        const where = { repository: IDS.devopsWebRepositoryName };
        const bob = { id: IDS.bobId, displayName: "Bob", uniqueName: IDS.bobUpn };
        const cases: [number, Promise<unknown>][] = [
            [409, f.emu.admin.addDevOpsPush("fabrikam", { ...where, pushId: 2, pushedBy: bob })],
            [404, f.emu.admin.addDevOpsPush("fabrikam", { repository: "nope", pushedBy: bob })],
            [404, f.emu.admin.addDevOpsPush("nowhere", { ...where, pushedBy: bob })],
            [400, f.emu.admin.addDevOpsPush("fabrikam", { ...where } as never)],
        ];
        for (const [status, call] of cases) {
            await assert.rejects(call, (err: unknown) => err instanceof EmulatorAdminError && err.status === status);
        }
    });

    it("validates the rate limit setting", async () => {
        await assert.rejects(
            f.emu.admin.setDevOpsRateLimit({ mode: "slow" } as never),
            (err: unknown) => err instanceof EmulatorAdminError && err.status === 400,
        );
        assert.deepEqual(await f.emu.admin.setDevOpsRateLimit({ mode: "delay", delaySeconds: 2 }), { mode: "delay", delaySeconds: 2 });
        await f.emu.admin.setDevOpsRateLimit({ mode: null });
    });
});
