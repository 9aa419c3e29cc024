/**
 * `npm start`: the quickstart stack (examples/quickstart, the root Pulumi.yaml) against the bundled emulator.
 * Preview, up, the outputs, a second preview that must show no changes, refresh, a third, destroy, and a check that
 * destroy gave the tenant its branding back.
 * Through the real Pulumi CLI: the one on PATH, else the one `npm run pulumi:install` built, else it builds that
 * first when Go is installed. Only without both does it fall back to the engine harness (the real provider host
 * of @pulumi/pulumi driven over gRPC as the engine does). The first line says which, and why.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { fleetTenant, startEmulator, type RunningEmulator } from "../emulator/server";
import { DEFAULT_SEED_IDS as IDS } from "../emulator/seeds/default";
import { CliStack, findPulumi } from "../harness/cli";
import { emulatorStackConfig } from "../harness/emulatorStack";
import { LifecycleRunner, type RunResult } from "../harness/lifecycle";
import { isSecret, secret, UNKNOWN, type PropertyMap, type StackConfig } from "../harness/wire";

// Plain JavaScript (it runs before `npm ci` in CI), so required rather than imported.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const installer: { findGo(): string | undefined; install(): string } = require("./pulumi-install.js");

const ROOT = path.resolve(__dirname, "..");
const PROJECT = "tenantkit-quickstart";
const WORK = path.join(ROOT, ".tenantkit", "quickstart");
/** How many generated tenants the emulator serves beside the default seed (issue 51: a fleet example of three). */
const FLEET_TENANTS = 3;

function stackConfig(emu: RunningEmulator): StackConfig {
    return { ...emulatorStackConfig(emu.url), "tenantkit:devopsPat": secret(IDS.devopsPat) };
}

/** The tenant's branding. A re-uploaded image gets a new CDN URL; the content (SHA-256, size, type) must come back. */
async function brandingNow(emu: RunningEmulator): Promise<string> {
    return JSON.stringify(await emu.admin.branding(IDS.tenantId), (k, v: unknown) => (k === "relativeUrl" ? undefined : v));
}

function checkRestored(before: string, after: string): void {
    if (after !== before) throw new Error("destroy did not restore the branding: the tenant's branding differs from before up");
    console.log("  the tenant's branding is back as it was before up (texts, and images byte for byte)");
}

function show(value: unknown): string {
    if (isSecret(value)) return "[secret]";
    if (value === UNKNOWN) return "[unknown until up]";
    return JSON.stringify(value, null, 2).replace(/\n/g, "\n    ");
}

function printOutputs(outputs: PropertyMap): void {
    for (const [k, v] of Object.entries(outputs)) console.log(`  ${k}: ${show(v)}`);
}

function printSteps(title: string, r: RunResult): void {
    const counts = new Map<string, number>();
    for (const s of r.steps) counts.set(s.op, (counts.get(s.op) ?? 0) + 1);
    const summary = [...counts].map(([op, n]) => `${n} ${op}`).join(", ") || "nothing to do";
    console.log(`\n== ${title}: ${summary} (${Math.round(r.ms)} ms)`);
    for (const s of r.steps) console.log(`  ${s.op.padEnd(15)} ${s.type} ${s.name}${s.diff.length ? `\n      ${s.diff.join("\n      ")}` : ""}`);
    for (const e of r.errors) console.log(`  error: ${e.message}`);
    if (r.errors.length) throw new Error(`${title} failed`);
}

async function withHarness(emu: RunningEmulator): Promise<void> {
    fs.rmSync(WORK, { recursive: true, force: true });
    fs.mkdirSync(WORK, { recursive: true });
    const runner = new LifecycleRunner({
        programPath: path.join(ROOT, "examples", "quickstart", "index.ts"),
        statePath: path.join(WORK, "state.json"),
        project: PROJECT,
        stack: "quickstart",
        config: stackConfig(emu),
    });
    const brandingBefore = await brandingNow(emu);
    printSteps("preview", await runner.preview());
    const up = await runner.up();
    printSteps("up", up);
    console.log("\nOutputs:");
    printOutputs(up.outputs);
    const again = await runner.preview();
    printSteps("second preview", again);
    const changes = again.steps.filter((s) => s.op !== "same" && s.op !== "read");
    if (changes.length) throw new Error(`the second preview shows changes: ${changes.map((s) => `${s.op} ${s.name}`).join(", ")}`);
    console.log("  no changes");
    printSteps("refresh", await runner.refresh());
    printSteps("destroy", await runner.destroy());
    checkRestored(brandingBefore, await brandingNow(emu));
    console.log(`\nState file of the last run: ${path.relative(ROOT, path.join(WORK, "state.json"))}`);
}

async function withCli(emu: RunningEmulator, binDir: string): Promise<void> {
    fs.rmSync(WORK, { recursive: true, force: true });
    // The passphrase provider: the stack stays for the person who ran this to read (printed below).
    const stack = await CliStack.create(binDir, {
        projectDir: ROOT,
        stack: "quickstart",
        work: WORK,
        config: stackConfig(emu),
        secretsProvider: "passphrase",
    });
    const brandingBefore = await brandingNow(emu);
    const step = async (title: string, run: () => Promise<{ stdout: string }>) => {
        console.log(`\n== ${title}`);
        process.stdout.write((await run()).stdout);
    };
    await step("pulumi preview", () => stack.preview());
    await step("pulumi up", () => stack.up());
    await step("pulumi preview --expect-no-changes", () => stack.expectNoChanges());
    await step("pulumi refresh", () => stack.refresh());
    await step("pulumi preview --expect-no-changes", () => stack.expectNoChanges());
    await step("pulumi destroy", () => stack.destroy());
    checkRestored(brandingBefore, await brandingNow(emu));
    console.log(
        `\nThe stack's file backend: ${path.relative(ROOT, path.join(WORK, "backend"))} (pulumi stack history, pulumi stack export with PULUMI_BACKEND_URL=file://... and PULUMI_CONFIG_PASSPHRASE=${CliStack.PASSPHRASE})`,
    );
}

/** How the quickstart will run: the CLI's folder, or why the harness runs it instead. */
async function chooseEngine(): Promise<{ binDir: string } | { harness: string }> {
    const found = findPulumi();
    if ("binDir" in found) return found;
    if (!installer.findGo()) return { harness: `${found.missing}, and no Go on PATH to build it` };
    console.log(
        "tenantkit quickstart: building the Pulumi CLI from Go modules first (npm run pulumi:install; 3-10 minutes the first time, cached after)",
    );
    try {
        return { binDir: installer.install() };
    } catch (err) {
        return { harness: `building the Pulumi CLI failed (${err instanceof Error ? err.message : String(err)})` };
    }
}

async function main(): Promise<void> {
    const engine = await chooseEngine();
    console.log(
        "binDir" in engine
            ? `tenantkit quickstart: running through the Pulumi CLI (${path.join(engine.binDir, "pulumi")})`
            : `tenantkit quickstart: running through tenantkit's engine harness (the real provider host of @pulumi/pulumi, driven over gRPC as the engine does), because ${engine.harness}`,
    );
    // The generated tenants are for the fleet example, which manages three tenants; the quickstart's stack signs in to
    // contoso only, so it runs as without them.
    const emu = await startEmulator({ port: 0, tenants: FLEET_TENANTS });
    const fleet = `${fleetTenant(1).domain} to ${fleetTenant(FLEET_TENANTS).domain}`;
    console.log(`emulator listening on ${emu.url} (tenant ${IDS.domain}, and ${FLEET_TENANTS} generated tenants: ${fleet})`);
    try {
        await ("binDir" in engine ? withCli(emu, engine.binDir) : withHarness(emu));
        console.log("\nquickstart finished: preview, up, a preview with no changes, refresh, another, and destroy");
    } finally {
        await emu.close();
    }
}

main().catch((err: unknown) => {
    console.error(`\nquickstart failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
});
