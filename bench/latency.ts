/**
 * latency (issue 7): p50 of create, read, diff and update of `powerbi.PushDataset` through the REAL provider host
 * (`startHost`, the stub's `__provider`, configure with the emulator's stack config), against the same HTTP
 * requests sent directly with axios in the same run: the request log of one host call is replayed (same methods,
 * paths, queries, bodies and headers, a token fetched as the tests fetch one). Diff makes no request (handler.ts:
 * `diffDataset` only compares), so it is measured against a bare dynamic provider's diff through the same host.
 *
 * The emulator runs in its own process, as the service would, so host and direct client both cross processes. Host
 * and direct calls alternate, and every created dataset is deleted (untimed), so both see the same workspace.
 * A third series, the bare provider with the same properties, splits the host figure into the gRPC/marshalling
 * hop and what our handler adds; it goes into the notes.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import axios, { type AxiosInstance } from "axios";
import { EmulatorAdmin, type RequestLogEntry } from "../emulator/client";
import type { RunningEmulator } from "../emulator/server";
import { DEFAULT_SEED_IDS as IDS } from "../emulator/seeds/default";
import { startHost, type ProviderHost } from "../harness/host";
import { serializeProvider } from "../harness/serialize";
import type { PropertyMap } from "../harness/wire";
import { appToken, emulatorStackConfig } from "../harness/emulatorStack";
import { median, result, timeMs, type Benchmark, type BenchResult } from "./lib";

/** The repository root: the host resolves `pulumi-tenantkit` from here, as from a program's folder. */
export const REPO_ROOT = path.resolve(__dirname, "..");
export const PROJECT = "bench";
export const urnOf = (name: string): string => `urn:pulumi:dev::${PROJECT}::pulumi-nodejs:dynamic/tenantkit:PushDataset::${name}`;
const POWERBI_SCOPE = "https://analysis.windows.net/powerbi/api/.default";

/** A dynamic provider that does nothing: the host's own cost of a call, with no handler behind it. */
export const bareProvider: pulumi.dynamic.ResourceProvider = {
    async create(inputs: Record<string, unknown>) {
        return { id: "1", outs: inputs };
    },
    async read(id: string, props: Record<string, unknown>) {
        return { id, props };
    },
    async diff() {
        return { changes: false };
    },
    async update(_id: string, _olds: Record<string, unknown>, news: Record<string, unknown>) {
        return { outs: news };
    },
};

/** The inputs of a small push dataset (one table); `price` adds a column, which updates in place. */
export function datasetArgs(name: string, price = false): PropertyMap {
    const columns = [
        { name: "ProductID", dataType: "Int64" },
        { name: "Name", dataType: "string" },
    ];
    return { name, tables: [{ name: "Product", columns: price ? [...columns, { name: "Price", dataType: "Double" }] : columns }] };
}

/** The compiled stub's `__provider` text, exactly what state holds. */
export async function datasetProvider(): Promise<string> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(path.resolve(__dirname, "..", "bin", "powerbi", "pushDataset", "resource")) as { stub: pulumi.dynamic.ResourceProvider };
    return serializeProvider(mod.stub);
}

/**
 * The compiled emulator in its own process (`bin/emulator/cli.js --port 0`), so that the direct axios client, like
 * the provider host, talks to it across processes: in-process, the direct client would skip the wake-ups of a
 * cross-process round trip that every host request pays.
 */
export async function startEmulatorProcess(): Promise<RunningEmulator> {
    const proc = spawn(process.execPath, [path.join(REPO_ROOT, "bin", "emulator", "cli.js"), "--port", "0"], {
        stdio: ["ignore", "pipe", "inherit"],
    });
    const url = await new Promise<string>((resolve, reject) => {
        let seen = "";
        proc.stdout.setEncoding("utf8");
        proc.stdout.on("data", (chunk: string) => {
            seen += chunk;
            const m = /listening on (\S+)/.exec(seen);
            if (m) resolve(m[1]);
        });
        proc.once("error", reject);
        proc.once("exit", (code) => reject(new Error(`the emulator exited (${code}) before listening; run npm run build`)));
    });
    const admin = EmulatorAdmin.connect(url);
    const port = Number(new URL(url).port);
    const close = async (): Promise<void> => {
        if (proc.exitCode !== null || proc.signalCode !== null) return;
        const exited = new Promise((resolve) => proc.once("exit", resolve));
        proc.kill("SIGTERM");
        await exited;
    };
    return {
        url,
        httpsUrl: `https://127.0.0.1:${port}`,
        port,
        caPem: await admin.caPem().catch(async (err: unknown) => (await close(), Promise.reject(err))),
        admin,
        close,
    };
}

/** A provider host configured for the emulator, as the engine starts one per provider; `env` added to its environment. */
export async function startConfiguredHost(emu: RunningEmulator, env: Record<string, string> = {}): Promise<ProviderHost> {
    const host = await startHost({ cwd: REPO_ROOT, project: PROJECT, env });
    await host.configure(emulatorStackConfig(emu.url));
    return host;
}

/** Checked inputs, failing loudly: a benchmark of rejected inputs would measure nothing. */
async function checked(host: ProviderHost, provider: string, args: PropertyMap): Promise<PropertyMap> {
    const c = await host.check({ urn: urnOf(String(args.name)), news: { __provider: provider, ...args } });
    if (c.failures.length > 0) throw new Error(`check failed: ${JSON.stringify(c.failures)}`);
    return c.inputs;
}

/** One request as the handler sent it, from the emulator's log. */
type Recorded = Pick<RequestLogEntry, "method" | "path" | "query" | "headers" | "bodyText">;

/**
 * Sends `steps` with axios as the handler sent them (fresh client-request-id, the direct token), with `rename`
 * applied to paths and bodies; after a POST, the recorded `postId` in later paths becomes the new id, returned.
 */
async function replay(
    http: AxiosInstance,
    token: string,
    steps: readonly Recorded[],
    rename: [string, string][] = [],
    postId?: string,
): Promise<string | undefined> {
    const swaps = [...rename];
    const sub = (s: string): string => swaps.reduce((acc, [from, to]) => acc.split(from).join(to), s);
    let created: string | undefined;
    for (const s of steps) {
        const headers: Record<string, string> = {
            accept: s.headers.accept ?? "application/json",
            "user-agent": s.headers["user-agent"] ?? "",
            "client-request-id": randomUUID(),
            authorization: `Bearer ${token}`,
        };
        if (s.headers["content-type"]) headers["content-type"] = s.headers["content-type"];
        const res = await http.request<{ id?: string }>({
            method: s.method,
            url: sub(s.path),
            params: s.query,
            headers,
            data: s.bodyText ? sub(s.bodyText) : undefined,
        });
        if (res.status >= 300) throw new Error(`direct ${s.method} ${s.path} answered ${res.status}`);
        if (s.method === "POST" && postId && res.data.id) swaps.push([postId, (created = res.data.id)]);
    }
    return created;
}

interface Series {
    host: number[];
    direct: number[];
    bare: number[];
}

/** Runs the benchmark: one result per operation. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const calls = ctx.quick ? 5 : 60;
    const warmup = ctx.quick ? 1 : 5;
    const emu = await startEmulatorProcess();
    let host: ProviderHost | undefined;
    try {
        host = await startConfiguredHost(emu);
        const h = host;
        const provider = await datasetProvider();
        const bare = await serializeProvider(bareProvider);
        const token = await appToken(emu.url, { scope: POWERBI_SCOPE });
        const http = axios.create({ baseURL: emu.url, validateStatus: () => true });
        const drop = (id: string): Promise<void> => emu.admin.deletePowerBiDataset(IDS.tenantId, id);
        const logged = async (fn: () => Promise<unknown>): Promise<Recorded[]> => {
            const since = (await emu.admin.requests()).reduce((m, r) => Math.max(m, r.seq), 0);
            await fn();
            return (await emu.admin.requests({ service: "powerbi", since })).map(({ method, path: p, query, headers, bodyText }) => ({
                method,
                path: p,
                query,
                headers,
                bodyText,
            }));
        };

        // The dataset that read, diff and update work on, and the request sequences copied from the log.
        const inA = await checked(h, provider, datasetArgs("LatencyBase"));
        const inB = await checked(h, provider, datasetArgs("LatencyBase", true));
        const base = await h.create({ urn: urnOf("LatencyBase"), properties: inA }); // fetches the token
        let createdId = "";
        const createSteps = await logged(
            async () => (createdId = (await h.create({ urn: urnOf("LatencyRec"), properties: { ...inA, name: "LatencyRec" } })).id),
        );
        await drop(createdId);
        const readSteps = await logged(() => h.read({ urn: urnOf("LatencyBase"), id: base.id, state: base.outs, inputs: inA }));
        let outs = base.outs;
        let toB = true;
        const updateSteps: Recorded[][] = [];
        const update = async (): Promise<void> => {
            const [olds, news] = toB ? [inA, inB] : [inB, inA];
            outs = (await h.update({ urn: urnOf("LatencyBase"), id: base.id, oldInputs: olds, oldOutputs: outs, newInputs: news })).outs;
            toB = !toB;
        };
        updateSteps.push(await logged(update), await logged(update));
        const bareOf = (m: PropertyMap): PropertyMap => ({ ...m, __provider: bare });
        ctx.log(`requests per call: create ${createSteps.length}, read ${readSteps.length}, update ${updateSteps[0].length}, diff 0`);

        let n = 0;
        const ops: Record<string, { host(): Promise<unknown>; direct(): Promise<unknown>; bare(): Promise<unknown>; after?(): Promise<void> }> = {};
        let made: string[] = [];
        ops.create = {
            host: async () => made.push((await h.create({ urn: urnOf(`LatH${n}`), properties: { ...inA, name: `LatH${n}` } })).id),
            direct: async () => made.push((await replay(http, token, createSteps, [["LatencyRec", `LatD${n}`]], createdId)) ?? ""),
            bare: () => h.create({ urn: urnOf(`LatB${n}`), properties: bareOf({ ...inA, name: `LatB${n}` }) }),
            // Untimed: keeps My workspace at one dataset, so every list answers the same.
            after: async () => {
                await Promise.all(made.filter((id) => id !== "").map(drop));
                made = [];
            },
        };
        ops.read = {
            host: () => h.read({ urn: urnOf("LatencyBase"), id: base.id, state: outs, inputs: toB ? inA : inB }),
            direct: () => replay(http, token, readSteps),
            bare: () => h.read({ urn: urnOf("LatencyBase"), id: base.id, state: bareOf(outs), inputs: bareOf(toB ? inA : inB) }),
        };
        const diffArgs = (p?: string) => ({
            urn: urnOf("LatencyBase"),
            id: base.id,
            oldInputs: inA,
            oldOutputs: p ? { ...base.outs, __provider: p } : base.outs,
            newInputs: p ? { ...inB, __provider: p } : inB,
        });
        const bareDiff = () => h.diff(diffArgs(bare));
        ops.diff = { host: () => h.diff(diffArgs()), direct: bareDiff, bare: bareDiff };
        let directToggle = 0;
        ops.update = {
            host: update,
            direct: () => replay(http, token, updateSteps[directToggle++ % 2]),
            bare: () =>
                h.update({ urn: urnOf("LatencyBase"), id: base.id, oldInputs: bareOf(inA), oldOutputs: bareOf(outs), newInputs: bareOf(inB) }),
        };

        // The floor of any call through the host: a gRPC round trip that does nothing (GetPluginInfo).
        const noop: number[] = [];
        for (let i = -warmup; i < calls * 2; i++) {
            const t = await timeMs(() => h.getPluginInfo());
            if (i >= 0) noop.push(t);
        }
        const pn = median(noop);
        ctx.log(`gRPC round trip that does nothing (GetPluginInfo): p50 ${pn.toFixed(2)} ms`);

        const results: BenchResult[] = [];
        for (const [op, fns] of Object.entries(ops)) {
            const s: Series = { host: [], direct: [], bare: [] };
            // Interleaved, so drift (GC, the emulator's growing log) hits all three series alike.
            for (let i = -warmup; i < calls; i++, n++) {
                const t = [await timeMs(fns.host), await timeMs(fns.direct), await timeMs(fns.bare)];
                if (i >= 0) {
                    s.host.push(t[0]);
                    s.direct.push(t[1]);
                    s.bare.push(t[2]);
                }
                await fns.after?.();
            }
            const [ph, pd, pb] = [median(s.host), median(s.direct), median(s.bare)];
            ctx.log(`${op}: host p50 ${ph.toFixed(2)} ms, direct ${pd.toFixed(2)} ms, bare host ${pb.toFixed(2)} ms`);
            results.push(resultFor(op, s, { create: createSteps, read: readSteps, update: updateSteps[0], diff: [] }[op] ?? [], [ph, pd, pb, pn]));
        }
        return results;
    } finally {
        await host?.close();
        await emu.close();
    }
};

function resultFor(op: string, s: Series, steps: readonly Recorded[], [ph, pd, pb, pn]: number[]): BenchResult {
    const wire = steps.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, "{id}").replace("/powerbi/v1.0/myorg", "")}`).join(", ");
    const isDiff = op === "diff";
    return result({
        name: `latency p50: ${op} through the provider host`,
        unit: "ms",
        values: s.host,
        comparison: isDiff
            ? { name: "diff of a bare dynamic provider (does nothing) through the same host, same properties", values: s.direct }
            : { name: `the same ${steps.length} HTTP request(s) sent directly with axios`, values: s.direct },
        goal: "p50 ratio at most 1.3",
        met: (_v, _c, ratio) => ratio <= 1.3,
        notes: isDiff
            ? `diffDataset makes no HTTP request (provider/powerbi/pushDataset/handler.ts), so the comparison is the host's own round trip; ` +
              `our diff adds ${(ph - pb).toFixed(2)} ms (userProps, JSON comparisons). ${s.host.length} calls each after warm-up.`
            : `requests per call: ${wire}. Split of the host p50 ${ph.toFixed(2)} ms: the host hop with the same properties and a bare provider ` +
              `${pb.toFixed(2)} ms; handler + HTTP ${(ph - pb).toFixed(2)} ms vs ${pd.toFixed(2)} ms direct, so the handler's own work is ` +
              `${(ph - pb - pd).toFixed(2)} ms. The host hop alone sets the floor: with a handler costing nothing the ratio would be ` +
              `${((pb + pd) / pd).toFixed(2)}, since a loopback request to the emulator (its own process) takes ~${(pd / Math.max(steps.length, 1)).toFixed(2)} ms; ` +
              `a gRPC round trip that does nothing (GetPluginInfo, same host) takes ${pn.toFixed(2)} ms, so even a host and handler that cost ` +
              `nothing would give ${((pn + pd) / pd).toFixed(2)}; ` +
              `the hop includes the harness's own protobuf Struct marshalling in JavaScript, which the engine does in Go. Against the service ` +
              `(tens of ms per request) the same absolute overhead is a small ratio. ${s.host.length} calls each after warm-up, interleaved. ` +
              `One CPU profile of the host (400 create + read) puts the handler's share in core/http/http.ts around axios (headers, limiter, ` +
              `interpret, plainHeaders: ~0.28 ms per request), zod response parsing (~0.04 ms) and sessionFor re-hashing the settings on every call (~0.06 ms).`,
    });
}
