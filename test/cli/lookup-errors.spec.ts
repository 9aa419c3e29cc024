/**
 * How a failed get function reaches the user under the real CLI (issue 25, items 3 and 4): one message naming the
 * function and its identifying argument, the status, service code, request id and next step; no stack trace, no dump
 * of the error's fields in colour codes, no rejection warnings; and no minute of CPU before it. The SDK formats every
 * uncaught error that is not a frameless RunError with `util.inspect(err, { colors: true })`, and Node loops in that
 * call on a stack frame such as `node_modules/@pulumi/output.ts:379:13` (nodejs/node#64011) until the string is too
 * long: 3.5 GB and about a minute, a crash under a 128 MB heap.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { IDS, useEmulator } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, ROOT, secret, type CliResult, type StackConfig } from "./pulumi";
import { closedPort } from "../support/ports";

const PROGRAM = path.join(ROOT, "test", "fixtures", "programs", "lookup-errors");
const PUSH = 'getGitPush \\(push 2 of repository "Fabrikam-Fiber-Git" in organization "fabrikam"\\)';

/** What no failure of a get function may print. */
function assertClean(r: CliResult): void {
    assert.doesNotMatch(r.output, /^\s+at /m, "a stack trace was printed");
    assert.ok(!r.output.includes("\u001b["), "ANSI colour codes were printed");
    assert.doesNotMatch(r.output, /\{\s*$\s+service:/m, "the error's fields were dumped");
    assert.doesNotMatch(r.output, /PromiseRejection|unhandled exception/);
}

describeCli("a failed get function under the real CLI", (binDir) => {
    const fx = useEmulator();
    const stacks: CliStack[] = [];
    afterEach(async () => {
        for (const s of stacks.splice(0)) await s.dispose();
    });

    async function preview(lookup: string, config: StackConfig, env?: Record<string, string>): Promise<CliResult> {
        const stack = await CliStack.create(binDir, {
            projectDir: PROGRAM,
            stack: "lookup",
            config: { ...config, "tenantkit:devopsPat": secret(IDS.devopsPat), "lookuperrors:lookup": lookup },
            env,
        });
        stacks.push(stack);
        const r = await stack.run(["preview", "--config-file", stack.configFile]);
        assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
        return r;
    }

    it("a lookup whose settings are invalid fails with the settings error, sends nothing, and is not formatted with a stack (which ran out of a 128 MB heap)", async () => {
        // A cloud that does not exist: invalid for every call (a missing tenantId is not, for a lookup signed in by a PAT).
        const config = { ...emulatorStackConfig(fx.emu.url), "tenantkit:cloud": "Azure" };
        const r = await preview("getGitPushOutput", config, { NODE_OPTIONS: "--max-old-space-size=128" });
        assert.doesNotMatch(r.output, /heap out of memory/);
        assert.match(
            r.output,
            new RegExp(`error: ${PUSH}: tenantkit settings are invalid \\(1 problem\\):\\n\\s+- tenantkit:cloud: "Azure" is not a known cloud`),
        );
        assert.match(r.output, /Fix: pulumi config set tenantkit:cloud <Global\|USGov\|USGovDoD\|China>/);
        assert.deepEqual(await fx.emu.admin.requests(), [], "a lookup with invalid settings sent a request");
        assertClean(r);
    });

    it("getGitPushOutput refused by the service: one message with the status, service code, request id and next step", async () => {
        await fx.emu.admin.setFaults({ match: { service: "devops" }, kind: "status", status: 404 });
        const r = await preview("getGitPushOutput", emulatorStackConfig(fx.emu.url));
        assert.match(
            r.output,
            new RegExp(
                `error: ${PUSH} \\(read push 2\\): devops GET /fabrikam/Fabrikam-Fiber-Git/_apis/git/repositories/Fabrikam-Fiber-Git/pushes/2\\?api-version=7\\.1 failed: 404 \\S+`,
            ),
        );
        assert.match(r.output, /\(request-id [^)]+\)\. Next: /);
        assertClean(r);
    });

    it("getGitPush, the Promise form, fails the same way", async () => {
        await fx.emu.admin.setFaults({ match: { service: "devops" }, kind: "status", status: 404 });
        const r = await preview("getGitPush", emulatorStackConfig(fx.emu.url));
        assert.match(r.output, new RegExp(`error: ${PUSH} \\(read push 2\\): devops GET \\S+ failed: 404 \\S+.*\\(request-id [^)]+\\)\\. Next: `));
        assertClean(r);
    });

    it("getTemporaryAccessPassMethodsOutput refused by Graph fails the same way", async () => {
        await fx.emu.admin.setFaults({ match: { service: "graph" }, kind: "status", status: 403 });
        const r = await preview("getTemporaryAccessPassMethodsOutput", emulatorStackConfig(fx.emu.url));
        assert.match(
            r.output,
            /error: getTemporaryAccessPassMethods \(user "alice@contoso\.onmicrosoft\.com"\) \(list TAP methods\): graph GET \S+ failed: 403 \S+.*request-id [^)]+\)\. Next: the credential may not read the TAP methods of user "alice@contoso\.onmicrosoft\.com": grant the application permission UserAuthMethod-TAP\.Read\.All/,
        );
        assertClean(r);
    });

    it("with the emulator stopped, a DevOps lookup says to start it, as a resource's sign-in does, after one attempt", async () => {
        const port = await closedPort();
        const r = await preview("getGitPushOutput", emulatorStackConfig(`http://127.0.0.1:${port}`));
        assert.match(
            r.output,
            new RegExp(
                `error: ${PUSH} \\(read push 2\\): devops GET \\S+ failed: network error ECONNREFUSED.*Next: the emulator at http://127\\.0\\.0\\.1:${port} could not be reached \\(the connection was refused\\): ` +
                    `tenantkit:emulator \\(TENANTKIT_EMULATOR\\) points there; start the emulator \\(npx tenantkit-emulator --port ${port}\\)`,
            ),
        );
        assert.doesNotMatch(r.output, /after \d+ attempts|retry\.maxAttempts|check network access/);
        assertClean(r);
    });
});
