/**
 * The push lookup without a server: argument validation at preview, the request path (optional project, Azure
 * DevOps Server collections), and the official payloads parsed by the provider's schema.
 */
import { strict as assert } from "node:assert";
import { pushPath } from "../../provider/devops/gitPush/api";
import { handler } from "../../provider/devops/gitPush/handler";
import { GitPush } from "../../provider/devops/gitPush/schema";
import { conformance } from "../support/conformance";
import { configureOffline } from "../support/offlineConfig";

const valid = { organization: "fabrikam", project: "Web Portal", repository: "web", pushId: 2, includeCommits: 10, includeRefUpdates: true };
const check = async (news: Record<string, unknown>) => {
    await configureOffline(handler);
    return handler.check!({}, news);
};

describe("GitPush lookup: arguments, paths, payloads", () => {
    it("accepts valid arguments and reports each invalid one with its path", async () => {
        assert.deepEqual((await check(valid)).failures, []);
        const r = await check({ ...valid, organization: "fab rikam", pushId: 0, includeCommits: true, extra: 1 });
        assert.deepEqual(r.failures!.map((f) => f.property).sort(), ["extra", "includeCommits", "organization", "pushId"]);
        assert.equal((await check({ ...valid, pushId: 2 ** 31 })).failures![0]!.reason, "must fit in int32");
    });

    it("replaces the lookup when any argument changes", async () => {
        assert.deepEqual(await handler.diff!("id", valid, { ...valid, pushId: 3 }), {
            changes: true,
            replaces: ["pushId"],
            deleteBeforeReplace: false,
        });
        assert.deepEqual(await handler.diff!("id", valid, valid), { changes: false, replaces: [], deleteBeforeReplace: false });
    });

    it("leaves the project segment out when it is omitted, and does not repeat a Server collection", () => {
        assert.deepEqual(pushPath("https://dev.azure.com", { ...valid, project: undefined }), [
            "fabrikam",
            "_apis",
            "git",
            "repositories",
            "web",
            "pushes",
            "2",
        ]);
        assert.deepEqual(pushPath("https://dev.azure.com", valid).slice(0, 3), ["fabrikam", "Web Portal", "_apis"]);
        assert.deepEqual(pushPath("https://tfs.contoso.com/DefaultCollection", { ...valid, organization: "DefaultCollection" }).slice(0, 2), [
            "Web Portal",
            "_apis",
        ]);
        assert.deepEqual(pushPath("https://tfs.contoso.com", { ...valid, organization: "DefaultCollection" }).slice(0, 2), [
            "DefaultCollection",
            "Web Portal",
        ]);
    });

    it("parses the official push payloads, keeping the fields it does not model", () => {
        const push = GitPush.parse(conformance("azdo-push-get.response.json"));
        assert.equal(typeof push.pushId, "number");
        assert.ok(push._links && typeof Object.values(push._links)[0]!.href === "string");
        const list = conformance<{ value: unknown[] }>("azdo-push-list-includerefupdates.response.json");
        for (const item of list.value) {
            const p = GitPush.parse(item);
            assert.ok(Array.isArray(p.refUpdates), "refUpdates when includeRefUpdates=true");
        }
    });
});
