/**
 * `tenantkit-fleet` as a user runs it (node bin/fleet/cli.js, the package's bin) on examples/fleet, copied out of the
 * repository with the emulator's port in place of 8787, against an emulator with three generated tenants, through the
 * real CLI and the provider plugin: what it prints, its exit status, and what the tenants hold.
 */
import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { EmulatorAdmin } from "../../emulator/client";
import { fleetTenants, startEmulator } from "../../emulator/server";
import { fleetEnvironment } from "./fleetStacks";
import { describeCli, ROOT } from "./pulumi";

const CLI = path.join(ROOT, "bin", "fleet", "cli.js");

describeCli("tenantkit-fleet on examples/fleet", (binDir) => {
    const tenants = fleetTenants(3);
    let emulator: Awaited<ReturnType<typeof startEmulator>>;
    let admin: EmulatorAdmin;
    let work = "";
    let env: NodeJS.ProcessEnv = {};

    beforeEach(async () => {
        emulator = await startEmulator({ port: 0, tenants: 3 });
        admin = EmulatorAdmin.connect(emulator.url);
        work = fs.mkdtempSync(path.join(os.tmpdir(), "tk-fleet-cli-"));
        const text = fs.readFileSync(path.join(ROOT, "examples", "fleet", "fleet.yaml"), "utf8");
        assert.ok(text.includes("http://127.0.0.1:8787"));
        fs.writeFileSync(
            path.join(work, "fleet.yaml"),
            text.replace("http://127.0.0.1:8787", emulator.url).replace("../../fleet.schema.json", path.join(ROOT, "fleet.schema.json")),
        );
        env = {
            ...process.env,
            ...(await fleetEnvironment(binDir, work)),
            ...Object.fromEntries(tenants.map((t) => [`TENANT_000${t.index}_SECRET`, t.clientSecret])),
        };
    });
    afterEach(async () => {
        await emulator.close();
        fs.rmSync(work, { recursive: true, force: true });
    });

    /** The command run in the fleet's folder: its exit status and output. */
    const fleet = (...args: string[]) =>
        new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
            execFile(process.execPath, [CLI, ...args], { cwd: work, env, encoding: "utf8" }, (err, stdout, stderr) =>
                resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr }),
            ),
        );
    const signInTexts = async () => Promise.all(tenants.map(async (t) => (await admin.branding(t.tenantId))?.default.signInPageText));

    it("preview shows each tenant's creates and exits 3; up applies the standard with the overrides; the next preview exits 0; drift names the tenant changed by hand; destroy gives the tenants back", async function () {
        this.timeout(600_000);
        const before = await signInTexts();
        const preview = await fleet("preview");
        assert.equal(preview.code, 3, preview.stderr);
        for (const t of tenants) assert.match(preview.stderr, new RegExp(`^${t.domain.split(".")[0]}: changes \\(create \\d+\\) in `, "m"));
        assert.match(preview.stdout, /^stack +tenant +create +update +replace +delete +status$/m);
        assert.match(preview.stdout, /^tenant-0003 +tenant-0003\.onmicrosoft\.com +6 +0 +0 +0 +changes$/m, "the stack, its provider, four resources");
        assert.match(preview.stdout, /^total +3 tenants, 0 errors +16 +0 +0 +0 +not converged$/m);

        const up = await fleet("up", "--parallel", "2");
        assert.equal(up.code, 0, `${up.stdout}\n${up.stderr}`);
        assert.deepEqual(await signInTexts(), [
            "Contoso Group. Authorized use only.",
            "Tenant 0002, a Contoso Group company.",
            "Contoso Group. Authorized use only.",
        ]);
        assert.equal((await admin.branding(tenants[2]!.tenantId))?.localizations["de-DE"]?.signInPageText, "Contoso Gruppe. Nur für Befugte.");
        assert.equal((await admin.branding(tenants[0]!.tenantId))?.localizations["de-DE"], undefined);
        assert.deepEqual(
            (await Promise.all(tenants.map(async (t) => (await admin.powerBi(t.tenantId)).datasets))).map((ds) =>
                ds.map((d) => [d.name, d.workspaceId]),
            ),
            tenants.map((t) => [["GroupSales", t.workspaceId]]),
        );

        const again = await fleet("preview");
        assert.equal(again.code, 0, again.stdout);
        assert.match(again.stdout, /^total +3 tenants, 0 errors +0 +0 +0 +0 +converged$/m);

        await admin.updateBranding(tenants[0]!.tenantId, "0", { signInPageText: "Changed in the admin center" });
        const drift = await fleet("drift");
        assert.equal(drift.code, 3, drift.stdout);
        assert.match(drift.stdout, /^tenant-0001 drifted:\n {2}branding \(tenantkit:entra:OrganizationalBranding\) update: signInPageText$/m);
        assert.doesNotMatch(drift.stdout, /tenant-000[23] drifted/);
        assert.equal((await signInTexts())[0], "Changed in the admin center", "drift wrote to the tenant");

        const destroyed = await fleet("destroy");
        assert.equal(destroyed.code, 0, destroyed.stdout);
        assert.deepEqual(await signInTexts(), before);
    });

    it("--json is one document with a row per tenant; --shard 1/2 and 2/2 take every tenant once between them", async function () {
        this.timeout(300_000);
        const shards = await Promise.all(["1/2", "2/2"].map((s) => fleet("preview", "--json", "--shard", s)));
        const stacks = shards.flatMap((r) => (JSON.parse(r.stdout) as { rows: { stack: string }[] }).rows.map((row) => row.stack));
        assert.deepEqual([...stacks].sort(), ["tenant-0001", "tenant-0002", "tenant-0003"]);
        for (const r of shards) assert.equal(r.stderr, "", "progress went to stderr with --json");
        const stacksOf = (stdout: string) => (JSON.parse(stdout) as { rows: { stack: string }[] }).rows.map((row) => row.stack);
        assert.deepEqual(
            stacksOf((await fleet("preview", "--json", "--shard", "1/2")).stdout),
            stacksOf(shards[0]!.stdout),
            "another run, another shard",
        );
    });

    it("a credential written as a plain value stops the run before any stack, naming the file, line and field but not the value (exit 2)", async () => {
        const file = path.join(work, "fleet.yaml");
        const pasted = "pasted-secret-value-0002";
        fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("clientSecret: { env: TENANT_0002_SECRET }", `clientSecret: ${pasted}`));
        const r = await fleet("up");
        assert.equal(r.code, 2);
        assert.match(r.stderr, /fleet\.yaml:\d+:\d+: tenants\[1\]\.clientSecret /);
        assert.ok(!r.stderr.includes(pasted) && !r.stdout.includes(pasted), "the value shows");
        assert.ok(!fs.existsSync(path.join(work, "backend", ".pulumi")), "a stack ran");
    });

    it("without pulumi on PATH the run stops before any stack, once, saying to install the CLI (exit 2)", async () => {
        env = { ...env, PATH: path.dirname(process.execPath) };
        const r = await fleet("preview");
        assert.equal(r.code, 2, r.stderr);
        assert.match(r.stderr, /^tenantkit-fleet: could not run the Pulumi CLI \(.*ENOENT.*\): put pulumi on PATH /m);
        assert.equal(r.stderr.match(/could not run/g)?.length, 1, r.stderr);
        assert.equal(r.stdout, "");
    });
});
