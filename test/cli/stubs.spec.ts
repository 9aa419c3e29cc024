/**
 * The serialization rule (DESIGN.md) as the engine keeps it: every resource kind's `__provider`, read back from a
 * real `pulumi stack export`, is exactly the pinned stub text, in inputs and in outputs.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { IDS, useEmulator } from "../support/emulator";
import { expectedStubText, RESOURCE_HANDLERS } from "../support/stubText";
import { CliStack, describeCli, emulatorStackConfig, resourcesOfType, ROOT, secret } from "./pulumi";

const PROGRAM_DIR = path.join(ROOT, "test", "fixtures", "programs", "every-resource");

/** The type token of each resource kind, by its folder under provider/. */
const TOKENS: Record<keyof typeof RESOURCE_HANDLERS, string> = {
    "devops/gitPush": "tenantkit:GitPush",
    "entra/branding": "tenantkit:OrganizationalBranding",
    "entra/brandingLocalization": "tenantkit:OrganizationalBrandingLocalization",
    "entra/temporaryAccessPass": "tenantkit:TemporaryAccessPassMethods",
    "powerbi/pushDataset": "tenantkit:PushDataset",
};

describeCli("serialized stubs in a real stack export", (binDir) => {
    const fx = useEmulator();

    it("every resource kind stores exactly its pinned stub text as __provider, in inputs and outputs", async () => {
        const stack = await CliStack.create(binDir, {
            projectDir: PROGRAM_DIR,
            stack: "stubs",
            config: { ...emulatorStackConfig(fx.emu.url), "tenantkit:devopsPat": secret(IDS.devopsPat) },
        });
        try {
            await stack.up();
            const { deployment } = await stack.exportState();
            for (const [folder, modulePath] of Object.entries(RESOURCE_HANDLERS)) {
                const [resource, ...more] = resourcesOfType(deployment, TOKENS[folder as keyof typeof RESOURCE_HANDLERS]);
                assert.ok(resource && more.length === 0, `one ${folder} resource in the state`);
                const expected = expectedStubText(modulePath);
                assert.equal(resource.inputs?.__provider, expected, `${folder}: inputs.__provider`);
                assert.equal(resource.outputs?.__provider, expected, `${folder}: outputs.__provider`);
            }
        } finally {
            await stack.dispose();
        }
    });
});
