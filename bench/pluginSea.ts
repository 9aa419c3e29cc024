/**
 * plugin-sea (issue 38): the released plugin, one executable made with Node's single-executable applications
 * (`npm run release`, scripts/release.ts), against the plugin as the npm package carries it (plugin/, whose launcher
 * runs `node index.js`, on the same Node 22.23.3 from the tools folder): spawn to the first answered GetPluginInfo,
 * alternating runs. The executable is this machine's, with V8's code cache in its blob; the same executable without
 * the code cache (what the other platforms' assets are) is measured too, in the notes. Goal: no slower than today.
 * And the executable against the bare plugin (bench/barePlugin.ts) made into an executable by the same steps (seaMain,
 * buildExecutable, with the code cache), so that its own start is judged against what any plugin built so pays.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { PLUGIN_DIR, requirePulumi } from "../harness/cli";
import { hostExecutable } from "../scripts/release";
import { hostTarget, nodeBinary } from "../scripts/release/nodeBinary";
import { buildExecutable, seaMain, stripsSymbols } from "../scripts/release/sea";
import { bareExecutable } from "./barePlugin";
import { inTurn, median, result, type Benchmark, type BenchResult } from "./lib";
import { startToFirstAnswer } from "./plugin";

export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const binDir = requirePulumi();
    const sea = await hostExecutable(ctx.log);
    const host = hostTarget()!;
    const hostNode = nodeBinary(host);
    const plain = (
        await buildExecutable(
            { target: host, main: seaMain(), targetNode: hostNode, hostNode, codeCache: false, strip: stripsSymbols(host) },
            ctx.log,
        )
    ).file;
    const bare = await bareExecutable(host, hostNode, ctx.log);
    const launcher = path.join(PLUGIN_DIR, "pulumi-resource-tenantkit");
    // The launcher finds `node` on PATH: the tools folder's Node 22.23.3, the version inside the executable.
    const withNode = { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}` };
    const noNode = { PATH: path.dirname(sea), HOME: process.env.HOME ?? "/" };
    const runs = ctx.quick ? 2 : 20;
    const starts = {
        sea: () => startToFirstAnswer(sea, [], noNode),
        plain: () => startToFirstAnswer(plain, [], noNode),
        node: () => startToFirstAnswer(launcher, [], withNode),
        bare: () => startToFirstAnswer(bare, [], noNode),
    };
    const ms = { sea: [] as number[], plain: [] as number[], node: [] as number[], bare: [] as number[] };
    for (let i = 0; i < runs; i++) for (const side of inTurn(i, ["sea", "plain", "node", "bare"] as const)) ms[side].push(await starts[side]());
    ctx.log(
        `medians: SEA ${median(ms.sea).toFixed(0)} ms, SEA without code cache ${median(ms.plain).toFixed(0)} ms, node-launched ${median(ms.node).toFixed(0)} ms, bare SEA ${median(ms.bare).toFixed(0)} ms`,
    );
    const mib = (file: string) => `${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MiB`;
    return [
        result({
            name: "plugin-sea: start to first answer",
            unit: "ms",
            values: ms.sea,
            comparison: { name: "the node-launched plugin/ (launcher, node index.js) on the same Node", values: ms.node },
            goal: "at most 1.0x",
            met: (_v, _c, ratio) => ratio <= 1.0,
            notes:
                `spawn to a GetPluginInfo answered (the port read from stdout, then one gRPC call), ${runs} alternating runs; ` +
                `the ${host.os}-${host.arch} executable (${mib(sea)}, Node 22.23.3 with the bundle and V8's code cache in its blob) run with no node on PATH; ` +
                `the same executable without the code cache (as the assets built for other platforms are): median ${median(ms.plain).toFixed(0)} ms`,
        }),
        result({
            name: "plugin-sea: start to first answer against a bare plugin built alike",
            unit: "ms",
            values: ms.sea,
            comparison: { name: "a bare plugin (same schema, answers at once) made into an executable by the same steps", values: ms.bare },
            goal: "at most 1.5x",
            met: (_v, _c, ratio) => ratio <= 1.5,
            notes:
                `spawn to a GetPluginInfo answered, ${runs} runs rotating the four starts; both executables ${host.os}-${host.arch}, Node 22.23.3, ` +
                `the bundle made by the same ncc step, seaMain and buildExecutable with V8's code cache, run with no node on PATH (${mib(sea)} and ${mib(bare)})`,
        }),
    ];
};
