/**
 * Mistakes in the `tenantkit:*` stack config under the real engine: a key tenantkit does not know and a credential
 * stored without `--secret` fail the preview before any request is sent or anything is saved, with the command
 * that fixes each.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { IDS, useEmulator } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, ROOT, secret } from "./pulumi";

const PROGRAM_DIR = path.join(ROOT, "test", "fixtures", "programs", "preflight");

describeCli("stack config mistakes through the real engine", (binDir) => {
    const fx = useEmulator();

    async function failedPreview(stack: CliStack): Promise<string> {
        const r = await stack.run(["preview", "--config-file", stack.configFile]);
        assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
        return r.output;
    }

    it("a misspelled tenantkit:emulater fails the preview naming tenantkit:emulator, before any request", async () => {
        const { "tenantkit:emulator": url, ...rest } = emulatorStackConfig(fx.emu.url);
        const stack = await CliStack.create(binDir, { projectDir: PROGRAM_DIR, stack: "emulater", config: { ...rest, "tenantkit:emulater": url! } });
        try {
            const output = await failedPreview(stack);
            assert.match(output, /tenantkit:emulater is not a tenantkit setting: did you mean tenantkit:emulator\?/);
            assert.match(
                output,
                /pulumi config set tenantkit:emulator "\$\(pulumi config get tenantkit:emulater\)" && pulumi config rm tenantkit:emulater/,
            );
            assert.doesNotMatch(
                output,
                /ENOTFOUND|getaddrinfo|login\.microsoftonline\.com|api\.powerbi\.com/,
                "a request left for the real services",
            );
            assert.doesNotMatch(output, /\n\s+at /, "a stack trace was printed");
        } finally {
            await stack.dispose();
        }
    });

    it("tenantkit:tenantID beside tenantkit:tenantId fails the preview naming the key it misspells", async () => {
        const config = { ...emulatorStackConfig(fx.emu.url), "tenantkit:tenantID": IDS.domain };
        const stack = await CliStack.create(binDir, { projectDir: PROGRAM_DIR, stack: "tenantid", config });
        try {
            assert.match(await failedPreview(stack), /tenantkit:tenantID is not a tenantkit setting: did you mean tenantkit:tenantId\?/);
            assert.deepEqual(await fx.emu.admin.requests(), [], "the preview sent requests");
        } finally {
            await stack.dispose();
        }
    });

    it("a client secret set without --secret fails the preview with the command that makes it a secret, and is in no state", async () => {
        const config = { ...emulatorStackConfig(fx.emu.url), "tenantkit:clientSecret": IDS.quickstartClientSecret };
        const stack = await CliStack.create(binDir, { projectDir: PROGRAM_DIR, stack: "plain-secret", config });
        try {
            const output = await failedPreview(stack);
            assert.match(
                output,
                /tenantkit:clientSecret is stored in plain text .*: make it a secret with `pulumi config set --secret tenantkit:clientSecret "\$\(pulumi config get tenantkit:clientSecret\)"`/,
            );
            assert.ok(!output.includes(IDS.quickstartClientSecret), "the message shows the secret");
            const up = await stack.run(stack.upArgs());
            assert.notEqual(up.code, 0, "up went ahead with a plain-text secret");
            assert.ok(!(await stack.exportState()).text.includes(IDS.quickstartClientSecret), "the secret reached the state");
            assert.deepEqual(await fx.emu.admin.requests(), [], "requests were sent");

            await stack.setConfig("tenantkit:clientSecret", IDS.quickstartClientSecret, { secret: true });
            await stack.preview();
        } finally {
            await stack.dispose();
        }
    });

    it("a PAT set without --secret fails too, although an Azure DevOps lookup is the only thing that reads it", async () => {
        const config = { ...emulatorStackConfig(fx.emu.url), "tenantkit:devopsPat": IDS.devopsPat, parts: "push" };
        const stack = await CliStack.create(binDir, { projectDir: PROGRAM_DIR, stack: "plain-pat", config });
        try {
            const output = await failedPreview(stack);
            assert.match(output, /tenantkit:devopsPat is stored in plain text/);
            assert.ok(!output.includes(IDS.devopsPat), "the message shows the PAT");
        } finally {
            await stack.dispose();
        }
    });

    it("an Azure DevOps lookup signed in by a PAT needs no tenantId, even beside a client secret", async () => {
        const { "tenantkit:tenantId": _tenant, ...config } = emulatorStackConfig(fx.emu.url);
        const stack = await CliStack.create(binDir, {
            projectDir: PROGRAM_DIR,
            stack: "pat-only",
            config: { ...config, "tenantkit:devopsPat": secret(IDS.devopsPat), parts: "push" },
        });
        try {
            await stack.up();
            assert.equal((await stack.outputs()).pushedBy, IDS.aliceUpn);
        } finally {
            await stack.dispose();
        }
    });
});
