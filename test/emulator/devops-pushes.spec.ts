import { strict as assert } from "node:assert";
import { devops, devopsError, PAT, pushPath, type Push } from "./devops-helpers";
import { IDS, useEmulator } from "../support/emulator";

describe("emulator: Azure DevOps push lookup", () => {
    const f = useEmulator();
    const WEB = IDS.devopsWebRepositoryName;
    const PROJECT = IDS.devopsWebProjectName;

    it("returns push 23 by repository id without a project, with urls under the emulator's base", async () => {
        const res = await devops(f.emu, pushPath(IDS.devopsFiberRepositoryId, 23));
        assert.equal(res.status, 200, res.text);
        const push = res.json as Push;
        assert.equal(push.pushId, 23);
        assert.equal(push.pushedBy.displayName, "Normal Paulk");
        const repoUrl = `${f.emu.url}/devops/fabrikam/_apis/git/repositories/${IDS.devopsFiberRepositoryId}`;
        assert.equal(push.url, `${repoUrl}/pushes/23`);
        assert.equal(push._links.self.href, push.url);
        assert.equal(push._links.repository.href, repoUrl);
        assert.equal(push._links.commits.href, `${repoUrl}/pushes/23/commits`);
        assert.equal(push.repository.project.name, IDS.devopsFiberProjectName);
        assert.deepEqual(push.commits, []);
        assert.equal(push.refUpdates, undefined);
    });

    it("finds the same push with the project, by names in any case, by ids, and with an encoded space", async () => {
        const paths = [
            pushPath(WEB, 2, PROJECT),
            pushPath("WEB", 2, "web portal"),
            pushPath(IDS.devopsWebRepositoryId, 2, IDS.devopsWebProjectId),
            `/fabrikam/Web%20Portal/_apis/git/repositories/web/pushes/2`,
            pushPath(WEB, 2),
        ];
        for (const path of paths) {
            const res = await devops(f.emu, path);
            assert.equal(res.status, 200, `${path}: ${res.text}`);
            const push = res.json as Push;
            assert.equal(push.pushId, 2, path);
            assert.equal(push.repository.id, IDS.devopsWebRepositoryId, path);
            assert.deepEqual(push.repository.project, {
                id: IDS.devopsWebProjectId,
                name: PROJECT,
                state: "wellFormed",
                visibility: "private",
                url: `${f.emu.url}/devops/fabrikam/_apis/projects/${IDS.devopsWebProjectId}`,
            });
        }
    });

    it("includes at most includeCommits commits and the ref updates only when includeRefUpdates=true", async () => {
        const two = (await devops(f.emu, pushPath(WEB, 2, PROJECT), "api-version=7.1&includeCommits=2")).json as Push;
        assert.deepEqual(
            two.commits?.map((c) => c.comment),
            ["Add the footer", "Add the header"],
        );
        assert.equal(two.refUpdates, undefined);
        const all = (await devops(f.emu, pushPath(WEB, 2, PROJECT), "api-version=7.1&includeCommits=10&includeRefUpdates=true")).json as Push;
        assert.equal(all.commits?.length, 3);
        assert.deepEqual(all.refUpdates, [
            {
                repositoryId: IDS.devopsWebRepositoryId,
                name: "refs/heads/feature/landing",
                oldObjectId: "0".repeat(40),
                newObjectId: all.commits?.[0].commitId,
            },
        ]);
        const none = (await devops(f.emu, pushPath(WEB, 2, PROJECT), "api-version=7.1&includeCommits=0&includeRefUpdates=false")).json as Push;
        assert.deepEqual(none.commits, []);
        assert.equal(none.refUpdates, undefined);
    });

    it("accepts the api-version in the Accept header", async () => {
        const accept = await devops(f.emu, pushPath(WEB, 1), "", { ...PAT, accept: "application/json; api-version=7.1" });
        assert.equal(accept.status, 200, accept.text);
    });

    it("answers 400 with the service's error body when api-version is missing", async () => {
        const res = await devops(f.emu, pushPath(WEB, 1), "");
        assert.equal(res.status, 400);
        const err = devopsError(res);
        assert.equal(err.typeKey, "VssVersionNotSpecifiedException");
        assert.match(
            err.message,
            /^No api-version was supplied for the "GET" request\. The version must be supplied either as part of the Accept header/,
        );
        assert.equal(err.$id, "1");
        assert.equal(err.innerException, null);
        assert.equal(err.errorCode, 0);
        assert.equal(err.eventId, 3000);
        assert.match(err.typeName, /VssVersionNotSpecifiedException, /);
    });

    it("answers 400 for a non-integer includeCommits and a non-boolean includeRefUpdates", async () => {
        const flag = await devops(f.emu, pushPath(WEB, 1), "api-version=7.1&includeCommits=true");
        assert.equal(flag.status, 400);
        assert.match(devopsError(flag).message, /includeCommits/);
        const refs = await devops(f.emu, pushPath(WEB, 1), "api-version=7.1&includeRefUpdates=yes");
        assert.equal(refs.status, 400);
    });

    it("answers 404 for an unknown organization", async () => {
        const res = await devops(f.emu, pushPath(WEB, 1, undefined, "nowhere"));
        assert.equal(res.status, 404);
        assert.match(devopsError(res).message, /nowhere/);
    });

    it("answers 404 TF200016 naming an unknown project", async () => {
        const res = await devops(f.emu, pushPath(WEB, 1, "Mobile App"));
        assert.equal(res.status, 404);
        const err = devopsError(res);
        assert.equal(err.typeKey, "ProjectDoesNotExistWithNameException");
        assert.match(err.message, /^TF200016: The following project does not exist: Mobile App\./);
    });

    it("answers 404 TF401019 naming an unknown repository, also one in another project", async () => {
        for (const path of [pushPath("api", 1), pushPath(WEB, 1, IDS.devopsFiberProjectName)]) {
            const res = await devops(f.emu, path);
            assert.equal(res.status, 404, path);
            const err = devopsError(res);
            assert.equal(err.typeKey, "GitRepositoryNotFoundException");
            assert.match(err.message, /^TF401019: The Git repository with name or identifier (api|web) does not exist/);
        }
    });

    it("answers 404 GitPushNotFoundException naming an unknown push", async () => {
        for (const id of ["99", "abc"]) {
            const res = await devops(f.emu, pushPath(WEB, id, PROJECT));
            assert.equal(res.status, 404);
            assert.equal(devopsError(res).typeKey, "GitPushNotFoundException");
            assert.match(devopsError(res).message, new RegExp(`push ${id} `));
        }
    });

    it("sends ActivityId and X-TFS-Session on successes and errors", async () => {
        for (const res of [await devops(f.emu, pushPath(WEB, 1)), await devops(f.emu, pushPath(WEB, 1), "")]) {
            assert.match(res.headers.get("activityid") ?? "", /^[0-9a-f-]{36}$/);
            assert.match(res.headers.get("x-tfs-session") ?? "", /^[0-9a-f-]{36}$/);
        }
    });
});
