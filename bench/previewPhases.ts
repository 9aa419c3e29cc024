/**
 * Where a preview's time goes: the provider host's Check and Diff alone, driven over gRPC exactly as the runner
 * drives them (same host, same state), without the program or the runner around them. Compared with the whole
 * preview, the rest is the program's registrations and the runner's own work.
 */
import * as path from "node:path";
import { startHost, type ProviderHost } from "../harness/host";
import type { StackState } from "../harness/lifecycle";
import type { StackConfig } from "../harness/wire";
import { median, timeMs } from "./lib";

/** Milliseconds per resource of Check + Diff through the host, per variant and, for tenantkit, per type. */
export interface HostCallTimes {
    real: number;
    bare: number;
    /** Short type name (`PushDataset`) -> { check, diff } ms per resource. */
    byType: Record<string, { check: number; diff: number }>;
}

const shortType = (t: string): string => t.split(":").pop() ?? t;

/** One pass of Check then Diff over every custom resource of `state`; ms per call, summed per type. */
async function pass(host: ProviderHost, state: StackState): Promise<Map<string, { check: number; diff: number; n: number }>> {
    const byType = new Map<string, { check: number; diff: number; n: number }>();
    for (const r of state.resources.filter((x) => x.custom)) {
        const t = byType.get(shortType(r.type)) ?? { check: 0, diff: 0, n: 0 };
        let inputs = r.inputs;
        t.check += await timeMs(async () => (inputs = (await host.check({ urn: r.urn, olds: r.inputs, news: r.inputs, preview: true })).inputs));
        t.diff += await timeMs(() =>
            host.diff({ urn: r.urn, id: r.id, oldInputs: r.inputs, oldOutputs: r.outputs, newInputs: inputs, preview: true }),
        );
        t.n += 1;
        byType.set(shortType(r.type), t);
    }
    return byType;
}

/** Starts a configured host in the program's folder, as the runner does. */
async function hostFor(cwd: string, project: string, config: StackConfig): Promise<ProviderHost> {
    const host = await startHost({ cwd, project, config });
    try {
        await host.handshake(cwd);
        await host.getPluginInfo();
        await host.configure(config);
        return host;
    } catch (err) {
        await host.close();
        throw err;
    }
}

/** Median over `runs` passes (after one warm-up pass) of Check + Diff per resource, both stacks, one host each. */
export async function measureHostCalls(
    real: StackState,
    bare: StackState,
    programs: { real: string; bare: string },
    project: string,
    config: StackConfig,
    runs: number,
): Promise<HostCallTimes> {
    const perResource = async (
        state: StackState,
        program: string,
    ): Promise<{ total: number[]; types: Map<string, { check: number[]; diff: number[] }> }> => {
        const host = await hostFor(path.dirname(program), project, config);
        try {
            await pass(host, state);
            const total: number[] = [];
            const types = new Map<string, { check: number[]; diff: number[] }>();
            for (let i = 0; i < runs; i++) {
                const p = await pass(host, state);
                let sum = 0;
                let n = 0;
                for (const [t, v] of p) {
                    sum += v.check + v.diff;
                    n += v.n;
                    const acc = types.get(t) ?? { check: [], diff: [] };
                    acc.check.push(v.check / v.n);
                    acc.diff.push(v.diff / v.n);
                    types.set(t, acc);
                }
                total.push(sum / n);
            }
            return { total, types };
        } finally {
            await host.close();
        }
    };
    const r = await perResource(real, programs.real);
    const b = await perResource(bare, programs.bare);
    const byType: HostCallTimes["byType"] = {};
    for (const [t, v] of r.types) byType[t] = { check: median(v.check), diff: median(v.diff) };
    return { real: median(r.total), bare: median(b.total), byType };
}
