/**
 * `npm start`: the quickstart stack (examples/quickstart, the root Pulumi.yaml) against the bundled emulator.
 * Preview, up, the outputs, a second preview that must show no changes, refresh, destroy.
 * Through `pulumi` (Automation API) when the CLI is installed; otherwise through the engine harness, which
 * drives the real provider host of @pulumi/pulumi over gRPC as the engine does. The first line says which.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../emulator/server";
import { DEFAULT_SEED_IDS as IDS } from "../emulator/seeds/default";
import { hasPulumiCli, LifecycleRunner, type RunResult } from "../test/harness/lifecycle";
import { isSecret, secret, UNKNOWN, type PropertyMap, type StackConfig } from "../test/harness/wire";

const ROOT = path.resolve(__dirname, "..");
const PROJECT = "tenantkit-quickstart";
const WORK = path.join(ROOT, ".tenantkit", "quickstart");

function stackConfig(emu: RunningEmulator): StackConfig {
    return {
        "tenantkit:emulator": emu.url,
        "tenantkit:tenantId": IDS.domain,
        "tenantkit:clientId": IDS.quickstartClientId,
        "tenantkit:clientSecret": secret(IDS.quickstartClientSecret),
        "tenantkit:devopsPat": secret(IDS.devopsPat),
    };
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
    // A re-uploaded image gets a new CDN URL; the content (SHA-256, size, type) is what must come back.
    const brandingNow = async () => JSON.stringify(await emu.admin.branding(IDS.tenantId), (k, v) => (k === "relativeUrl" ? undefined : v));
    const brandingBefore = await brandingNow();
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
    const restored = (await brandingNow()) === brandingBefore;
    console.log(restored ? "  the tenant's branding is back as it was before up (texts, and images byte for byte)" : "  the tenant's branding differs from before up");
    if (!restored) throw new Error("destroy did not restore the branding");
    console.log(`\nState file of the last run: ${path.relative(ROOT, path.join(WORK, "state.json"))}`);
}

async function withCli(emu: RunningEmulator): Promise<void> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const auto: typeof import("@pulumi/pulumi/automation") = require("@pulumi/pulumi/automation");
    fs.rmSync(WORK, { recursive: true, force: true });
    fs.mkdirSync(path.join(WORK, "backend"), { recursive: true });
    const ws = await auto.LocalWorkspace.create({
        workDir: ROOT,
        envVars: { PULUMI_BACKEND_URL: `file://${path.join(WORK, "backend")}`, PULUMI_CONFIG_PASSPHRASE: "quickstart" },
    });
    const stack = await auto.Stack.createOrSelect("quickstart", ws);
    const cfg: Record<string, { value: string; secret?: boolean }> = {};
    for (const [k, v] of Object.entries(stackConfig(emu))) cfg[k] = isSecret(v) ? { value: String(v.value), secret: true } : { value: v };
    await stack.setAllConfig(cfg);
    const out = (s: string) => process.stdout.write(s);
    console.log("\n== preview");
    await stack.preview({ onOutput: out });
    console.log("\n== up");
    const up = await stack.up({ onOutput: out });
    console.log("\nOutputs:");
    for (const [k, v] of Object.entries(up.outputs)) console.log(`  ${k}: ${v.secret ? "[secret]" : show(v.value)}`);
    console.log("\n== second preview (must show no changes)");
    await stack.preview({ onOutput: out, expectNoChanges: true });
    console.log("\n== refresh");
    await stack.refresh({ onOutput: out });
    console.log("\n== destroy");
    await stack.destroy({ onOutput: out });
}

async function main(): Promise<void> {
    const cli = await hasPulumiCli();
    console.log(
        cli
            ? "tenantkit quickstart: running through the Pulumi CLI (Automation API)"
            : "tenantkit quickstart: the Pulumi CLI is not installed, so running through tenantkit's engine harness (the real provider host of @pulumi/pulumi, driven over gRPC as the engine does)",
    );
    const emu = await startEmulator({ port: 0 });
    console.log(`emulator listening on ${emu.url} (tenant ${IDS.domain})`);
    try {
        await (cli ? withCli(emu) : withHarness(emu));
        console.log("\nquickstart finished: preview, up, a second preview with no changes, refresh and destroy");
    } finally {
        await emu.close();
    }
}

main().catch((err: unknown) => {
    console.error(`\nquickstart failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
});
