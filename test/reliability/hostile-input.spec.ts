/**
 * Hostile input (issue 8), property-based: for every resource, 10,000 generated inputs (valid-shaped, near-valid with
 * one known defect, and garbage: wrong types, unknown keys, huge and odd strings, nested junk, the unknown sentinel)
 * go through `check` of the compiled handler, configured against a running emulator. check never throws, refuses
 * every invalid input with a property path (at the defect's path for near-valid ones), accepts every valid one (with
 * values unknown during preview too) in a form a second check keeps as it is, and writes nothing (it may sign in and
 * read a named workspace, what a preview proves before an up). A few hundred of the
 * same inputs then go through the real provider host over gRPC, which must answer exactly as the handler did.
 *
 * Runs the compiled handlers: `npm run build` after changing provider/. The seed is fixed (TENANTKIT_FC_SEED and
 * TENANTKIT_FC_RUNS override seed and count); a failure prints the seed and the path to replay, and the shrunk input.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import fc from "fast-check";
import type * as pulumi from "@pulumi/pulumi";
import { IDS, useEmulator } from "../support/emulator";
import { type ProviderHost, startHost } from "../../harness/host";
import { serializeProvider } from "../../harness/serialize";
import type { PropertyMap } from "../../harness/wire";
import { emulatorConfig } from "../support/stacks";
import { failuresForEngine } from "../../provider/core/host/propertyPaths";
import { type Case, type CheckReply, type InputModel, cases, describeCase, nesting, preview, verdict } from "./hostile-arbitraries";
import { brandingModel, gitPushModel, localizationModel, pushDatasetModel, tapModel } from "./hostile-models";
import { BAD_FILES, compiledHandler, handlerConfig, useProgramFolder } from "./hostile-support";

const SEED = Number(process.env.TENANTKIT_FC_SEED ?? 20250601);
const RUNS = Number(process.env.TENANTKIT_FC_RUNS ?? 10_000);
const HOST_SAMPLE = 80;
const HOST_NESTING = 50;

interface Subject {
    readonly type: string;
    /** `bin/<module>/handler` and `provider/<module>/resource.ts`. */
    readonly module: string;
    readonly model: InputModel;
    readonly service: "graph" | "powerbi" | "devops";
    /** A valid input whose create must reach the emulator: proof that the handler is wired to it. */
    readonly canary: Record<string, unknown>;
}

const SUBJECTS: readonly Subject[] = [
    {
        type: "OrganizationalBranding",
        module: "entra/branding",
        model: brandingModel,
        service: "graph",
        canary: { organizationId: IDS.tenantId, backgroundColor: "#112233" },
    },
    {
        type: "OrganizationalBrandingLocalization",
        module: "entra/brandingLocalization",
        model: localizationModel,
        service: "graph",
        canary: { organizationId: IDS.tenantId, locale: "fr-FR", signInPageText: "Accès" },
    },
    { type: "TemporaryAccessPassMethods", module: "entra/temporaryAccessPass", model: tapModel, service: "graph", canary: { user: IDS.aliceUpn } },
    {
        type: "PushDataset",
        module: "powerbi/pushDataset",
        model: pushDatasetModel,
        service: "powerbi",
        canary: { name: "Canary", tables: [{ name: "T", columns: [{ name: "c", dataType: "Int64" }] }] },
    },
    {
        type: "GitPush",
        module: "devops/gitPush",
        model: gitPushModel,
        service: "devops",
        canary: { organization: "fabrikam", project: "Web Portal", repository: "web", pushId: 1 },
    },
];

const handlerOf = (s: Subject) => compiledHandler(s.module);

const sorted = (failures: readonly pulumi.dynamic.CheckFailure[]) =>
    [...failures].sort((a, b) => `${a.property}\0${a.reason}`.localeCompare(`${b.property}\0${b.reason}`));

/** What one run saw, so that a generator that stopped producing a kind of case cannot pass unnoticed. */
class Coverage {
    readonly kinds = new Map<Case["kind"], number>();
    readonly mutations = new Set<string>();
    add(c: Case): void {
        this.kinds.set(c.kind, (this.kinds.get(c.kind) ?? 0) + 1);
        if (c.kind === "invalid") this.mutations.add(c.mutation);
    }
}

function isMissingWorkspace(err: unknown): boolean {
    const e = err as { name?: unknown; service?: unknown; code?: unknown };
    return e.name === "NotFoundError" && e.service === "powerbi" && e.code === "PowerBIEntityNotFound";
}

/** What check sent beside reads: a sign-in and a workspace listing are what it may send, never a write. */
function writesOf(log: readonly { method: string; service?: string }[]): string[] {
    return log.filter((e) => e.method !== "GET" && e.service !== "login").map((e) => `${e.method} ${e.service}`);
}

async function checkOnce(handler: pulumi.dynamic.ResourceProvider, model: InputModel, c: Case, seen: Coverage): Promise<void> {
    seen.add(c);
    let reply: CheckReply;
    try {
        reply = await handler.check!({}, c.input);
    } catch (err) {
        // A valid input names a workspace the emulator does not hold: check's read of it fails, as the preview should.
        if (c.kind === "valid" && isMissingWorkspace(err)) return;
        throw new Error(`check threw for a ${describeCase(c)} input: ${(err as Error).message}`, { cause: err });
    }
    const problems = verdict(c, reply, model.kinds);
    if (problems.length === 0 && (reply.failures ?? []).length === 0) {
        // A second preview checks what the first returned: it must come back unchanged, or every preview shows a diff.
        const again = await handler.check!({}, reply.inputs);
        if ((again.failures ?? []).length > 0) problems.push(`the checked inputs fail a second check: ${JSON.stringify(again.failures)}`);
        else assert.deepEqual(again.inputs, reply.inputs, "a second check changes the checked inputs");
    }
    if (problems.length > 0) throw new Error(`${describeCase(c)}: ${problems.join("; ")}`);
}

describe("hostile input: check over generated inputs of every resource", function () {
    this.timeout(120_000);
    const fx = useEmulator();
    const program = useProgramFolder({ chdir: true });

    SUBJECTS.forEach((s, i) => {
        it(`${s.type}: ${RUNS.toLocaleString("en")} inputs; check never throws, refuses each invalid one with its path, and writes nothing`, async () => {
            const handler = handlerOf(s);
            await handler.configure!(handlerConfig(fx));
            const seen = new Coverage();
            await fc.assert(
                fc.asyncProperty(cases(s.model), (c) => checkOnce(handler, s.model, c, seen)),
                { seed: SEED + i, numRuns: RUNS },
            );
            // The run was all microtasks: let the timers it starved (idle keep-alive sockets) fire before the next fetch.
            await new Promise((resolve) => setTimeout(resolve, 0));
            assert.deepEqual(writesOf(await fx.emu.admin.requests()), [], "check sent a write");

            for (const kind of ["valid", "invalid", "garbage"] as const)
                assert.ok((seen.kinds.get(kind) ?? 0) > RUNS / 5, `${kind}: ${seen.kinds.get(kind)} of ${RUNS}`);
            const unused = [...s.model.mutations.map((m) => m.name), "unknown key"].filter((m) => !seen.mutations.has(m));
            assert.deepEqual(unused, [], "every kind of defect was generated");

            const canary = await handler.check!({}, s.canary);
            assert.deepEqual(canary.failures ?? [], [], "the canary is valid");
            await handler.create!(canary.inputs);
            assert.ok((await fx.emu.admin.requests({ service: s.service })).length > 0, "the same handler reaches the emulator once it creates");
        });
    });

    it("ignores members on the prototype, which is where the host puts what a __proto__ key holds", async () => {
        // The host builds `news` with google-protobuf's Struct.toJavaScript, which assigns every key: a `__proto__`
        // key sets the object's prototype. So what it holds must never reach validation, file reads or the inputs.
        const smuggled = (inner: Record<string, unknown>, own: Record<string, unknown>) =>
            Object.assign(Object.create(inner) as Record<string, unknown>, own);
        const [branding, , tap, dataset] = SUBJECTS.map(handlerOf) as [
            pulumi.dynamic.ResourceProvider,
            unknown,
            pulumi.dynamic.ResourceProvider,
            pulumi.dynamic.ResourceProvider,
        ];
        const b = await branding.check!({}, smuggled({ bannerLogo: BAD_FILES.missing, onDestroy: "nonsense" }, { backgroundColor: "#112233" }));
        assert.deepEqual(b, { inputs: { backgroundColor: "#112233", onDestroy: "restore" }, failures: [] });
        const t = await tap.check!({}, smuggled({ user: "../../me" }, {}));
        assert.deepEqual(t.inputs, {});
        const table = { name: "Sales", tables: [{ name: "T", columns: [{ name: "c", dataType: "Int64" }] }] };
        const d = await dataset.check!({}, smuggled({ adopt: "..", workspaceId: "../x" }, table));
        assert.deepEqual(
            [d.failures, (d.inputs as Record<string, unknown>).adopt, (d.inputs as Record<string, unknown>).workspaceId],
            [[], undefined, undefined],
        );
        assert.deepEqual(writesOf(await fx.emu.admin.requests()), []);
    });

    describe("through the real provider host over gRPC", () => {
        let host: ProviderHost;
        const providers = new Map<string, string>();
        before(async () => {
            host = await startHost({ cwd: program.dir, project: "hostile" });
            await host.configure(emulatorConfig(fx));
            for (const s of SUBJECTS) {
                const modulePath = path.resolve(__dirname, "..", "..", "provider", s.module, "resource.ts");
                // eslint-disable-next-line @typescript-eslint/no-require-imports -- each resource's module, by path
                const stub = (require(modulePath) as { stub: pulumi.dynamic.ResourceProvider }).stub;
                providers.set(s.type, await serializeProvider(stub));
            }
        });
        after(async () => {
            await host?.close();
        });
        const hostCheck = (s: Subject, news: PropertyMap) =>
            host.check({
                urn: `urn:pulumi:dev::hostile::pulumi-nodejs:dynamic/tenantkit:${s.type}::subject`,
                news: { ...news, __provider: providers.get(s.type)! },
                preview: true,
            });

        it(`answers ${HOST_SAMPLE} inputs per resource exactly as the handler does in-process, and writes nothing`, async () => {
            for (const [i, s] of SUBJECTS.entries()) {
                const handler = handlerOf(s);
                await handler.configure!(handlerConfig(fx));
                const seed = SEED + 100 + i;
                // Deep junk stays in-process: google-protobuf takes seconds per message for 1,000 levels.
                const sample = fc.sample(
                    cases(s.model).filter((c) => nesting(c.input) <= HOST_NESTING),
                    { seed, numRuns: HOST_SAMPLE },
                );
                for (const c of sample) {
                    const context = `${s.type}, ${describeCase(c)}, seed ${seed}: ${preview(c.input).slice(0, 300)}`;
                    const failed = (err: unknown) => ({ err });
                    const localOutcome = await handler.check!({}, c.input).catch(failed);
                    const remoteOutcome = await hostCheck(s, c.input as PropertyMap).catch(failed);
                    if ("err" in localOutcome && isMissingWorkspace(localOutcome.err)) {
                        assert.ok("err" in remoteOutcome && /404 PowerBIEntityNotFound/.test(String(remoteOutcome.err)), context);
                        continue;
                    }
                    if ("err" in localOutcome) throw localOutcome.err;
                    if ("err" in remoteOutcome) throw remoteOutcome.err;
                    const [local, remote] = [localOutcome, remoteOutcome];
                    // The order of failures is not part of the contract: a Struct's members may travel in another order.
                    // The handler's stub hands the engine a nested failure as the resource's, with its path and value.
                    assert.deepEqual(sorted(remote.failures), sorted(failuresForEngine(local.failures ?? [], c.input)), context);
                    assert.deepEqual(verdict(c, local, s.model.kinds), [], context);
                }
            }
            assert.deepEqual(writesOf(await fx.emu.admin.requests()), [], "check through the host sent a write");
        });
    });
});
