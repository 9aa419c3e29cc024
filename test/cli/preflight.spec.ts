/**
 * What a preview can know before anything is written, under the real engine: it signs in once per tenant and audience
 * and reads each named workspace once (read-only), so a refused secret or a workspace the identity may not use fails
 * the preview with the message `up` gives, instead of an `up` that fails halfway. And when every resource of a refresh
 * fails for one cause, the cause is told once.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { IDS, useEmulator } from "../support/emulator";
import { QUICKSTART_APP } from "../../harness/emulatorStack";
import { CliStack, describeCli, emulatorStackConfig, ROOT } from "./pulumi";

const PROGRAM_DIR = path.join(ROOT, "test", "fixtures", "programs", "preflight");
const WRONG_SECRET = "not-the-quickstart-secret";

describeCli("what a preview checks, through the real engine", (binDir) => {
    const fx = useEmulator();

    /** Requests other than token requests and GETs: what a preview must never send. */
    async function writes(): Promise<string[]> {
        return (await fx.emu.admin.requests()).filter((r) => r.method !== "GET" && !r.path.includes("/oauth2/")).map((r) => `${r.method} ${r.path}`);
    }

    it("signs in once per audience and reads the named workspace once, writing nothing", async () => {
        const config = { ...emulatorStackConfig(fx.emu.url), workspaceId: IDS.salesWorkspaceId, datasets: "3" };
        const stack = await CliStack.create(binDir, { projectDir: PROGRAM_DIR, stack: "signs-in", config });
        try {
            await stack.preview();
            const log = await fx.emu.admin.requests();
            const tokens = log.filter((r) => r.path.endsWith("/oauth2/v2.0/token")).map((r) => new URLSearchParams(r.bodyText).get("scope"));
            assert.deepEqual(tokens.sort(), ["https://analysis.windows.net/powerbi/api/.default", "https://graph.microsoft.com/.default"]);
            const listings = log.filter((r) => r.method === "GET" && r.path.endsWith(`/groups/${IDS.salesWorkspaceId}/datasets`));
            assert.equal(listings.length, 1, "the workspace was not read exactly once for three datasets");
            assert.deepEqual(await writes(), []);
        } finally {
            await stack.dispose();
        }
    });

    it("a wrong client secret fails the preview with the sign-in error, before the branding is changed", async () => {
        const config = { ...emulatorStackConfig(fx.emu.url, { ...QUICKSTART_APP, secret: WRONG_SECRET }) };
        const stack = await CliStack.create(binDir, { projectDir: PROGRAM_DIR, stack: "wrong-secret", config });
        try {
            const r = await stack.run(["preview", "--config-file", stack.configFile]);
            assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
            assert.match(r.output, /401 invalid_client\/AADSTS7000215/);
            assert.match(r.output, /the client secret is wrong or expired/);
            assert.ok(!r.output.includes(WRONG_SECRET));
            assert.deepEqual(await writes(), []);
        } finally {
            await stack.dispose();
        }
    });

    it("a workspace the identity is not a member of fails the preview with the service's 403, before the branding is changed", async () => {
        const config = { ...emulatorStackConfig(fx.emu.url), workspaceId: IDS.financeWorkspaceId };
        const stack = await CliStack.create(binDir, { projectDir: PROGRAM_DIR, stack: "finance", config });
        try {
            const r = await stack.run(["preview", "--config-file", stack.configFile]);
            assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
            assert.match(r.output, /403 PowerBINotAuthorizedException/);
            assert.match(r.output, new RegExp(`dataset "Preflight-0" in workspace ${IDS.financeWorkspaceId}`));
            assert.deepEqual(await writes(), []);
        } finally {
            await stack.dispose();
        }
    });

    it("a refresh whose saved secret is refused tells the cause once, with no stack trace", async () => {
        const config = { ...emulatorStackConfig(fx.emu.url), datasets: "4" };
        const stack = await CliStack.create(binDir, { projectDir: PROGRAM_DIR, stack: "refresh-once", config });
        try {
            await stack.up();
            const state = await fx.emu.admin.state();
            state.tenants[0]!.clients.find((c) => c.clientId === IDS.quickstartClientId)!.secret = WRONG_SECRET;
            await fx.emu.admin.seed(state);

            const r = await stack.run(["refresh", "--yes", "--skip-preview", "--config-file", stack.configFile]);
            assert.notEqual(r.code, 0, `the refresh passed:\n${r.output}`);
            // The engine prints each resource's error in its progress lines and again under Diagnostics: count there.
            const diagnostics = r.output.slice(r.output.indexOf("Diagnostics:"));
            assert.equal(diagnostics.match(/the client secret is wrong or expired/g)?.length, 1, `the cause is not told once:\n${diagnostics}`);
            const repeats = diagnostics.match(
                /error: read failed: signing in failed \(401 invalid_client\/AADSTS7000215\), as reported in full for /g,
            );
            assert.equal(repeats?.length, 4, `the other resources do not point at it:\n${diagnostics}`);
            assert.doesNotMatch(r.output, /\n\s+at .*\.js:\d+/, "a stack trace was printed");
        } finally {
            await stack.dispose();
        }
    });
});
