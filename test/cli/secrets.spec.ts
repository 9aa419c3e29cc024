/**
 * Secrets under the real engine: what `pulumi preview --diff`, `pulumi up`, `pulumi refresh` print and what
 * `pulumi stack export` holds carry no client secret, static token, PAT or temporary access pass, in any encoding.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { DEVOPS_AUDIENCE } from "../../provider/core/settings/clouds";
import { IDS, useEmulator } from "../support/emulator";
import { findLeaks, makeCanaries, seedAccepting, tapListWithPass, withRandomPart, type Artifact, type Secret } from "../reliability/secrets-support";
import { QUICKSTART_APP } from "../../harness/emulatorStack";
import { CliStack, describeCli, emulatorStackConfig, ROOT, secret, type CliResult } from "./pulumi";

const PROGRAM_DIR = path.join(ROOT, "test", "fixtures", "programs", "secrets");
const C = makeCanaries();
/** A JWT's first segment as the emulator (and Entra) write it: `{"alg":...` or `{"typ":...` in base64url. */
const JWT = /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}/;

function artifact(name: string, r: CliResult): Artifact {
    return { name, text: r.output };
}

describeCli("secrets through the real engine", (binDir) => {
    const fx = useEmulator();

    beforeEach(async () => {
        await fx.emu.admin.seed(seedAccepting(C));
        // Graph returns a pass only when it is created; a read that holds one is the worst case.
        await fx.emu.admin.setFaults({
            match: { service: "graph", method: "GET", path: "^/v1\\.0/users/alice%40contoso\\.onmicrosoft\\.com/" },
            kind: "status",
            status: 200,
            body: tapListWithPass(C.tap, { withContext: true }),
            times: 0,
        });
    });

    async function lifecycle(stack: CliStack): Promise<Artifact[]> {
        const artifacts: Artifact[] = [];
        artifacts.push(artifact("preview --diff", await stack.preview(["--diff"])));
        artifacts.push(artifact("up", await stack.up()));
        artifacts.push(artifact("stack export", { code: 0, stdout: "", stderr: "", output: (await stack.exportState()).text }));
        artifacts.push(artifact("stack output --json", { code: 0, stdout: "", stderr: "", output: JSON.stringify(await stack.outputs()) }));
        artifacts.push(artifact("preview --diff after up", await stack.preview(["--diff"])));
        artifacts.push(artifact("refresh", await stack.refresh()));
        artifacts.push(artifact("destroy", await stack.destroy()));
        return artifacts;
    }

    it("a client secret and a PAT from secret stack config, and the pass Graph returned, appear nowhere a user can read", async () => {
        const stack = await CliStack.create(binDir, {
            projectDir: PROGRAM_DIR,
            stack: "secrets-config",
            config: {
                ...emulatorStackConfig(fx.emu.url, { ...QUICKSTART_APP, secret: C.clientSecret }),
                "tenantkit:devopsPat": secret(C.pat),
            },
        });
        try {
            const artifacts = await lifecycle(stack);
            const secrets: Secret[] = [
                { what: "client secret", value: C.clientSecret },
                { what: "PAT", value: C.pat },
                { what: "temporary access pass", value: C.tap },
            ].flatMap(withRandomPart);
            assert.deepEqual(findLeaks(artifacts, secrets), []);
            for (const a of artifacts) assert.doesNotMatch(a.text, JWT, `an access token in ${a.name}`);
            // The pass is in state, as a secret: `--show-secrets` is the only way to read it.
            const shown = await stack.ok(["stack", "export", "--show-secrets"]);
            assert.ok(shown.stdout.length > 0);
        } finally {
            await stack.dispose();
        }
    });

    it("static bearer tokens from secret stack config appear nowhere a user can read", async () => {
        const mint = async (audience?: string) =>
            (
                await fx.emu.admin.mintUserToken({
                    tenant: IDS.tenantId,
                    user: IDS.aliceUpn,
                    scopes: ["UserAuthMethod-TAP.Read.All", "vso.code"],
                    audience,
                })
            ).access_token;
        const graphToken = await mint();
        const devopsToken = await mint(DEVOPS_AUDIENCE);
        const stack = await CliStack.create(binDir, {
            projectDir: PROGRAM_DIR,
            stack: "secrets-tokens",
            config: { "tenantkit:emulator": fx.emu.url, "tenantkit:graphToken": secret(graphToken), "tenantkit:devopsToken": secret(devopsToken) },
        });
        try {
            const artifacts = await lifecycle(stack);
            const secrets: Secret[] = [
                { what: "Graph token", value: graphToken },
                { what: "Azure DevOps token", value: devopsToken },
                { what: "temporary access pass", value: C.tap },
            ];
            assert.deepEqual(findLeaks(artifacts, secrets), []);
            for (const a of artifacts) assert.doesNotMatch(a.text, JWT, `an access token in ${a.name}`);
        } finally {
            await stack.dispose();
        }
    });
});
