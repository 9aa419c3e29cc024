/**
 * state-size (issue 7): state bytes per resource of a stack of 1,000 push datasets, created with the lifecycle
 * runner's `up` against the emulator, against the same stack's user data alone (the JSON of the args the program
 * passed). Goal: overhead at most 2 KB per resource, that is (state bytes - user data bytes) / count <= 2048.
 *
 * The state file is the lifecycle runner's (a subset of `pulumi stack export`, pretty-printed with 2 spaces). The
 * notes name the fields that dominate a dataset's entry, so a missed goal points at its cause.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../emulator/server";
import { defaultSeed } from "../emulator/seeds/default";
import { DEFAULT_SEED_IDS as IDS } from "../emulator/seeds/default";
import { LifecycleRunner } from "../harness/lifecycle";
import type { ResourceState, StackState } from "../harness/lifecycle";
import { serializeProvider } from "../harness/serialize";
import { minimalStub } from "./serialization";
import { emulatorStackConfig } from "../harness/emulatorStack";
import { datasetArgs } from "./programs/state-size/datasets";
import { median, repeat, result, type Benchmark, type BenchResult } from "./lib";

const PROGRAM = path.join(__dirname, "programs", "state-size", "index.ts");
const TYPE = "pulumi-nodejs:dynamic/tenantkit:PushDataset";
const GOAL_OVERHEAD = 2048;

/** Compact JSON bytes of each field of the datasets' state entries (`inputs.x`, `outputs.x`, `urn`...), summed. */
function fieldBytes(resources: readonly ResourceState[]): Map<string, number> {
    const sizes = new Map<string, number>();
    const add = (key: string, value: unknown): void => {
        sizes.set(key, (sizes.get(key) ?? 0) + Buffer.byteLength(`${JSON.stringify(key.split(".").pop())}:${JSON.stringify(value)},`));
    };
    for (const r of resources) {
        for (const [k, v] of Object.entries(r)) {
            if ((k === "inputs" || k === "outputs") && v && typeof v === "object") {
                for (const [ik, iv] of Object.entries(v)) add(`${k}.${ik}`, iv);
            } else {
                add(k, v);
            }
        }
    }
    return sizes;
}

/** The `n` largest fields as `name N B (P%)` per resource. */
function topFields(sizes: Map<string, number>, count: number, entryBytes: number, n: number): string {
    return [...sizes.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `${k} ${Math.round(v / count)} B (${Math.round((100 * v) / entryBytes)}%)`)
        .join(", ");
}

/**
 * What dominates the datasets' entries, how much of the file is indentation, and the floor: the same file if each
 * dataset were a bare dynamic resource with the same checked inputs (its outputs echo its inputs, as a dynamic
 * provider's must, since the host's Diff receives only the old outputs) and the minimal stub as `__provider`.
 */
function describeState(state: StackState, fileBytes: number, count: number, userBytes: number, minimalText: string): string {
    const datasets = state.resources.filter((r) => r.type === TYPE);
    const entries = datasets.map((r) => Buffer.byteLength(JSON.stringify(r))).reduce((a, b) => a + b, 0);
    const compact = Buffer.byteLength(JSON.stringify(state));
    const bare = (r: ResourceState): ResourceState => {
        const { __provider: _p, ...inputs } = r.inputs;
        const props = { __provider: minimalText, ...inputs };
        return { urn: r.urn, type: r.type, custom: true, id: r.id, inputs: props, outputs: props, parent: r.parent, dependencies: r.dependencies };
    };
    const bareState = { ...state, resources: state.resources.map((r) => (r.type === TYPE ? bare(r) : r)) };
    const floor = Buffer.byteLength(`${JSON.stringify(bareState, null, 2)}\n`);
    const floorOverhead = (floor - userBytes) / count;
    const compactFloorOverhead = (Buffer.byteLength(JSON.stringify(bareState)) - userBytes) / count;
    return (
        `per dataset entry ${Math.round(entries / count)} B compact, top fields: ${topFields(fieldBytes(datasets), count, entries, 3)}; ` +
        `${Math.round((100 * (fileBytes - compact)) / fileBytes)}% of the file is indentation (compact: ${Math.round(compact / count)} B per resource); ` +
        `floor, a bare dynamic resource with the same inputs (outputs = inputs, minimal stub as __provider): ${Math.round(floor / count)} B ` +
        `per resource, overhead ${Math.round(floorOverhead)} B (compact ${Math.round(compactFloorOverhead)} B)` +
        `${floorOverhead > GOAL_OVERHEAD ? ": no dynamic resource holding these inputs meets the goal in this file format" : ""}`
    );
}

/** Runs the benchmark: one `up` of `count` datasets per run, each on a freshly seeded emulator and a new stack. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const count = ctx.quick ? 10 : 1_000;
    // One up of 1,000 takes about half a minute, and the bytes are deterministic (three runs gave identical files
    // but for the random ids, which have a fixed length), so one run measures as well as three.
    const runs = 1;
    const workspaceId = IDS.salesWorkspaceId;
    const userBytes = Array.from({ length: count }, (_, i) => Buffer.byteLength(JSON.stringify(datasetArgs(i, workspaceId)))).reduce(
        (a, b) => a + b,
        0,
    );
    const minimalText = await serializeProvider(minimalStub);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bench-state-"));
    const emu = await startEmulator();
    let detail = "";
    try {
        const config = { ...emulatorStackConfig(emu.url), "stateprog:count": String(count), "stateprog:workspaceId": workspaceId };
        const stateBytes = await repeat(runs, async (i) => {
            await emu.admin.seed(defaultSeed(new Date()));
            await emu.admin.clearRequests();
            const statePath = path.join(dir, `run-${i}.json`);
            const runner = new LifecycleRunner({ programPath: PROGRAM, statePath, project: "stateprog", config });
            const up = await runner.up();
            if (up.errors.length > 0) throw new Error(`up failed: ${JSON.stringify(up.errors.slice(0, 3))}`);
            const datasets = runner.state().resources.filter((r) => r.type === TYPE);
            if (datasets.length !== count) throw new Error(`state holds ${datasets.length} datasets, expected ${count}`);
            const bytes = fs.statSync(statePath).size;
            ctx.log(`run ${i + 1}/${runs}: up of ${count} datasets in ${(up.ms / 1000).toFixed(1)} s, state ${bytes} bytes`);
            if (i === 0)
                detail = `${describeState(runner.state(), bytes, count, userBytes, minimalText)}; one up of ${count} took ${(up.ms / 1000).toFixed(1)} s`;
            fs.rmSync(statePath, { force: true });
            return bytes / count;
        });
        const overhead = median(stateBytes) - userBytes / count;
        return [
            result({
                name: `state bytes per resource (${count} push datasets)`,
                unit: "bytes/resource",
                values: stateBytes,
                comparison: { name: "the same stack's user data alone (JSON of the program's args)", values: Array(runs).fill(userBytes / count) },
                goal: "overhead at most 2 KB per resource",
                met: (v, cmp) => v - cmp <= GOAL_OVERHEAD,
                notes:
                    `overhead ${Math.round(overhead)} B per resource (state minus user data; goal <= ${GOAL_OVERHEAD}); ratio = state / user data; ` +
                    `lifecycle runner state file after one up of a fresh stack on a freshly seeded emulator (${runs} run: deterministic, ` +
                    `three runs gave the same bytes), ` +
                    `one sales table of 5 columns per dataset in the seeded workspace; ${detail}`,
            }),
        ];
    } finally {
        await emu.close();
        fs.rmSync(dir, { recursive: true, force: true });
    }
};
