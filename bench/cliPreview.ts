/**
 * cli-preview: 1,000 tenantkit resources (500 localizations, 500 push datasets) through the real Pulumi CLI against
 * the same names and inputs as bare dynamic resources (bench/programs/preview-bare); goal at most 1.15x for each of
 *  - `pulumi up` from nothing, the bare provider making the same requests to the emulator (both request logs are
 *    summed by method and service and compared: a mismatch is reported and fails the goal);
 *  - `pulumi preview --expect-no-changes` of the stack that up made (neither side makes a request).
 */
import * as path from "node:path";
import type { RequestLogEntry } from "../emulator/http/log";
import { startEmulator, type RunningEmulator } from "../emulator/server";
import { defaultSeed } from "../emulator/seeds/default";
import { CliStack, requirePulumi } from "../harness/cli";
import { emulatorStackConfig } from "../harness/emulatorStack";
import { bareRequestsEnv, benchStack } from "./cliStacks";
import { inTurn, median, result, timeMs, type Benchmark, type BenchResult } from "./lib";

type Side = "tenantkit" | "bare";

/** Requests counted by method and service: what the bare side must repeat. */
function requestMix(log: readonly RequestLogEntry[]): Record<string, number> {
    const mix: Record<string, number> = {};
    for (const q of log) {
        const key = `${q.method} ${q.service}`;
        mix[key] = (mix[key] ?? 0) + 1;
    }
    return mix;
}

/** Mixes that differ, as text; empty when equal but for `slack` one-time requests per key (token, tenant id). */
function mixDifference(a: Record<string, number>, b: Record<string, number>, slack: number): string {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys
        .filter((k) => Math.abs((a[k] ?? 0) - (b[k] ?? 0)) > slack)
        .map((k) => `${k}: tenantkit ${a[k] ?? 0}, bare ${b[k] ?? 0}`)
        .join("; ");
}

/** Up and preview of 1,000 resources, each against bare dynamic resources. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const binDir = requirePulumi();
    const count = ctx.quick ? 10 : 1_000;
    const runs = ctx.quick ? 1 : (ctx.runs ?? 3);
    const emu: RunningEmulator = await startEmulator();
    const stacks: CliStack[] = [];
    const upMs: Record<Side, number[]> = { tenantkit: [], bare: [] };
    const mixes: Partial<Record<Side, Record<string, number>>> = {};
    try {
        const stackOf = async (side: Side, run: number) => {
            const s = await benchStack(
                binDir,
                {
                    projectDir: path.join(__dirname, "programs", side === "tenantkit" ? "preview" : "preview-bare"),
                    stack: `${side}-${run}`,
                    config: { ...emulatorStackConfig(emu.url), "previewprog:count": String(count), "previewprog:requests": "true" },
                    env: bareRequestsEnv(emu.url),
                },
                ctx.quick,
            );
            stacks.push(s);
            return s;
        };
        // Each up starts from a fresh seed (the bare side deletes nothing) and a new stack; alternating, so drift of
        // the machine hits both alike. The last pair stays up for the preview runs.
        const last: Partial<Record<Side, CliStack>> = {};
        for (let i = 0; i < runs; i++) {
            for (const side of inTurn(i, ["tenantkit", "bare"] as const)) {
                await emu.admin.seed(defaultSeed(new Date()));
                await emu.admin.clearRequests();
                const s = await stackOf(side, i);
                upMs[side].push(await timeMs(() => s.up()));
                mixes[side] ??= requestMix(await emu.admin.requests());
                if (i < runs - 1) {
                    await s.dispose();
                    stacks.splice(stacks.indexOf(s), 1);
                } else last[side] = s;
            }
            ctx.log(`up ${i + 1}/${runs}: tenantkit ${(upMs.tenantkit[i]! / 1000).toFixed(1)} s, bare ${(upMs.bare[i]! / 1000).toFixed(1)} s`);
        }
        const mismatch = mixDifference(mixes.tenantkit!, mixes.bare!, 2);
        if (mismatch) ctx.log(`request mix differs: ${mismatch}`);
        const previewMs: Record<Side, number[]> = { tenantkit: [], bare: [] };
        for (let i = 0; i < runs; i++) {
            // --expect-no-changes proves every step is same.
            for (const side of inTurn(i, ["tenantkit", "bare"] as const)) previewMs[side].push(await timeMs(() => last[side]!.expectNoChanges()));
            ctx.log(`preview ${i + 1}/${runs}: tenantkit ${previewMs.tenantkit[i]!.toFixed(0)} ms, bare ${previewMs.bare[i]!.toFixed(0)} ms`);
        }
        const locs = Math.floor(count / 2);
        const what = `${locs} localizations and ${count - locs} push datasets`;
        const mixText = Object.entries(mixes.tenantkit!)
            .map(([k, n]) => `${k} ${n}`)
            .join(", ");
        return [
            result({
                name: `pulumi up of ${count} new resources (localizations and push datasets)`,
                unit: "ms",
                values: upMs.tenantkit,
                comparison: { name: `the same ${count} names and inputs as bare dynamic resources making the same requests`, values: upMs.bare },
                goal: "at most 1.15x",
                met: (_v, _c, ratio) => ratio <= 1.15 && !mismatch,
                notes:
                    `${what}; the whole \`pulumi up\` command from an empty stack, ${runs} alternating runs, a fresh seed each. Requests of tenantkit's up: ${mixText}; ` +
                    (mismatch
                        ? `the bare side's differ (${mismatch}), so the comparison is not like for like`
                        : `the bare side's match them (by method and service, within 2 one-time requests)`) +
                    `. The bare provider sends them with plain fetch: no validation, retry, throttle, journal or read-back of its own`,
            }),
            result({
                name: `pulumi preview of ${count} unchanged resources (localizations and push datasets)`,
                unit: "ms",
                values: previewMs.tenantkit,
                comparison: { name: `the same ${count} names and inputs as bare dynamic resources`, values: previewMs.bare },
                goal: "at most 1.15x",
                met: (_v, _c, ratio) => ratio <= 1.15,
                notes:
                    `${what}; the whole \`pulumi preview --expect-no-changes --diff\` command, ${runs} alternating runs ` +
                    `(median ${(median(previewMs.tenantkit) / count).toFixed(2)} vs ${(median(previewMs.bare) / count).toFixed(2)} ms per resource); neither side makes a request`,
            }),
        ];
    } finally {
        for (const s of stacks) await s.dispose();
        await emu.close();
    }
};
