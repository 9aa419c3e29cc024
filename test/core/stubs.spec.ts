/**
 * The serialization rule (DESIGN.md): every resource's stub, serialized with the SDK's own serializer, is the
 * pinned text that a real `pulumi stack export` holds (test/cli/stubs.spec.ts reads it there), stays small, requires
 * its handler by package name, and carries no token, secret or endpoint, whatever the settings.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import { serializeProviderDetails } from "../../harness/serialize";
import { expectedStubText, RESOURCE_HANDLERS, stubTextBefore02 } from "../support/stubText";

const PROVIDER_DIR = path.resolve(__dirname, "..", "..", "provider");

/** The least a dynamic provider hands over: one trivial `create` (bench/serialization.ts measures against it too). */
const MINIMAL_STUB: pulumi.dynamic.ResourceProvider = {
    async create(inputs: Record<string, unknown>) {
        return { id: "1", outs: inputs };
    },
};

/** The configured provider's check works: a push dataset without tables fails on `tables`, and on nothing else. */
async function assertChecksADataset(provider: Record<string, unknown>): Promise<void> {
    const checked = (await (provider.check as pulumi.dynamic.ResourceProvider["check"])!(
        {},
        { name: "Sales", tables: [] },
    )) as pulumi.dynamic.CheckResult;
    assert.deepEqual(
        checked.failures?.map((f) => f.property),
        ["tables"],
    );
}

/** Runs a `__provider` text as the dynamic provider host does: evaluated as a module, `handler()` gives the provider. */
function deserialize(text: string): Record<string, unknown> {
    const exports: { handler?: () => Record<string, unknown> } = {};
    new Function("exports", "require", text)(exports, require);
    return exports.handler!();
}

function resourceModules(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) return resourceModules(full);
        return e.name === "resource.ts" ? [full] : [];
    });
}

describe("handler stubs", () => {
    const modules = resourceModules(PROVIDER_DIR);
    const SECRETS = {
        TENANTKIT_GRAPH_TOKEN: "graph-token-that-must-not-leak",
        AZURE_CLIENT_SECRET: "client-secret-that-must-not-leak",
        TENANTKIT_EMULATOR: "http://127.0.0.1:45678",
    };
    let saved: NodeJS.ProcessEnv;
    before(() => {
        saved = { ...process.env };
        Object.assign(process.env, SECRETS);
    });
    after(() => {
        process.env = saved;
    });

    it("exist for every resource, and only there (a folder with a resource.ts is a resource folder)", () => {
        const folders = modules.map((m) => path.relative(PROVIDER_DIR, path.dirname(m)).split(path.sep).join("/")).sort();
        assert.deepEqual(folders, Object.keys(RESOURCE_HANDLERS).sort());
    });

    for (const file of modules) {
        const rel = path.relative(PROVIDER_DIR, path.dirname(file));
        it(`${rel}: serializes in at most 1.1x a minimal dynamic provider's stub, requires pulumi-tenantkit/${rel} by package name, and holds no secret or endpoint`, async () => {
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            const mod = require(file) as { stub?: pulumi.dynamic.ResourceProvider };
            assert.ok(mod.stub, `${rel}/resource.ts exports its stub`);
            const { text, containsSecrets } = await serializeProviderDetails(mod.stub);
            const minimal = (await serializeProviderDetails(MINIMAL_STUB)).text;
            assert.ok(text.length <= 1.1 * minimal.length, `${text.length} bytes against ${minimal.length}`);
            assert.equal(containsSecrets, false);
            assert.ok(text.includes(`"pulumi-tenantkit/${rel.split(path.sep).join("/")}"`), "the handler's package path");
            assert.doesNotMatch(text, /require\("(\.|\/)/, "no relative or absolute require");
            for (const value of Object.values(SECRETS)) assert.ok(!text.includes(value), `${value} is not captured`);
            assert.ok(fs.existsSync(path.resolve(PROVIDER_DIR, "..", "bin", rel, "handler.js")), "the compiled handler exists where the stub looks");
        });
    }

    for (const file of modules) {
        const rel = path.relative(PROVIDER_DIR, path.dirname(file)).split(path.sep).join("/") as keyof typeof RESOURCE_HANDLERS;
        it(`${rel}: serializes to exactly the pinned stub text, from the source and from bin/ alike`, async () => {
            const compiled = path.resolve(PROVIDER_DIR, "..", "bin", rel, "resource.js");
            for (const from of [file, compiled]) {
                // eslint-disable-next-line @typescript-eslint/no-require-imports
                const mod = require(from) as { stub: pulumi.dynamic.ResourceProvider };
                assert.equal((await serializeProviderDetails(mod.stub)).text, expectedStubText(RESOURCE_HANDLERS[rel]), from);
            }
        });
    }

    // The stub text in state outlives upgrades: the handler must serve the stub that state holds.
    {
        for (const version of ["0.1", "today"] as const) {
            it(`a push dataset stub as ${version === "0.1" ? "tenantkit 0.1 wrote it into state" : "written today"}, run as the host runs it, gets working operations from configure`, async () => {
                const text = version === "0.1" ? stubTextBefore02("powerbi/pushDataset") : expectedStubText(RESOURCE_HANDLERS["powerbi/pushDataset"]);
                assert.ok(text.includes("require(m)"), "the text requires its handler");
                const provider = deserialize(text);
                await (provider.configure as (r: unknown) => Promise<void>).call(provider, { config: new Map<string, string>() });
                await assertChecksADataset(provider);
            });
        }

        it("the stub gets every operation from configure, and they work", async () => {
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            const stub = { ...(require("../../provider/powerbi/pushDataset/resource") as { stub: object }).stub } as Record<string, unknown>;
            assert.equal(stub.check, undefined, "no operation before configure");
            await (stub.configure as (r: unknown) => Promise<void>).call(stub, { config: new Map<string, string>() });
            for (const op of ["check", "diff", "create", "read", "update", "delete"]) assert.equal(typeof stub[op], "function", op);
            await assertChecksADataset(stub);
        });
    }
});
