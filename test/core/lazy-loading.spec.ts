/**
 * The provider host loads a handler for every preview, where it only checks and diffs: those must not load the
 * HTTP client (axios and its dependencies) or @azure/identity, which only a request needs. Each handler runs in a
 * fresh node process, as in the host, and reports the packages it loaded. (A branding's diff of state that recorded
 * what the service showed after tenantkit's write reads the tenant, organizationalBranding/drift.ts: not this diff,
 * whose state records nothing to compare with.)
 */
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { RESOURCES } from "../../provider/resources";

const HANDLERS = RESOURCES.map((r) => `${r.area}/${r.folder}`);
const ROOT = path.resolve(__dirname, "..", "..");

const SCRIPT = `
const h = require("pulumi-tenantkit/bin/" + process.argv[1] + "/handler").handler;
(async () => {
    await h.configure({ config: new Map() });
    await h.check({}, { name: "x" });
    await h.diff("id", { name: "x" }, { name: "y" });
    const pkgs = new Set(Object.keys(require.cache).map((f) => (/node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(f) || [])[1]).filter(Boolean));
    process.stdout.write(JSON.stringify([...pkgs]));
})().catch((e) => { console.error(e); process.exit(1); });
`;

// A valid push dataset, checked as a preview checks it: the check signs in (a static token here, so nothing is sent).
const SIGNED_IN_CHECK = `
const h = require("pulumi-tenantkit/bin/powerbi/pushDataset/handler").handler;
(async () => {
    await h.configure({ config: new Map([["tenantkit:powerBiToken", "static-token"]]) });
    const c = await h.check({}, { name: "x", tables: [{ name: "T", columns: [{ name: "C", dataType: "Int64" }] }] });
    if (c.failures.length > 0) throw new Error(JSON.stringify(c.failures));
    const pkgs = new Set(Object.keys(require.cache).map((f) => (/node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(f) || [])[1]).filter(Boolean));
    process.stdout.write(JSON.stringify([...pkgs]));
})().catch((e) => { console.error(e); process.exit(1); });
`;

describe("what check and diff load in the provider host", function () {
    this.timeout(60_000);
    for (const handler of HANDLERS) {
        it(`${handler}: no HTTP client, no @azure/identity`, () => {
            const loaded = JSON.parse(execFileSync(process.execPath, ["-e", SCRIPT, handler], { cwd: ROOT, encoding: "utf8" })) as string[];
            assert.ok(loaded.includes("zod"), "the probe sees the packages the handler loads");
            assert.deepEqual(
                loaded.filter((p) => p === "axios" || p.startsWith("@azure/")),
                [],
            );
        });
    }

    it("powerbi/pushDataset: a valid check that signs in without a request loads no HTTP client, no @azure/* (bench/hostStart.ts judges this call)", () => {
        const loaded = JSON.parse(execFileSync(process.execPath, ["-e", SIGNED_IN_CHECK], { cwd: ROOT, encoding: "utf8" })) as string[];
        assert.ok(loaded.includes("zod"), "the probe sees the packages the handler loads");
        assert.deepEqual(
            loaded.filter((p) => p === "axios" || p.startsWith("@azure/")),
            [],
        );
    });
});
