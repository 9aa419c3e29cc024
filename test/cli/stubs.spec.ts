/**
 * The serialization rule (DESIGN.md) as the engine keeps it: every resource kind's `__provider`, read back from a
 * real `pulumi stack export`, is exactly the pinned stub text, in inputs and in outputs.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { IDS, useEmulator } from "../support/emulator";
import { expectedStubText, RESOURCE_HANDLERS, stubTextBefore02 } from "../support/stubText";
import { CliStack, describeCli, emulatorStackConfig, resourcesOfType, ROOT, secret } from "./pulumi";

const PROGRAM_DIR = path.join(ROOT, "test", "fixtures", "programs", "every-resource");

/** The type token each resource kind has in state, by its folder under provider/: pinned, as state depends on it. */
const TOKENS: Record<string, string> = {
    "devops/gitPush": "tenantkit:GitPush",
    "entra/branding": "tenantkit:OrganizationalBranding",
    "entra/brandingLocalization": "tenantkit:OrganizationalBrandingLocalization",
    "entra/temporaryAccessPass": "tenantkit:TemporaryAccessPassMethods",
    "powerbi/pushDataset": "tenantkit:PushDataset",
};

describeCli("serialized stubs in a real stack export", (binDir) => {
    const fx = useEmulator();

    /** A stack of every resource kind, up against the emulator. */
    async function upEveryResource(name: string): Promise<CliStack> {
        const stack = await CliStack.create(binDir, {
            projectDir: PROGRAM_DIR,
            stack: name,
            config: { ...emulatorStackConfig(fx.emu.url), "tenantkit:devopsPat": secret(IDS.devopsPat) },
        });
        try {
            await stack.up();
            return stack;
        } catch (err) {
            await stack.dispose();
            throw err;
        }
    }

    it("every resource kind stores exactly its pinned stub text as __provider, in inputs and outputs", async () => {
        const stack = await upEveryResource("stubs");
        try {
            const { deployment } = await stack.exportState();
            for (const [folder, modulePath] of Object.entries(RESOURCE_HANDLERS)) {
                assert.ok(TOKENS[folder], `${folder}: pin the type token its state holds in TOKENS`);
                const [resource, ...more] = resourcesOfType(deployment, TOKENS[folder]);
                assert.ok(resource && more.length === 0, `one ${folder} resource in the state`);
                const expected = expectedStubText(modulePath);
                assert.equal(resource.inputs?.__provider, expected, `${folder}: inputs.__provider`);
                assert.equal(resource.outputs?.__provider, expected, `${folder}: outputs.__provider`);
            }
        } finally {
            await stack.dispose();
        }
    });

    it("state written by tenantkit 0.1 (its stub text in inputs and outputs) previews no change, refreshes and destroys", async () => {
        const stack = await upEveryResource("stubs-upgrade");
        try {
            const { text } = await stack.exportState();
            let old = text;
            for (const [folder, modulePath] of Object.entries(RESOURCE_HANDLERS)) {
                const now = JSON.stringify(expectedStubText(modulePath));
                assert.ok(old.includes(now), `${folder}: today's stub is in the export`);
                old = old.split(now).join(JSON.stringify(stubTextBefore02(folder)));
            }
            const file = path.join(stack.work, "old-state.json");
            fs.writeFileSync(file, old);
            await stack.ok(["stack", "import", "--file", file]);
            await stack.expectNoChanges();
            const refreshed = await stack.refresh();
            assert.doesNotMatch(refreshed.output, /error/i, refreshed.output);
            await stack.destroy();
            const { deployment } = await stack.exportState();
            assert.equal(
                (deployment.resources ?? []).filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/tenantkit:")).length,
                0,
                "every tenantkit resource destroyed through the 0.1 stub in its outputs",
            );
        } finally {
            await stack.dispose();
        }
    });
});
