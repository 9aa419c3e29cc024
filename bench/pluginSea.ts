/**
 * plugin-sea (issue 38): the released plugin, one executable made with Node's single-executable applications
 * (`npm run release`, scripts/release.ts), against the plugin as the npm package carries it (plugin/, whose launcher
 * runs `node index.js`, on the same Node 22.23.3 from the tools folder): spawn to the first answered GetPluginInfo,
 * alternating runs. The executable is this machine's, with V8's code cache in its blob; the same executable without
 * the code cache (what the other platforms' assets are) is measured too, in the notes. Goal: no slower than today.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { PLUGIN_DIR, requirePulumi } from "../harness/cli";
import { hostExecutable } from "../scripts/release";
import { hostTarget, nodeBinary } from "../scripts/release/nodeBinary";
import { buildExecutable, seaMain } from "../scripts/release/sea";
import { median, result, type Benchmark, type BenchResult } from "./lib";
import { startToFirstAnswer } from "./plugin";

export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const binDir = requirePulumi();
    const sea = await hostExecutable(ctx.log);
    const host = hostTarget()!;
    const hostNode = nodeBinary(host);
    const plain = (await buildExecutable({ target: host, main: seaMain(), targetNode: hostNode, hostNode, codeCache: false }, ctx.log)).file;
    const launcher = path.join(PLUGIN_DIR, "pulumi-resource-tenantkit");
    // The launcher finds `node` on PATH: the tools folder's Node 22.23.3, the version inside the executable.
    const withNode = { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}` };
    const noNode = { PATH: path.dirname(sea), HOME: process.env.HOME ?? "/" };
    const runs = ctx.quick ? 2 : 20;
    const ms = { sea: [] as number[], plain: [] as number[], node: [] as number[] };
    for (let i = 0; i < runs; i++) {
        ms.sea.push(await startToFirstAnswer(sea, [], noNode));
        ms.plain.push(await startToFirstAnswer(plain, [], noNode));
        ms.node.push(await startToFirstAnswer(launcher, [], withNode));
    }
    ctx.log(
        `medians: SEA ${median(ms.sea).toFixed(0)} ms, SEA without code cache ${median(ms.plain).toFixed(0)} ms, node-launched ${median(ms.node).toFixed(0)} ms`,
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
    ];
};
