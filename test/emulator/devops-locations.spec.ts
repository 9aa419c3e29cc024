/**
 * The location service the official clients read before any call: OPTIONS `{org}/_apis[/{area}]` and
 * GET `{org}/_apis/ResourceAreas` (emulator/devops/locations.ts), and the push list.
 */
import { strict as assert } from "node:assert";
import { basic, devops, devopsError, PAT } from "./devops-helpers";
import { fetchAll, IDS, useEmulator, type Fetched } from "../support/emulator";

interface Location {
    id: string;
    area: string;
    resourceName: string;
    routeTemplate: string;
    resourceVersion: number;
    minVersion: string;
    maxVersion: string;
    releasedVersion: string;
}

describe("emulator: Azure DevOps location service", () => {
    const f = useEmulator();

    function options(path: string, headers: Record<string, string> = PAT): Promise<Fetched> {
        return fetchAll(`${f.emu.url}/devops${path}`, { method: "OPTIONS", headers });
    }

    it("lists the git pushes location for OPTIONS {org}/_apis/git, any case", async () => {
        for (const area of ["git", "Git"]) {
            const res = await options(`/fabrikam/_apis/${area}`);
            assert.equal(res.status, 200, res.text);
            const body = res.json as { count: number; value: Location[] };
            assert.equal(body.count, 1);
            assert.deepEqual(body.value, [
                {
                    id: "ea98d07b-3c87-4971-8ede-a613694ffb55",
                    area: "git",
                    resourceName: "pushes",
                    routeTemplate: "{project}/_apis/{area}/repositories/{repositoryId}/{resource}/{pushId}",
                    resourceVersion: 3,
                    minVersion: "1.0",
                    maxVersion: "7.2",
                    releasedVersion: "7.1",
                },
            ]);
        }
    });

    it("lists ResourceAreas for OPTIONS {org}/_apis/Location, everything for {org}/_apis, nothing for an unknown area", async () => {
        const location = (await options("/fabrikam/_apis/Location")).json as { value: Location[] };
        assert.deepEqual(
            location.value.map((l) => [l.id, l.resourceName, l.routeTemplate, l.releasedVersion]),
            [["e81700f7-3be2-46de-8624-2eb35882fcaa", "ResourceAreas", "_apis/{resource}/{areaId}", "0.0"]],
        );
        const all = (await options("/fabrikam/_apis")).json as { count: number; value: Location[] };
        assert.deepEqual(
            all.value.map((l) => `${l.area}/${l.resourceName}`),
            ["Location/ResourceAreas", "git/pushes"],
        );
        assert.deepEqual((await options("/fabrikam/_apis/wit")).json, { count: 0, value: [] });
    });

    it("asks for credentials as the other devops calls do", async () => {
        const none = await options("/fabrikam/_apis/git", { "x-tfs-fedauthredirect": "Suppress" });
        assert.equal(none.status, 401);
        assert.equal(devopsError(none).typeKey, "UnauthorizedRequestException");
        assert.equal((await options("/fabrikam/_apis/git", {})).status, 203);
        assert.equal((await options("/fabrikam/_apis/git", basic("not-a-pat"))).status, 203);
        assert.equal((await options("/nowhere/_apis/git")).status, 404);
        assert.equal((await options("/fabrikam/_apis/git", basic(IDS.devopsPatNoCode))).status, 200, "no code scope needed");
    });

    it("says git lives at the organization's URL as the client addressed the emulator, with a trailing slash", async () => {
        const res = await devops(f.emu, "/fabrikam/_apis/ResourceAreas", "api-version=7.2-preview.1");
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(res.json, {
            count: 1,
            value: [{ id: "4e080c62-fa21-4fbc-8fef-2a10a2b38049", name: "git", locationUrl: `${f.emu.url}/devops/fabrikam/` }],
        });
        const viaLocalhost = await fetchAll(`http://localhost:${f.emu.port}/devops/FABRIKAM/_apis/ResourceAreas?api-version=7.1-preview.1`, {
            headers: PAT,
        });
        const areas = viaLocalhost.json as { value: { locationUrl: string }[] };
        assert.equal(areas.value[0].locationUrl, `http://localhost:${f.emu.port}/devops/fabrikam/`);
        const one = await devops(f.emu, "/fabrikam/_apis/ResourceAreas/4E080C62-FA21-4FBC-8FEF-2A10A2B38049", "api-version=7.2-preview.1");
        assert.equal((one.json as { name: string }).name, "git");
        const unknown = await devops(f.emu, "/fabrikam/_apis/ResourceAreas/79134c72-4a58-4b42-976c-04e7115f32bf", "api-version=7.2-preview.1");
        assert.deepEqual([unknown.status, devopsError(unknown).typeKey], [404, "VssResourceNotFoundException"]);
    });

    it("serves ResourceAreas only with a preview api-version, as a resource never released", async () => {
        const released = await devops(f.emu, "/fabrikam/_apis/ResourceAreas", "api-version=7.1");
        assert.equal(released.status, 400);
        assert.equal(devopsError(released).typeKey, "VssInvalidPreviewVersionException");
        assert.equal((await devops(f.emu, "/fabrikam/_apis/ResourceAreas", "api-version=7.1-preview")).status, 200);
    });
});

describe("emulator: Azure DevOps push list", () => {
    const f = useEmulator();
    const list = `/fabrikam/${encodeURIComponent(IDS.devopsWebProjectName)}/_apis/git/repositories/web/pushes`;

    interface ListItem {
        pushId: number;
        url: string;
        refUpdates?: { name: string }[];
        commits?: unknown;
        _links?: unknown;
        repository: { id: string };
    }

    it("lists a repository's pushes newest first, without commits or links, as the official example", async () => {
        const res = await devops(f.emu, list);
        assert.equal(res.status, 200, res.text);
        const body = res.json as { count: number; value: ListItem[] };
        assert.deepEqual(
            body.value.map((p) => p.pushId),
            [3, 2, 1],
        );
        assert.equal(body.count, 3);
        for (const item of body.value) {
            assert.equal(item.commits, undefined);
            assert.equal(item._links, undefined);
            assert.equal(item.refUpdates, undefined);
            assert.equal(item.repository.id, IDS.devopsWebRepositoryId);
        }
    });

    it("pages with $skip and $top and filters by searchCriteria.refName with ref updates", async () => {
        const page = (await devops(f.emu, list, "api-version=7.1&%24skip=1&%24top=1")).json as { value: ListItem[] };
        assert.deepEqual(
            page.value.map((p) => p.pushId),
            [2],
        );
        const main = (await devops(f.emu, list, "api-version=7.1&searchCriteria.refName=refs%2Fheads%2Fmain&searchCriteria.includeRefUpdates=true"))
            .json as { value: ListItem[] };
        assert.deepEqual(
            main.value.map((p) => p.pushId),
            [3, 1],
        );
        assert.deepEqual(
            main.value[0].refUpdates?.map((r) => r.name),
            ["refs/heads/main"],
        );
    });
});
