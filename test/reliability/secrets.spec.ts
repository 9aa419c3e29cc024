/**
 * Issue 8, "Secrets": no client secret, static token, Azure DevOps PAT or temporary access pass ever appears in the
 * harness state file, a serialized `__provider`, an output not marked secret, an error message, or anything the
 * provider host or the program process writes, whether the credential comes from stack config or the environment,
 * and whether the request that carries it succeeds or fails. Every artifact is searched for each secret and its
 * encodings (base64, Basic `:PAT`, URL- and form-encoded; secrets-support.ts).
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import type { FaultRule, RequestLogEntry } from "../../emulator/client";
import { DEVOPS_AUDIENCE } from "../../provider/core/settings/clouds";
import { SETTING_KEYS, type SettingKey } from "../../provider/core/settings/settings";
import { getGitPush } from "../../provider/devops/gitPush/functions";
import { stub as gitPushStub } from "../../provider/devops/gitPush/resource";
import { getTemporaryAccessPassMethods } from "../../provider/entra/temporaryAccessPass/functions";
import { stub as tapStub } from "../../provider/entra/temporaryAccessPass/resource";
import { errorText } from "../../harness/errors";
import { startHost, type ProviderHost } from "../../harness/host";
import { LifecycleRunner } from "../../harness/lifecycle";
import { serializeProvider } from "../../harness/serialize";
import { isSecret, secret, type PropertyMap, type StackConfig } from "../../harness/wire";
import { IDS, useEmulator } from "../support/emulator";
import { useStateDir } from "../support/stacks";
import {
    asProgram,
    blankSettingsEnv,
    captureOutput,
    errorArtifacts,
    findLeaks,
    makeCanaries,
    runArtifacts,
    seedAccepting,
    seedWithTenants,
    stateArtifacts,
    tapListWithPass,
    withRandomPart,
    type Artifact,
    type Secret,
} from "./secrets-support";

const PROGRAM = path.resolve(__dirname, "..", "fixtures", "programs", "secrets", "index.ts");
const TAP_TYPE = "pulumi-nodejs:dynamic/tenantkit:TemporaryAccessPassMethods";
type Kind = "client secret" | "static token" | "PAT" | "TAP value";
type Credential = Exclude<Kind, "TAP value">;
type Via = "stack config" | "environment";
type Service = "graph" | "devops";
const VIAS: readonly Via[] = ["stack config", "environment"];

const C = makeCanaries();
const SECRET_OF: Record<Kind, string> = { "client secret": C.clientSecret, "static token": C.staticToken, PAT: C.pat, "TAP value": C.tap };
/** Every canary: whichever test runs, none of them may show up anywhere (the pass only inside a secret wrapper of state). */
const ALL_SECRETS: Secret[] = [
    { what: "client secret", value: C.clientSecret },
    { what: "static token", value: C.staticToken },
    { what: "PAT", value: C.pat },
    { what: "temporary access pass", value: C.tap, wrapped: true },
].flatMap(withRandomPart);

/**
 * The credential setups. Each gives Graph (the TAP lookup) one credential and Azure DevOps (the push lookup)
 * another, so the three carry every kind both ways: a static token is graphToken from stack config and
 * devopsToken from the environment. Used by the stacks and by the matrix of failures alike.
 */
const SETUPS: readonly Record<Service, readonly [Credential, Via]>[] = [
    { graph: ["client secret", "stack config"], devops: ["PAT", "environment"] },
    { graph: ["client secret", "environment"], devops: ["PAT", "stack config"] },
    { graph: ["static token", "stack config"], devops: ["static token", "environment"] },
];
const describeSetup = (s: Record<Service, readonly [Credential, Via]>) => `Graph: ${s.graph.join(" via ")}, Azure DevOps: ${s.devops.join(" via ")}`;

/** The settings of one credential kind on one service; `tenantId` only matters to the client secret. */
function credentialSettings(kind: Kind, service: Service, value: string, tenantId: string = IDS.domain): Partial<Record<SettingKey, string>> {
    if (kind === "client secret") return { tenantId, clientId: IDS.quickstartClientId, clientSecret: value };
    if (kind === "PAT") return { devopsPat: value };
    return service === "graph" ? { graphToken: value } : { devopsToken: value };
}

/** Settings as stack config (secrets wrapped, as `pulumi config set --secret` stores them) or as environment. */
function place(settings: Partial<Record<SettingKey, string>>, via: Via): { config: StackConfig; env: Record<string, string> } {
    const config: StackConfig = {};
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(settings) as [SettingKey, string][]) {
        if (via === "environment") env[SETTING_KEYS[key].env] = value;
        else config[`tenantkit:${key}`] = SETTING_KEYS[key].secret ? secret(value) : value;
    }
    return { config, env };
}

/** A setup's settings, given the secret of each service, split into stack config and environment. */
function placeSetup(setup: Record<Service, readonly [Credential, Via]>, values: Record<Service, string>, tenantId?: string) {
    const g = place(credentialSettings(setup.graph[0], "graph", values.graph, tenantId), setup.graph[1]);
    const d = place(credentialSettings(setup.devops[0], "devops", values.devops, tenantId), setup.devops[1]);
    return { config: { ...g.config, ...d.config }, env: { ...g.env, ...d.env } };
}

describe("secrets never leak (issue 8)", function () {
    this.timeout(180_000);
    const fx = useEmulator();
    const states = useStateDir("tk-secrets-");
    const ok = (r: { errors: unknown[] }) => assert.deepEqual(r.errors, [], JSON.stringify(r.errors, null, 2));

    describe("up, refresh and destroy through the engine harness, with a pass in Graph's answer", () => {
        for (const [n, setup] of SETUPS.entries()) {
            it(`${describeSetup(setup)}: state, __provider, unmarked outputs, errors and both processes' output hold no secret`, async () => {
                await fx.emu.admin.seed(seedAccepting(C));
                await fx.emu.admin.setFaults({
                    match: { service: "graph", method: "GET", path: "^/v1\\.0/users/alice%40contoso\\.onmicrosoft\\.com/" },
                    kind: "status",
                    status: 200,
                    body: tapListWithPass(C.tap, { withContext: true }),
                    times: 0,
                });
                const value = async ([kind]: readonly [Credential, Via], service: Service): Promise<string> => {
                    if (kind === "client secret") return C.clientSecret;
                    if (kind === "PAT") return C.pat;
                    const audience = service === "graph" ? undefined : DEVOPS_AUDIENCE;
                    return (
                        await fx.emu.admin.mintUserToken({
                            tenant: IDS.tenantId,
                            user: IDS.aliceUpn,
                            scopes: ["UserAuthMethod-TAP.Read.All"],
                            audience,
                        })
                    ).access_token;
                };
                const values = { graph: await value(setup.graph, "graph"), devops: await value(setup.devops, "devops") };
                const { config, env } = placeSetup(setup, values);
                const statePath = states.statePath(`stack-${n}`);
                const runner = new LifecycleRunner({
                    programPath: PROGRAM,
                    statePath,
                    project: "secretsprog",
                    config: { "tenantkit:emulator": fx.emu.url, ...config },
                    hostEnv: { ...blankSettingsEnv(), ...env },
                });

                const artifacts: Artifact[] = [];
                const output = captureOutput();
                try {
                    // The engine gives the language host and the provider host the same environment.
                    await asProgram({ env }, async () => {
                        const up = await runner.up();
                        ok(up);
                        assert.ok(isSecret(up.outputs.pass), "the resource's pass is a secret output");
                        assert.ok(isSecret(up.outputs.tapViaOutput), "the Output form's result is secret when it holds a pass");
                        assert.ok(
                            isSecret(runner.state().resources.find((r) => r.type === TAP_TYPE)!.outputs.temporaryAccessPass),
                            "the pass is stored as a secret",
                        );
                        artifacts.push(...runArtifacts("up", up), ...stateArtifacts("up", statePath));
                        const inWrapper = findLeaks(
                            stateArtifacts("up", statePath).map((a) => ({ ...a, holdsSecretValues: false })),
                            ALL_SECRETS,
                        );
                        assert.ok(
                            inWrapper.includes("temporary access pass (as is) in up: state file"),
                            `the search finds the pass inside its secret wrapper: ${inWrapper}`,
                        );

                        const refresh = await runner.refresh();
                        ok(refresh);
                        assert.equal(refresh.steps.filter((s) => s.op.startsWith("refresh")).length, 2, "both lookups were read again");
                        assert.ok(
                            isSecret(runner.state().resources.find((r) => r.type === TAP_TYPE)!.outputs.temporaryAccessPass),
                            "still secret after refresh",
                        );
                        artifacts.push(...runArtifacts("refresh", refresh), ...stateArtifacts("refresh", statePath));

                        const destroy = await runner.destroy();
                        ok(destroy);
                        artifacts.push(...runArtifacts("destroy", destroy), ...stateArtifacts("destroy", statePath));
                        // What the SDK would store as `__provider` now, with the secrets in this process's environment.
                        for (const [name, stub] of [
                            ["TemporaryAccessPassMethods", tapStub],
                            ["GitPush", gitPushStub],
                        ] as const) {
                            artifacts.push({ name: `serializeProvider(${name} stub)`, text: await serializeProvider(stub) });
                        }
                    });
                } finally {
                    output.stop();
                }
                artifacts.push({ name: "the program process's stdout and stderr", text: output.text() });

                const sent = await fx.emu.admin.requests();
                // Tokens the emulator issued for the client secret are secrets too: take them from the requests that used them.
                const issued = [...new Set(sent.flatMap((r) => /^Bearer (ey\S+)$/.exec(r.headers.authorization ?? "")?.[1] ?? []))];
                const credentials: Secret[] = [
                    { what: `Graph's ${setup.graph[0]}`, value: values.graph },
                    { what: `Azure DevOps' ${setup.devops[0]}`, value: values.devops },
                    ...issued.map((t) => ({ what: "an access token the emulator issued", value: t })),
                ];
                const log = [{ name: "the emulator's request log", text: JSON.stringify(sent) }];
                for (const c of credentials.slice(0, 2)) assert.notDeepEqual(findLeaks(log, [c]), [], `the search finds ${c.what} where it was sent`);
                assert.deepEqual(findLeaks(artifacts, [...ALL_SECRETS, ...credentials]), []);
            });
        }
    });

    describe("the program-side forms in a program's process, with a refused credential", () => {
        /** Each setup's two credentials, each through both forms of its lookup: the Output form and the Promise form. */
        const FORMS: Record<Service, readonly [string, string][]> = {
            graph: [
                ["tapOutput", "getTemporaryAccessPassMethodsOutput"],
                ["tapPromise", "getTemporaryAccessPassMethods"],
            ],
            devops: [
                ["pushOutput", "getGitPushOutput"],
                ["pushPromise", "getGitPush"],
            ],
        };
        /** The service's own refusal of each canary, which the default seed does not know. */
        const REFUSAL: Record<Credential, RegExp> = {
            "client secret": /token failed: 401 invalid_client\/AADSTS7000215/,
            "static token": /failed: 401 /,
            PAT: /failed: 401 UnauthorizedRequestException\/TF400813/,
        };

        for (const [n, setup] of SETUPS.entries()) {
            for (const service of ["graph", "devops"] as const) {
                const [kind, via] = setup[service];
                for (const [only, fn] of FORMS[service]) {
                    it(`${kind} via ${via}: ${fn} fails the preview naming the refusal, and no secret shows`, async () => {
                        const { config, env } = placeSetup(setup, { graph: SECRET_OF[setup.graph[0]], devops: SECRET_OF[setup.devops[0]] });
                        const runner = new LifecycleRunner({
                            programPath: PROGRAM,
                            statePath: states.statePath(`forms-${n}-${only}`),
                            project: "secretsprog",
                            config: { "tenantkit:emulator": fx.emu.url, "secretsprog:only": only, ...config },
                        });
                        const output = captureOutput();
                        const preview = await asProgram({ env }, () => runner.preview()).finally(() => output.stop());
                        assert.equal(preview.errors.length, 1, JSON.stringify(preview.errors));
                        assert.match(preview.errors[0]!.message, REFUSAL[kind]);
                        const sent = [{ name: "the emulator's request log", text: JSON.stringify(await fx.emu.admin.requests()) }];
                        assert.notDeepEqual(
                            findLeaks(sent, [{ what: kind, value: SECRET_OF[kind] }]),
                            [],
                            "the search finds the secret in the request that carried it",
                        );
                        const artifacts = [
                            ...runArtifacts("preview", preview),
                            { name: "the program process's stdout and stderr", text: output.text() },
                        ];
                        assert.deepEqual(findLeaks(artifacts, ALL_SECRETS), []);
                    });
                }
            }
        }
    });

    describe("a failing request, kind x path x failure, through the provider host (create, refresh) and the program-side function", () => {
        type Failure = "401" | "403" | "500" | "reset" | "malformed JSON" | "HTML page" | "wrong credential";
        /**
         * The matrix. Each credential row runs for both paths (stack config, environment), placed by SETUPS; the TAP
         * rows once. The fault hits the request that carries the secret: the token request for the client secret,
         * Graph or Azure DevOps for a static token and a PAT, Graph's answer for the pass. "wrong credential" is
         * the service's own refusal (no fault). `expected` is what every surface reports, so the failure happened.
         */
        const ROWS: [Kind, Failure, RegExp][] = [
            ["client secret", "401", /token failed: 401 invalid_client: .*401 Unauthorized/],
            ["client secret", "403", /token failed: 400 invalid_request: .*403 Forbidden/],
            ["client secret", "500", /token failed: 500 server_error: .*500 Internal Server Error/],
            ["client secret", "reset", /token failed: network error network_error/],
            ["client secret", "malformed JSON", /token failed: network error network_error/],
            ["client secret", "HTML page", /token failed: network error unknown_error/],
            ["client secret", "wrong credential", /token failed: 401 invalid_client\/AADSTS7000215/],
            ["static token", "401", /failed: 401 /],
            ["static token", "403", /failed: 403 /],
            ["static token", "500", /failed after 5 attempts: 500 /],
            ["static token", "reset", /failed after 5 attempts: network error ECONNRESET/],
            ["static token", "malformed JSON", /failed after 5 attempts: 200 InvalidResponse: the body is not valid JSON/],
            ["static token", "HTML page", /HTML page titled "Sign in to your account"/],
            ["static token", "wrong credential", /failed: 401 /],
            ["PAT", "401", /failed: 401 UnauthorizedRequestException: Unauthorized/],
            ["PAT", "403", /failed: 403 VssServiceException/],
            ["PAT", "500", /failed after 5 attempts: 500 VssServiceException/],
            ["PAT", "reset", /failed after 5 attempts: network error ECONNRESET/],
            ["PAT", "malformed JSON", /failed after 5 attempts: 200 InvalidResponse: the body is not valid JSON/],
            ["PAT", "HTML page", /failed: 203 SignInPage/],
            ["PAT", "wrong credential", /failed: 401 UnauthorizedRequestException\/TF400813/],
            ["TAP value", "malformed JSON", /graph GET \S+ failed( after \d attempts)?: 200 /],
            ["TAP value", "HTML page", /failed after 5 attempts: 200 InvalidResponse: expected JSON/],
        ];
        interface Cell {
            readonly id: number;
            readonly kind: Kind;
            readonly failure: Failure;
            readonly expected: RegExp;
            readonly via?: Via;
            readonly setup: number;
            readonly service: Service;
        }
        const CELLS: Cell[] = ROWS.flatMap(([kind, failure, expected]) =>
            (kind === "TAP value" ? [undefined] : [...VIAS]).map((via?: Via) => ({ kind, failure, expected, via })),
        ).map((c, id) => {
            // The pass rides with Graph's static token; each credential sits where its setup puts it.
            const [setup, service] = c.kind === "TAP value" ? [2, "graph" as const] : placement(c.kind, c.via!);
            return { ...c, id, setup, service };
        });
        function placement(kind: Kind, via: Via): [number, Service] {
            for (const [n, s] of SETUPS.entries())
                for (const service of ["graph", "devops"] as const) if (s[service][0] === kind && s[service][1] === via) return [n, service];
            throw new Error(`no setup carries ${kind} via ${via}`);
        }
        /** Tenants (so token paths `/{tenant id}/oauth2/v2.0/token`) of their own for each sequence of client-secret cells. */
        const TENANTS: Record<"host" | "function", readonly string[]> = {
            host: ["5ec7e700-0000-4000-8000-000000000001", "5ec7e700-0000-4000-8000-000000000002"],
            function: ["5ec7e700-0000-4000-8000-000000000003", "5ec7e700-0000-4000-8000-000000000004"],
        };
        type Surface = "host" | "function";

        interface Target {
            readonly lookup: "tap" | "push";
            readonly props: PropertyMap;
            /** The fault's path: a regular expression on the path after the service prefix. */
            readonly faultPath: string;
            /** A substring of the logged path of this target's requests. */
            readonly logMarker: string;
        }
        interface Outcome {
            readonly surface: string;
            /** What the user is shown: the message the engine receives, or the thrown error's message. */
            readonly text: string;
            readonly artifacts: Artifact[];
        }
        const outcomes = new Map<number, Outcome[]>();
        const sentFor = new Map<number, RequestLogEntry[]>();
        const hostOutput = new Map<number, { stdout: string[]; stderr: string[] }>();
        let programOutput = "";
        const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

        function target(cell: Cell, surface: Surface): Target {
            if (cell.kind === "client secret") {
                const tenant = TENANTS[surface][cell.setup]!;
                return {
                    lookup: "tap",
                    props: { user: IDS.aliceUpn },
                    faultPath: `^/${tenant}/oauth2/v2\\.0/token$`,
                    logMarker: `/login/${tenant}/oauth2/`,
                };
            }
            if (cell.service === "devops") {
                const pushId = 9000 + cell.id * 2 + (surface === "host" ? 0 : 1);
                const props = {
                    organization: IDS.devopsOrganization,
                    project: IDS.devopsWebProjectName,
                    repository: IDS.devopsWebRepositoryName,
                    pushId,
                };
                return { lookup: "push", props, faultPath: `/pushes/${pushId}$`, logMarker: `/pushes/${pushId}` };
            }
            const user = encodeURIComponent(`cell${cell.id}-${surface}@contoso.onmicrosoft.com`);
            return {
                lookup: "tap",
                props: { user: decodeURIComponent(user) },
                faultPath: `^/v1\\.0/users/${escape(user)}/`,
                logMarker: `/users/${user}/`,
            };
        }

        function faultRule(cell: Cell, t: Target): FaultRule | undefined {
            const service: "login" | Service = cell.kind === "client secret" ? "login" : cell.service;
            const match = { service, method: service === "login" ? "POST" : "GET", path: t.faultPath };
            // Graph's answer holding the pass near its start: cut in the middle, or labelled as an HTML page.
            const pass = tapListWithPass(C.tap, { withContext: false });
            switch (cell.failure) {
                case "401":
                case "403":
                case "500":
                    return { match, kind: "status", status: Number(cell.failure) };
                case "reset":
                    return { match, kind: "reset" };
                case "malformed JSON":
                    return cell.kind === "TAP value" ? { match, kind: "truncated", body: pass } : { match, kind: "malformed" };
                case "HTML page":
                    if (cell.kind === "TAP value")
                        return { match, kind: "status", status: 200, body: pass, headers: { "content-type": "text/html; charset=utf-8" } };
                    // Azure DevOps answers a refused credential with a 203 sign-in page (docs/api-facts.md D).
                    return { match, kind: "html", status: service === "devops" ? 203 : 200 };
                case "wrong credential":
                    return undefined;
            }
        }

        /** Create and refresh at once on the host: the engine receives the message; the host prints a failed read. */
        async function onHost(host: ProviderHost, t: Target, cell: Cell): Promise<Outcome[]> {
            const [type, stub] = t.lookup === "tap" ? (["TemporaryAccessPassMethods", tapStub] as const) : (["GitPush", gitPushStub] as const);
            const urn = `urn:pulumi:dev::secretsprog::pulumi-nodejs:dynamic/tenantkit:${type}::cell${cell.id}`;
            const props: PropertyMap = { __provider: await serializeProvider(stub), ...t.props };
            const failure = (p: Promise<unknown>) =>
                p.then(
                    () => "succeeded",
                    (err: unknown) => errorText(err),
                );
            const [create, read] = await Promise.all([
                failure(host.create({ urn, properties: props })),
                failure(host.read({ urn, id: `cell${cell.id}`, state: props, inputs: props })),
            ]);
            return [
                { surface: "provider host create", text: create, artifacts: [{ name: "the create error the engine receives", text: create }] },
                { surface: "provider host read (refresh)", text: read, artifacts: [{ name: "the read error the engine receives", text: read }] },
            ];
        }

        /** The Promise form in this process, as a program calls it. */
        async function inProgram(t: Target): Promise<Outcome[]> {
            const p = t.props;
            const call =
                t.lookup === "tap"
                    ? getTemporaryAccessPassMethods({ user: String(p.user) })
                    : getGitPush({
                          organization: String(p.organization),
                          project: String(p.project),
                          repository: String(p.repository),
                          pushId: Number(p.pushId),
                      });
            const err = await call.then(
                () => undefined,
                (e: unknown) => e,
            );
            const text = err === undefined ? "succeeded" : err instanceof Error ? err.message : String(err);
            return [{ surface: "program-side function", text, artifacts: err === undefined ? [] : errorArtifacts("the function's error", err) }];
        }

        /**
         * The cells of one setup on one surface: the other cells at once (each has its own user or push, so its own
         * fault), beside the client-secret cells one after the other (they share a token path), each fault used up
         * before the next. @azure/identity tries a token request at most 4 times: 10 answers outlast any cell.
         */
        async function runSetup(setup: number, surface: Surface, run: (t: Target, cell: Cell) => Promise<Outcome[]>): Promise<void> {
            const cells = CELLS.filter((c) => c.setup === setup);
            const record = (cell: Cell, found: Outcome[]) => outcomes.set(cell.id, [...(outcomes.get(cell.id) ?? []), ...found]);
            const others = cells.filter((c) => c.kind !== "client secret");
            for (const cell of others) {
                const rule = faultRule(cell, target(cell, surface));
                if (rule) await fx.emu.admin.setFaults({ ...rule, times: 0 });
            }
            const sequence = async () => {
                let seen = 0;
                for (const cell of cells.filter((c) => c.kind === "client secret")) {
                    const t = target(cell, surface);
                    const rule = faultRule(cell, t);
                    if (rule) await fx.emu.admin.setFaults({ ...rule, times: 10 });
                    record(cell, await run(t, cell));
                    const sent = (await fx.emu.admin.requests({ service: "login" })).filter((e) => e.path.includes(t.logMarker) && e.seq > seen);
                    sentFor.set(cell.id, [...(sentFor.get(cell.id) ?? []), ...sent]);
                    for (let n = 0; n < 20 && (await fx.emu.admin.faults()).some((f) => f.match.path === t.faultPath); n++) {
                        await fetch(`${fx.emu.url}${t.logMarker}v2.0/token`, { method: "POST" }).then(
                            (r) => r.arrayBuffer(),
                            () => undefined,
                        );
                    }
                    seen = Math.max(seen, ...(await fx.emu.admin.requests({ service: "login" })).map((e) => e.seq));
                }
            };
            await Promise.all([sequence(), ...others.map(async (cell) => record(cell, await run(target(cell, surface), cell)))]);
        }

        /** A setup's settings for a surface: canaries everywhere, which the default seed does not know. */
        const canarySettings = (setup: number, surface: Surface) => {
            const { graph, devops } = SETUPS[setup]!;
            return placeSetup(SETUPS[setup]!, { graph: SECRET_OF[graph[0]], devops: SECRET_OF[devops[0]] }, TENANTS[surface][setup]);
        };

        before(async function () {
            await fx.emu.admin.seed(seedWithTenants([...TENANTS.host, ...TENANTS.function]));
            await fx.emu.admin.clearFaults();
            await fx.emu.admin.clearRequests();
            const hosts: ProviderHost[] = [];
            const output = captureOutput();
            try {
                // Every host starts before this process's environment changes below (a host inherits it).
                hosts.push(
                    ...(await Promise.all(
                        SETUPS.map(async (_, n) => {
                            const { config, env } = canarySettings(n, "host");
                            const stackConfig = { "tenantkit:emulator": fx.emu.url, ...config };
                            const host = await startHost({
                                cwd: path.dirname(PROGRAM),
                                project: "secretsprog",
                                config: stackConfig,
                                env: { ...blankSettingsEnv(), ...env },
                            });
                            await host.configure(stackConfig);
                            return host;
                        }),
                    )),
                );
                const program = async () => {
                    // One setup at a time: a program process has one stack config and one environment.
                    for (const n of SETUPS.keys()) {
                        const { config, env } = canarySettings(n, "function");
                        await asProgram({ env, config: { "tenantkit:emulator": fx.emu.url, ...config } }, () => runSetup(n, "function", inProgram));
                    }
                };
                await Promise.all([program(), ...hosts.map((host, n) => runSetup(n, "host", (t, cell) => onHost(host, t, cell)))]);
                const sent = await fx.emu.admin.requests();
                for (const cell of CELLS.filter((c) => c.kind !== "client secret")) {
                    const markers = [target(cell, "host").logMarker, target(cell, "function").logMarker];
                    sentFor.set(
                        cell.id,
                        sent.filter((e) => markers.some((m) => e.path.includes(m))),
                    );
                }
            } finally {
                output.stop();
                programOutput = output.text();
                for (const [n, host] of hosts.entries()) {
                    await host.close();
                    hostOutput.set(n, { stdout: [...host.stdout], stderr: [...host.stderr] });
                }
            }
        });

        /**
         * What the cell's host printed: its output split into messages (a line, then its indented stack frames),
         * without the messages that name another cell of that host, so a leak is charged to the cell that caused it.
         */
        function hostArtifacts(cell: Cell): Artifact[] {
            const others = CELLS.filter((c) => c.setup === cell.setup && c.id !== cell.id && c.kind !== "client secret").map(
                (c) => target(c, "host").logMarker,
            );
            const output = hostOutput.get(cell.setup)!;
            return (["stdout", "stderr"] as const).map((stream) => {
                const messages: string[] = [];
                for (const line of output[stream]) {
                    if (/^\s/.test(line) && messages.length > 0) messages[messages.length - 1] += `\n${line}`;
                    else messages.push(line);
                }
                const text = messages.filter((m) => !others.some((marker) => m.includes(marker))).join("\n");
                return { name: `${stream} of the provider host (${describeSetup(SETUPS[cell.setup]!)})`, text };
            });
        }

        for (const cell of CELLS) {
            const where = cell.via ? `via ${cell.via}` : "in Graph's answer";
            it(`${cell.kind} ${where}, ${cell.failure}: every surface reports ${cell.expected.source} and no secret shows`, () => {
                const found = outcomes.get(cell.id) ?? [];
                assert.deepEqual(found.map((o) => o.surface).sort(), [
                    "program-side function",
                    "provider host create",
                    "provider host read (refresh)",
                ]);
                for (const o of found) {
                    // One provider host serves a setup's cells in turn, as one host serves one deployment: a sign-in that
                    // fails as an earlier cell's did (the same status, code and tenant) is named in one line there
                    // (core/host/reporting.ts), so only a cell with such a predecessor may read so.
                    const repeated = o.surface.startsWith("provider host") && /, as reported in full for /.test(o.text);
                    const predecessor = CELLS.some(
                        (c) => c.id < cell.id && c.setup === cell.setup && c.kind === cell.kind && c.expected.source === cell.expected.source,
                    );
                    if (repeated && predecessor)
                        assert.match(o.text, /failed: signing in failed \((no answer|\d{3}) [a-z_]+/, `${o.surface}: ${o.text}`);
                    else assert.match(o.text, cell.expected, `${o.surface}: ${o.text}`);
                }
                const sent = sentFor.get(cell.id) ?? [];
                if (cell.kind === "TAP value") {
                    assert.equal(sent.filter((e) => e.fault !== undefined).length >= 2, true, "the emulator answered both surfaces with the pass");
                } else {
                    const log = [{ name: "the emulator's request log", text: JSON.stringify(sent) }];
                    assert.notDeepEqual(
                        findLeaks(log, [{ what: cell.kind, value: SECRET_OF[cell.kind] }]),
                        [],
                        "the search finds the secret in the request that carried it",
                    );
                }
                const artifacts = [
                    ...found.flatMap((o) => o.artifacts),
                    ...hostArtifacts(cell),
                    { name: "this program process's output", text: programOutput },
                ];
                assert.deepEqual(findLeaks(artifacts, ALL_SECRETS), []);
            });
        }
    });
});
