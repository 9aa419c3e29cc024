/**
 * The operations the fault matrix runs (fault-matrix.ts holds the cells): for each resource and operation, how to bring
 * the emulator to the state the operation starts from, how to run it as the engine does (through a long-lived provider
 * host) or as a program does (`getX` in this process), and what the service holds afterwards. Each group owns a slice
 * of the emulator (a tenant, a workspace per cell, a user, a repository) that its fault rules and request log are
 * filtered to, so groups run side by side and one group's faults never meet another's requests. A host is configured
 * once per tenant (credentials are per host); the contoso groups share one, which only makes a 429 of one dataset group
 * pause the other (the limiter is per process and service). A case whose request is sent once per session (the branding
 * create without organizationId: GET /organization) can also run on a host started for that run alone
 * (`prepareOnFreshHost`). Not a spec file.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import * as runtimeConfig from "@pulumi/pulumi/runtime/config";
import type { RunningEmulator } from "../../emulator/server";
import { defaultSeed } from "../../emulator/seeds/default";
import type { Seed } from "../../emulator/store/state";
import { IDS, T0 } from "../support/emulator";
import { startHost, type ProviderHost } from "../../harness/host";
import { serializeProvider } from "../../harness/serialize";
import { isSecret, secret, SIG, type PropertyMap, type StackConfig } from "../../harness/wire";
import { png, writeFixture } from "../../harness/images";
import { TIMEOUT_SECONDS, type Operation, type ResourceName } from "./fault-matrix";

/** A starting state, ready to run the operation once. */
export interface Prepared {
    /** Values of the path placeholders of the matrix rows (`{org}`, `{workspace}`...), as sent (encoded). */
    readonly params: Readonly<Record<string, string>>;
    /** Source of a regular expression over full request paths: every request of this case, none of another group's. */
    readonly logPath: string;
    /** Runs the operation; resolves with its outputs, without what differs from run to run (ids, CDN URLs). */
    run(): Promise<unknown>;
    /** What the service holds of the object(s), without what differs from run to run. */
    census(): Promise<unknown>;
    /** Stops what `prepare` started for this run alone (a provider host of its own). */
    release?(): Promise<void>;
}

export interface Case {
    readonly resource: ResourceName;
    readonly operation: Operation;
    readonly scenario?: string;
    prepare(): Promise<Prepared>;
    /**
     * Like `prepare`, on a provider host started for this run, whose first operation it is (a new session: nothing
     * kept from an earlier run); `release` stops it. Cases with a row sent once per session have it.
     */
    prepareOnFreshHost?(): Promise<Prepared>;
}

export interface Group {
    readonly name: string;
    readonly cases: readonly Case[];
}

/** The groups, and how to stop their hosts. */
export interface Groups {
    readonly groups: readonly Group[];
    stop(): Promise<void>;
}

const ASSET = "c44067f5952c0a294b673a41bacd8c17";
const fileAsset = (p: string) => ({ [SIG]: ASSET, path: p });

/** The banner the tenant had before tenantkit, and the two the programs set. */
const PRIOR_BANNER = png(200, 30);
const FILES = { "assets/banner.png": png(245, 36), "assets/banner-2.png": png(240, 30) } as const;

/** Tenants of the branding groups: licensed, no branding, the fabrikam branding app (OrganizationalBranding.ReadWrite.All). */
export const MATRIX_TENANTS = {
    brandingCreate: "3a0c9d4e-1b2f-4c6d-8e7f-9a0b1c2d3e01",
    brandingFresh: "3a0c9d4e-1b2f-4c6d-8e7f-9a0b1c2d3e02",
    brandingUpdate: "3a0c9d4e-1b2f-4c6d-8e7f-9a0b1c2d3e03",
    brandingRestore: "3a0c9d4e-1b2f-4c6d-8e7f-9a0b1c2d3e06",
    localizationCreate: "3a0c9d4e-1b2f-4c6d-8e7f-9a0b1c2d3e04",
    localizationChange: "3a0c9d4e-1b2f-4c6d-8e7f-9a0b1c2d3e05",
} as const;

const domainOf = (tenantId: string) => `fm-${tenantId.slice(-2)}.contoso.example`;

/** The default seed plus one tenant per branding group, each with the fabrikam branding app. */
export function matrixSeed(): Seed {
    const seed = defaultSeed(T0);
    const fabrikam = seed.tenants.find((t) => t.id === IDS.fabrikamTenantId)!;
    for (const id of Object.values(MATRIX_TENANTS)) {
        seed.tenants.push({ ...structuredClone(fabrikam), id, domains: [domainOf(id)], displayName: `Fault matrix ${id.slice(-2)}`, branding: null });
    }
    return seed;
}

/** What every host and the program side are configured with: the emulator, an app, and the matrix's request timeout. */
function stackConfig(emu: RunningEmulator, tenant: string, clientId: string, clientSecret: string): StackConfig {
    return {
        "tenantkit:emulator": emu.url,
        "tenantkit:tenantId": tenant,
        "tenantkit:clientId": clientId,
        "tenantkit:clientSecret": secret(clientSecret),
        "tenantkit:requestTimeoutSeconds": String(TIMEOUT_SECONDS),
    };
}

const regex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Drops what differs between two runs that did the same: `__provider`, CDN URLs, and the keys listed. */
function normalize(value: unknown, volatile: readonly string[] = []): unknown {
    return JSON.parse(
        JSON.stringify(value ?? null, (key, v: unknown) => {
            if (key === "__provider" || /relativeurl$/i.test(key) || volatile.includes(key)) return undefined;
            return v;
        }),
    ) as unknown;
}

/** A folder the host runs in: the program's folder, with the branding files and node_modules (to load the handlers). */
function programFolder(): string {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "tk-fault-matrix-")));
    fs.symlinkSync(path.resolve(__dirname, "..", "..", "node_modules"), path.join(dir, "node_modules"), "dir");
    for (const [name, bytes] of Object.entries(FILES)) writeFixture(dir, name, bytes);
    return dir;
}

/** A provider host configured once, running in a program folder of its own; it serves every resource type. */
interface Host {
    readonly host: ProviderHost;
    readonly cwd: string;
    /** What it was configured with. */
    readonly config: StackConfig;
}

async function startProgramHost(config: StackConfig): Promise<Host> {
    const cwd = programFolder();
    const host = await startHost({ cwd, project: "faultmatrix" });
    await host.configure(config);
    return { host, cwd, config };
}

async function stopHost(h: Host): Promise<void> {
    await h.host.close();
    fs.rmSync(h.cwd, { recursive: true, force: true });
}

/** One resource type on a provider host: the engine's calls with the stub the SDK would store. */
class HostedResource {
    private constructor(
        private readonly host: ProviderHost,
        private readonly urn: string,
        private readonly provider: string,
    ) {}

    static async on(h: Host, type: string, module: string): Promise<HostedResource> {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const stub = (require(path.resolve(__dirname, "..", "..", "provider", module, "resource.ts")) as { stub: pulumi.dynamic.ResourceProvider })
            .stub;
        return new HostedResource(h.host, `urn:pulumi:fm::faultmatrix::pulumi-nodejs:dynamic/tenantkit:${type}::cell`, await serializeProvider(stub));
    }

    async check(news: PropertyMap): Promise<PropertyMap> {
        const r = await this.host.check({ urn: this.urn, news: { ...news, __provider: this.provider } });
        if (r.failures.length > 0) throw new Error(`check failed: ${JSON.stringify(r.failures)}`);
        return r.inputs;
    }

    async create(news: PropertyMap): Promise<{ id: string; inputs: PropertyMap; outs: PropertyMap }> {
        const inputs = await this.check(news);
        const r = await this.host.create({ urn: this.urn, properties: inputs });
        return { id: r.id, inputs, outs: r.outs };
    }

    async read(made: { id: string; inputs: PropertyMap; outs: PropertyMap }): Promise<PropertyMap> {
        const r = await this.host.read({ urn: this.urn, id: made.id, state: made.outs, inputs: made.inputs });
        return r.outs;
    }

    async update(made: { id: string; inputs: PropertyMap; outs: PropertyMap }, news: PropertyMap): Promise<PropertyMap> {
        const inputs = await this.check(news);
        return (await this.host.update({ urn: this.urn, id: made.id, oldInputs: made.inputs, oldOutputs: made.outs, newInputs: inputs })).outs;
    }

    async delete(made: { id: string; inputs: PropertyMap; outs: PropertyMap }): Promise<void> {
        await this.host.delete({ urn: this.urn, id: made.id, oldInputs: made.inputs, outputs: made.outs });
    }
}

type Made = Awaited<ReturnType<HostedResource["create"]>>;

/**
 * Runs `body` with the SDK's stack config set as a program's is (what `pulumi.Config("tenantkit")` reads in getX):
 * the emulator, the quickstart app, the matrix's timeout; cleared afterwards.
 */
export async function asProgram<T>(emu: RunningEmulator, body: () => Promise<T>): Promise<T> {
    const config = stackConfig(emu, IDS.domain, IDS.quickstartClientId, IDS.quickstartClientSecret);
    const plain = Object.fromEntries(Object.entries(config).map(([k, v]) => [k, isSecret(v) ? v.value : v]));
    runtimeConfig.setAllConfig(
        plain,
        Object.keys(config).filter((k) => isSecret(config[k])),
    );
    try {
        return await body();
    } finally {
        runtimeConfig.setAllConfig({}, []);
    }
}

/** The default branding: existing (with a banner logo) or absent, in a tenant of its own. */
async function brandingGroup(
    emu: RunningEmulator,
    h: Host,
    name: string,
    tenant: string,
    discovers: boolean,
    cases: (g: BrandingKit) => Case[],
): Promise<Group> {
    const on = (host: Host) => HostedResource.on(host, "OrganizationalBranding", "entra/branding");
    const resource = await on(h);
    const kit: BrandingKit = {
        tenant,
        resource,
        async freshResource() {
            const fresh = await startProgramHost(h.config);
            try {
                return { resource: await on(fresh), release: () => stopHost(fresh) };
            } catch (err) {
                await stopHost(fresh);
                throw err;
            }
        },
        async reset(existing) {
            await emu.admin.deleteBranding(tenant);
            if (!existing) return;
            await emu.admin.updateBranding(tenant, "0", { backgroundColor: "#0F6CBD", signInPageText: "Contoso" }, { create: true });
            await emu.admin.putBrandingStream(tenant, "0", "bannerLogo", PRIOR_BANNER, "image/png");
        },
        census: async () => normalize(await emu.admin.branding(tenant)),
        params: { org: tenant },
        // GET /organization names no tenant: only the group whose program leaves organizationId out may send it.
        logPath: `^/graph/v1\\.0/organization(/${regex(tenant)}(/|$)${discovers ? "|$" : ""})`,
    };
    return { name, cases: cases(kit) };
}

interface BrandingKit {
    readonly tenant: string;
    /** The branding resource on the group's provider host. */
    readonly resource: HostedResource;
    /** The branding resource on a provider host started for one run, configured as the group's; `release` stops it. */
    freshResource(): Promise<{ resource: HostedResource; release(): Promise<void> }>;
    reset(existing: boolean): Promise<void>;
    census(): Promise<unknown>;
    readonly params: Record<string, string>;
    readonly logPath: string;
}

const EXISTING = "the tenant has a branding with a banner logo";
const NO_BRANDING = "the tenant has no branding yet";

function brandingCase(
    k: BrandingKit,
    operation: Operation,
    scenario: string | undefined,
    existing: boolean,
    withOrganizationId: boolean,
    run: (r: HostedResource, made: Made | undefined, args: PropertyMap) => Promise<unknown>,
): Case {
    const args: PropertyMap = {
        ...(withOrganizationId ? { organizationId: k.tenant } : {}),
        backgroundColor: "#112233",
        signInPageText: "Authorized use only",
        bannerLogo: fileAsset("assets/banner.png"),
    };
    const prepareOn = async (r: HostedResource, release?: () => Promise<void>): Promise<Prepared> => {
        await k.reset(existing);
        // Set up before the fault is injected: the operations after create start from a created resource.
        const made = operation === "create" ? undefined : await r.create(args);
        return { params: k.params, logPath: k.logPath, census: k.census, run: () => run(r, made, args), ...(release ? { release } : {}) };
    };
    return {
        resource: "OrganizationalBranding",
        operation,
        ...(scenario ? { scenario } : {}),
        prepare: () => prepareOn(k.resource),
        async prepareOnFreshHost() {
            const { resource, release } = await k.freshResource();
            try {
                return await prepareOn(resource, release);
            } catch (err) {
                await release();
                throw err;
            }
        },
    };
}

/** The resource a case's `prepare` created. */
function created(made: Made | undefined): Made {
    if (!made) throw new Error("the case did not create the resource it works on");
    return made;
}

/** Starts the hosts (one per tenant, one shared by the contoso groups) and every group; groups run side by side. */
export async function startGroups(emu: RunningEmulator): Promise<Groups> {
    const t = MATRIX_TENANTS;
    const tenantHosts = Object.fromEntries(
        await Promise.all(
            Object.entries(t).map(
                async ([k, id]) =>
                    [k, await startProgramHost(stackConfig(emu, domainOf(id), IDS.fabrikamClientId, IDS.fabrikamClientSecret))] as const,
            ),
        ),
    );
    const contoso = await startProgramHost(stackConfig(emu, IDS.domain, IDS.quickstartClientId, IDS.quickstartClientSecret));
    const hosts = [...Object.values(tenantHosts), contoso];
    const stop = async () => {
        await Promise.all(hosts.map(stopHost));
    };
    try {
        const groups = await Promise.all([
            brandingGroup(emu, tenantHosts.brandingCreate!, "branding create", t.brandingCreate, true, (k) => [
                brandingCase(k, "create", EXISTING, true, false, async (r, _m, args) => normalize((await r.create(args)).outs)),
            ]),
            brandingGroup(emu, tenantHosts.brandingFresh!, "branding fresh", t.brandingFresh, false, (k) => [
                brandingCase(k, "create", NO_BRANDING, false, true, async (r, _m, args) => normalize((await r.create(args)).outs)),
                brandingCase(k, "delete", NO_BRANDING, false, true, async (r, made) => r.delete(created(made)).then(() => null)),
                brandingCase(k, "read", undefined, true, true, async (r, made) => normalize(await r.read(created(made)))),
            ]),
            brandingGroup(emu, tenantHosts.brandingUpdate!, "branding update", t.brandingUpdate, false, (k) => [
                brandingCase(k, "update", undefined, true, true, async (r, made, args) =>
                    normalize(await r.update(created(made), { ...args, backgroundColor: "#445566", bannerLogo: fileAsset("assets/banner-2.png") })),
                ),
            ]),
            brandingGroup(emu, tenantHosts.brandingRestore!, "branding restore", t.brandingRestore, false, (k) => [
                brandingCase(k, "delete", EXISTING, true, true, async (r, made) => r.delete(created(made)).then(() => null)),
            ]),
            localizationGroup(emu, tenantHosts.localizationCreate!, "localization create", t.localizationCreate, ["create", "read"]),
            localizationGroup(emu, tenantHosts.localizationChange!, "localization change", t.localizationChange, ["update", "delete"]),
            datasetGroup(emu, contoso, "dataset create", ["create"]),
            datasetGroup(emu, contoso, "dataset change", ["read", "update", "delete"]),
            tapGroup(emu, contoso),
            gitPushGroup(emu, contoso),
        ]);
        return { groups, stop };
    } catch (err) {
        await stop();
        throw err;
    }
}

/** A localization (fr-FR) of a tenant whose default branding exists. */
async function localizationGroup(emu: RunningEmulator, h: Host, name: string, tenant: string, operations: readonly Operation[]): Promise<Group> {
    const r = await HostedResource.on(h, "OrganizationalBrandingLocalization", "entra/brandingLocalization");
    const args: PropertyMap = { organizationId: tenant, locale: "fr-FR", signInPageText: "Accès réservé" };
    const cases = operations.map((operation): Case => ({
        resource: "OrganizationalBrandingLocalization",
        operation,
        async prepare() {
            await emu.admin.deleteBranding(tenant);
            await emu.admin.updateBranding(tenant, "0", { signInPageText: "Contoso" }, { create: true });
            const made = operation === "create" ? undefined : await r.create(args);
            const run = async (): Promise<unknown> => {
                if (!made) return normalize((await r.create(args)).outs);
                if (operation === "read") return normalize(await r.read(made));
                if (operation === "update") return normalize(await r.update(made, { ...args, signInPageText: "Accès interdit" }));
                await r.delete(made);
                return null;
            };
            return {
                params: { org: tenant, locale: "fr-FR" },
                logPath: `^/graph/v1\\.0/organization/${regex(tenant)}(/|$)`,
                run,
                census: async () => normalize(await emu.admin.branding(tenant)),
            };
        },
    }));
    return { name, cases };
}

const PRODUCT = {
    name: "Product",
    columns: [
        { name: "ProductID", dataType: "Int64" },
        { name: "Name", dataType: "string" },
    ],
};

/** Push datasets, each cell in a workspace of its own (so a create lists afresh: one listing per workspace and host). */
async function datasetGroup(emu: RunningEmulator, h: Host, name: string, operations: readonly Operation[]): Promise<Group> {
    const r = await HostedResource.on(h, "PushDataset", "powerbi/pushDataset");
    let n = 0;
    const cases = operations.map((operation): Case => ({
        resource: "PushDataset",
        operation,
        async prepare() {
            const ws = await emu.admin.addPowerBiWorkspace(IDS.tenantId, { name: `${name} ${(n += 1)}`, members: [IDS.quickstartClientId] });
            const args: PropertyMap = { workspaceId: ws.id, name: "FaultMatrix", tables: [PRODUCT] };
            // Each cell has its own workspace and dataset: outputs are compared with these ids left out.
            const same = (outs: unknown) => JSON.parse(JSON.stringify(normalize(outs, ["datasetId"])).replaceAll(ws.id, "{workspace}")) as unknown;
            const made = operation === "create" ? undefined : await r.create(args);
            const run = async (): Promise<unknown> => {
                if (!made) return same((await r.create(args)).outs);
                if (operation === "read") return same(await r.read(made));
                if (operation === "update") {
                    const price = { ...PRODUCT, columns: [...PRODUCT.columns, { name: "Price", dataType: "Double" }] };
                    return same(await r.update(made, { ...args, tables: [price] }));
                }
                await r.delete(made);
                return null;
            };
            const census = async () => {
                const datasets = (await emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.workspaceId === ws.id.toLowerCase());
                return datasets.map((d) => ({ name: d.name, tables: d.tables.map((t) => ({ name: t.name, columns: t.columns })) }));
            };
            return {
                params: { workspace: ws.id, dataset: made ? String(made.id) : "[^/]+", table: "Product" },
                logPath: `^/powerbi/v1\\.0/myorg/groups/${regex(ws.id)}(/|$)`,
                run,
                census,
            };
        },
    }));
    return { name, cases };
}

interface ProgramFunctions {
    entra: { getTemporaryAccessPassMethods(args: { user?: string }): Promise<unknown> };
    devops: { getGitPush(args: Record<string, unknown>): Promise<unknown> };
}

/** The package as a program imports it (compiled, by name). */
function program(): ProgramFunctions {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require("pulumi-tenantkit") as ProgramFunctions;
}

/** The TAP lookup of alice: the read-only resource and getTemporaryAccessPassMethods. */
async function tapGroup(emu: RunningEmulator, h: Host): Promise<Group> {
    const r = await HostedResource.on(h, "TemporaryAccessPassMethods", "entra/temporaryAccessPass");
    const args: PropertyMap = { user: IDS.aliceUpn };
    const census = async () => (await emu.admin.state()).tenants.find((x) => x.id === IDS.tenantId)!.users.find((u) => u.id === IDS.aliceId);
    const lookup = (operation: Operation): Case => ({
        resource: operation === "invoke" ? "getTemporaryAccessPassMethods" : "TemporaryAccessPassMethods",
        operation,
        async prepare() {
            const made = operation === "read" ? await r.create(args) : undefined;
            const run = async (): Promise<unknown> => {
                if (operation === "invoke") return normalize(await program().entra.getTemporaryAccessPassMethods({ user: IDS.aliceUpn }));
                return normalize(made ? await r.read(made) : (await r.create(args)).outs);
            };
            return {
                params: { user: encodeURIComponent(IDS.aliceUpn) },
                logPath: `^/graph/v1\\.0/users/${regex(encodeURIComponent(IDS.aliceUpn))}/`,
                run,
                census,
            };
        },
    });
    return { name: "tap", cases: (["create", "read", "invoke"] as const).map(lookup) };
}

/** Push 2 of fabrikam's "web" repository: the read-only resource and getGitPush. */
async function gitPushGroup(emu: RunningEmulator, h: Host): Promise<Group> {
    const r = await HostedResource.on(h, "GitPush", "devops/gitPush");
    const args = {
        organization: "fabrikam",
        project: IDS.devopsWebProjectName,
        repository: IDS.devopsWebRepositoryName,
        pushId: 2,
        includeCommits: 10,
        includeRefUpdates: true,
    };
    const census = async () => normalize(await emu.admin.devOps());
    const params = { organization: "fabrikam", project: encodeURIComponent(args.project), repository: args.repository, pushId: "2" };
    const lookup = (operation: Operation): Case => ({
        resource: operation === "invoke" ? "getGitPush" : "GitPush",
        operation,
        async prepare() {
            const made = operation === "read" ? await r.create(args) : undefined;
            const run = async (): Promise<unknown> => {
                if (operation === "invoke") return normalize(await program().devops.getGitPush(args));
                return normalize(made ? await r.read(made) : (await r.create(args)).outs);
            };
            return { params, logPath: `^/devops/fabrikam/${regex(params.project)}/_apis/git/repositories/web/pushes/2$`, run, census };
        },
    });
    return { name: "git push", cases: (["create", "read", "invoke"] as const).map(lookup) };
}
