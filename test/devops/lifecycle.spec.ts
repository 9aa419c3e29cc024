/**
 * devops.GitPush and getGitPush(Output) through the engine harness and the emulator (examples/lookups is the
 * program): the wire request, both auth kinds, with and without project, each error path, and no PAT anywhere.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { inspect } from "node:util";
import { fetchGitPush } from "../../provider/devops/gitPush/api";
import { createServiceClient } from "../../provider/core/http/http";
import { resolveSettings, type SettingKey } from "../../provider/core/settings/settings";
import { sessionFor } from "../../provider/core/auth/session";
import { LifecycleRunner, type RunResult } from "../../harness/lifecycle";
import { secret, type StackConfig } from "../../harness/wire";
import { IDS, useEmulator } from "../support/emulator";
import { rejectionOf } from "../support/rejection";
import { emulatorConfig, useStateDir } from "../support/stacks";
import { devopsService } from "../../provider/devops/devopsService";

const PROGRAM = path.resolve(__dirname, "..", "..", "examples", "lookups", "index.ts");
const TYPE = "pulumi-nodejs:dynamic/tenantkit:GitPush";

describe("GitPush lookup through the engine harness", function () {
    this.timeout(120_000);
    const fx = useEmulator();
    const states = useStateDir("tk-devops-");
    const runner = (stack: string, extra: StackConfig = {}, pat: string | null = IDS.devopsPat) =>
        new LifecycleRunner({
            programPath: PROGRAM,
            statePath: states.statePath(stack),
            project: "tenantkit-lookups",
            config: { ...emulatorConfig(fx), ...(pat ? { "tenantkit:devopsPat": secret(pat) } : {}), ...extra },
        });
    const ok = (r: RunResult) => assert.deepEqual(r.errors, [], JSON.stringify(r.errors, null, 2));
    const ops = (r: RunResult) => r.steps.filter((s) => s.type === TYPE).map((s) => s.op);
    const devopsCalls = () => fx.emu.admin.requests({ service: "devops" });

    it("reads a push with its commits and ref updates, with a PAT, and a second preview is quiet", async () => {
        const up = await runner("pat").up();
        ok(up);
        assert.equal(up.outputs.pushedBy, "Alice");
        assert.equal(up.outputs.commitCount, 3);
        assert.match(String((up.outputs.refUpdates as string[])[0]), /^refs\/heads\/\S+ 0000000\.\./);
        const get = (await devopsCalls()).find((r) => r.query["includeCommits"] === "10")!;
        assert.equal(get.path, `/devops/fabrikam/Web%20Portal/_apis/git/repositories/web/pushes/2`);
        assert.deepEqual(get.query, { "api-version": "7.1", includeCommits: "10", includeRefUpdates: "true" });
        assert.equal(get.headers.authorization, `Basic ${Buffer.from(`:${IDS.devopsPat}`).toString("base64")}`);
        assert.equal(get.headers["x-tfs-fedauthredirect"], "Suppress");
        assert.deepEqual(ops(await runner("pat").preview()), ["same"]);
        assert.deepEqual(ops(await runner("pat").refresh()), ["refresh:same"]);
        ok(await runner("pat").destroy());
    });

    it("omits the project segment when no project is given, and authenticates with an Entra token", async () => {
        const up = await runner(
            "bearer",
            { "tenantkit-lookups:project": "", "tenantkit-lookups:repository": IDS.devopsFiberRepositoryName, "tenantkit-lookups:pushId": "23" },
            null,
        );
        ok(await up.up());
        const get = (await devopsCalls())[0]!;
        assert.equal(get.path, `/devops/fabrikam/_apis/git/repositories/Fabrikam-Fiber-Git/pushes/23`);
        assert.match(get.headers.authorization ?? "", /^Bearer ey/);
    });

    it("keeps the PAT out of state, outputs and the host's output", async () => {
        const up = await runner("secret").up();
        ok(up);
        const state = fs.readFileSync(states.statePath("secret"), "utf8");
        const basic = Buffer.from(`:${IDS.devopsPat}`).toString("base64");
        for (const text of [state, JSON.stringify(up.outputs), ...up.logs.stdout, ...up.logs.stderr]) {
            assert.ok(!text.includes(IDS.devopsPat) && !text.includes(basic));
        }
    });

    describe("errors", () => {
        const settings = (values: Partial<Record<SettingKey, string>>) => resolveSettings((k) => ({ emulator: fx.emu.url, ...values })[k], {});
        const read = (pat: string, args: Partial<Parameters<typeof fetchGitPush>[1]> = {}) =>
            fetchGitPush(sessionFor(settings({ devopsPat: pat })).client(devopsService), {
                organization: "fabrikam",
                project: "Web Portal",
                repository: "web",
                pushId: 2,
                ...args,
            });

        it("says what to check when the PAT is refused, without the PAT", async () => {
            const err = await rejectionOf(read("not-a-valid-pat-value"));
            assert.equal(err.name, "AuthenticationError");
            assert.match(err.message, /devops GET \/fabrikam\/Web%20Portal\/_apis\/git\/repositories\/web\/pushes\/2\?api-version=7\.1 failed/);
            assert.match(err.message, /has not expired, has the Code \(Read\) scope vso\.code and was created for organization "fabrikam"/);
            for (const text of [String(err), JSON.stringify(err), inspect(err)]) assert.ok(!text.includes("not-a-valid-pat-value"));
        });

        it("refuses a PAT without the code scope", async () => {
            const err = await rejectionOf(read(IDS.devopsPatNoCode));
            assert.match(err.message, /vso\.code/);
        });

        it("says which push, repository or project does not exist", async () => {
            assert.match((await rejectionOf(read(IDS.devopsPat, { pushId: 999 }))).message, /404 .*Next: push 999 was not found/);
            assert.match((await rejectionOf(read(IDS.devopsPat, { repository: "nope" }))).message, /404 .*Next: repository "nope" was not found/);
            assert.match((await rejectionOf(read(IDS.devopsPat, { project: "Nowhere" }))).message, /404 .*Next: project "Nowhere" was not found/);
        });

        it("waits out a 429 with Retry-After and succeeds", async () => {
            await fx.emu.admin.setFaults({ match: { service: "devops" }, kind: "status", status: 429, retryAfter: "0.05", times: 1 });
            const push = await read(IDS.devopsPat, { pushId: 3 });
            assert.equal(push.pushId, 3);
            assert.deepEqual(
                (await devopsCalls()).map((r) => r.status),
                [429, 200],
            );
        });

        it("slows down when Azure DevOps starts delaying (X-RateLimit-Delay), before it blocks", async () => {
            await fx.emu.admin.setDevOpsRateLimit({ mode: "delay", delaySeconds: 2.5, retryAfter: 1 });
            try {
                let t = Date.now();
                const waits: number[] = [];
                const client = createServiceClient({
                    profile: devopsService,
                    baseUrl: `${fx.emu.url}/devops`,
                    maxConcurrent: 2,
                    authorize: async () => `Basic ${Buffer.from(`:${IDS.devopsPat}`).toString("base64")}`,
                    now: () => t,
                    sleep: async (ms) => {
                        waits.push(ms);
                        t += ms;
                    },
                });
                const args = { organization: "fabrikam", project: "Web Portal", repository: "web", pushId: 1 };
                await fetchGitPush(client, args);
                assert.deepEqual(waits, [], "the first request goes out at once");
                await fetchGitPush(client, args);
                assert.ok(waits.reduce((a, b) => a + b, 0) >= 2500, `the next one waited the announced delay: ${waits}`);
            } finally {
                await fx.emu.admin.setDevOpsRateLimit({ mode: null });
            }
        });
    });
});
