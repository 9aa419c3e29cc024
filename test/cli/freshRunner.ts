/**
 * The fresh-runner suites (fresh-runner-*.spec.ts, issue 49): each step of a scenario runs from a new folder holding
 * only the program (for YAML, its Pulumi.yaml; for TypeScript, Pulumi.yaml and index.ts), as on a fresh CI runner,
 * Pulumi Deployments or an Automation API program in a temporary folder: only the program and the stack's state (the
 * backend and the stack's config file, outside the folder) travel between steps. After every step the folder must
 * still hold exactly what the test put there. A program is described once (`FreshProgram`) and written as Pulumi YAML
 * over the plugin or as the TypeScript program of test/fixtures/programs/fresh over the dynamic resources. Not a spec file.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { IDS, type EmulatorFixture } from "../support/emulator";
import { CliStack, emulatorStackConfig, ROOT, type CliResult, type StackConfig } from "./pulumi";

export const PROJECT = "tkfresh";
const TS_PROGRAM = path.join(ROOT, "test", "fixtures", "programs", "fresh");

/** Resource options a scenario sets. `aliases` names the resource's earlier names. */
export interface FreshOptions {
    readonly deleteBeforeReplace?: boolean;
    readonly aliases?: readonly string[];
    /** Names of the program's resources this one waits for (an `up` that fails on it fails after theirs). */
    readonly dependsOn?: readonly string[];
}

export interface FreshBranding {
    readonly name: string;
    readonly props: Readonly<Record<string, unknown>>;
    readonly options?: FreshOptions;
}

export interface FreshLocalization extends FreshBranding {
    readonly locale: string;
    /** The localization's signInPageText, given as a secret. */
    readonly secretText?: string;
}

export interface FreshDataset {
    readonly name: string;
    readonly datasetName: string;
    readonly workspaceId?: string;
    readonly adopt?: string;
    readonly options?: FreshOptions;
}

/** What a program declares; written as YAML or read by the TypeScript program from the config key `tkfresh:spec`. */
export interface FreshProgram {
    readonly branding?: FreshBranding;
    readonly localizations?: readonly FreshLocalization[];
    readonly datasets?: readonly FreshDataset[];
}

export const TABLES = [{ name: "Product", columns: [{ name: "ProductID", dataType: "Int64" }] }];

/** The program as Pulumi YAML over the plugin (JSON is YAML: `fn::secret` and all). */
export function yamlProgram(p: FreshProgram, stack: string): string {
    const urn = (type: string, name: string) => `urn:pulumi:${stack}::${PROJECT}::${type}::${name}`;
    const options = (type: string, o: FreshOptions | undefined) => {
        if (o === undefined) return {};
        const out: Record<string, unknown> = {};
        if (o.deleteBeforeReplace !== undefined) out.deleteBeforeReplace = o.deleteBeforeReplace;
        if (o.aliases) out.aliases = o.aliases.map((n) => urn(type, n));
        if (o.dependsOn) out.dependsOn = o.dependsOn.map((n) => `\${${n}}`);
        return { options: out };
    };
    const resources: Record<string, unknown> = {};
    if (p.branding) {
        const type = "tenantkit:entra:OrganizationalBranding";
        resources[p.branding.name] = { type, properties: p.branding.props, ...options(type, p.branding.options) };
    }
    for (const l of p.localizations ?? []) {
        const type = "tenantkit:entra:OrganizationalBrandingLocalization";
        const text = l.secretText !== undefined ? { signInPageText: { "fn::secret": l.secretText } } : {};
        resources[l.name] = { type, properties: { locale: l.locale, ...l.props, ...text }, ...options(type, l.options) };
    }
    for (const d of p.datasets ?? []) {
        const type = "tenantkit:powerbi:PushDataset";
        const properties = {
            name: d.datasetName,
            tables: TABLES,
            ...(d.workspaceId ? { workspaceId: d.workspaceId } : {}),
            ...(d.adopt ? { adopt: d.adopt } : {}),
        };
        resources[d.name] = { type, properties, ...options(type, d.options) };
    }
    return `${JSON.stringify({ name: PROJECT, runtime: "yaml", resources }, null, 2)}\n`;
}

export type Front = "yaml" | "typescript";

/**
 * One stack of a fresh-runner scenario: `step(program)` is a run from a new folder with that program; the stack's
 * backend, PULUMI_HOME and config file stay outside every folder. `dispose` removes all of it.
 */
export class FreshStack {
    private readonly folders: { dir: string; files: string[] }[] = [];
    private current: CliStack | undefined;
    private constructor(
        private readonly front: Front,
        private readonly stack: CliStack,
        readonly name: string,
    ) {}

    static async create(
        binDir: string,
        fx: EmulatorFixture,
        front: Front,
        name: string,
        config: StackConfig = {},
        env: Readonly<Record<string, string>> = {},
    ): Promise<FreshStack> {
        const first = fs.mkdtempSync(path.join(os.tmpdir(), "tk-fresh-"));
        fs.writeFileSync(path.join(first, "Pulumi.yaml"), `name: ${PROJECT}\nruntime: yaml\n`);
        const stack = await CliStack.create(binDir, {
            projectDir: first,
            stack: name,
            env,
            config: { ...emulatorStackConfig(fx.emu.url), ...config },
        });
        try {
            if (front === "yaml") await stack.installPlugin();
        } finally {
            fs.rmSync(first, { recursive: true, force: true });
        }
        return new FreshStack(front, stack, name);
    }

    /** The stack run from a new folder that holds `program` and nothing else. */
    async step(program: FreshProgram): Promise<CliStack> {
        this.assertFoldersUntouched();
        let dir: string;
        if (this.front === "yaml") {
            dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-fresh-"));
            fs.writeFileSync(path.join(dir, "Pulumi.yaml"), yamlProgram(program, this.name));
        } else {
            // Inside the checkout, so that pulumi-tenantkit and @pulumi/pulumi resolve through its node_modules.
            fs.mkdirSync(path.join(ROOT, ".tenantkit"), { recursive: true });
            dir = fs.mkdtempSync(path.join(ROOT, ".tenantkit", "fresh-"));
            for (const f of ["Pulumi.yaml", "index.ts"]) fs.copyFileSync(path.join(TS_PROGRAM, f), path.join(dir, f));
        }
        this.folders.push({ dir, files: fs.readdirSync(dir).sort() });
        this.current = this.stack.inFolder(dir);
        if (this.front === "typescript") {
            // The spec is plain config (the state copies it with the provider's inputs); a secret text travels apart, secret.
            const secrets = Object.fromEntries(
                (program.localizations ?? []).filter((l) => l.secretText !== undefined).map((l) => [l.name, l.secretText]),
            );
            const spec = {
                ...program,
                localizations: program.localizations?.map(({ secretText, ...l }) => ({ ...l, secret: secretText !== undefined })),
            };
            await this.current.setConfig(`${PROJECT}:spec`, JSON.stringify(spec));
            await this.current.setConfig(`${PROJECT}:secrets`, JSON.stringify(secrets), { secret: true });
        }
        return this.current;
    }

    /** Where commands that are no step run (config, export): the last step's folder. */
    private live(): CliStack {
        if (this.current === undefined) throw new Error("no step has run yet");
        return this.current;
    }

    /** No step wrote into its program's folder: the state is the only memory. */
    assertFoldersUntouched(): void {
        for (const f of this.folders) assert.deepEqual(fs.readdirSync(f.dir).sort(), f.files, `a run wrote into its program's folder ${f.dir}`);
    }

    async setConfig(key: string, value: string, o: { secret?: boolean } = {}): Promise<void> {
        await this.live().setConfig(key, value, o);
    }

    async removeConfig(key: string): Promise<void> {
        await this.live().ok(["config", "rm", key, "--config-file", this.stack.configFile]);
    }

    async exportState(): Promise<ReturnType<CliStack["exportState"]>> {
        return this.live().exportState();
    }

    async dispose(): Promise<void> {
        try {
            this.assertFoldersUntouched();
        } finally {
            for (const f of this.folders) fs.rmSync(f.dir, { recursive: true, force: true });
            await this.stack.dispose();
        }
    }
}

/** `pulumi up` expected to fail; its output. */
export async function failingUp(stack: CliStack, extra: readonly string[] = []): Promise<CliResult> {
    const r = await stack.run(stack.upArgs(extra));
    assert.notEqual(r.code, 0, `up succeeded:\n${r.output}`);
    return r;
}

/** The URN of resource `name` of `type` in the fresh stack `stack`. */
export function urnOf(stack: string, type: string, name: string): string {
    return `urn:pulumi:${stack}::${PROJECT}::${type}::${name}`;
}

/** A Power BI POST to the named workspace's datasets answered 400 from now on: a later resource of an `up` fails. */
export async function failLaterDataset(fx: EmulatorFixture): Promise<void> {
    await fx.emu.admin.setFaults({
        match: { service: "powerbi", method: "POST", path: `groups/${IDS.salesWorkspaceId}/datasets$` },
        kind: "status",
        status: 400,
        body: { error: { code: "InvalidRequest", message: "refused by the test: a later resource of this up fails" } },
        times: 0,
    });
}

/** The default branding's text and colour, and the localizations' texts, as the tenant shows them. */
export async function brandingNow(fx: EmulatorFixture): Promise<{ text: string; color: string; locales: Record<string, string> }> {
    const b = (await fx.emu.admin.branding(IDS.tenantId))!;
    return {
        text: b.default.signInPageText,
        color: b.default.backgroundColor,
        locales: Object.fromEntries(Object.entries(b.localizations).map(([k, v]) => [k, v.signInPageText])),
    };
}

/** The tenant's own branding, as the emulator's seed has it. */
export const SEED = { text: "Contoso", color: "#0F6CBD", locales: {} } as const;

/** The datasets of a name, anywhere in the tenant. */
export async function datasetsNamed(fx: EmulatorFixture, name: string): Promise<{ id: string; workspaceId: string | null }[]> {
    return (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name === name).map((d) => ({ id: d.id, workspaceId: d.workspaceId }));
}

/** The type tokens of each front end: the plugin's, or the dynamic resources'. */
export function typesOf(front: Front): { branding: string; localization: string; dataset: string } {
    const t = (area: string, name: string) => (front === "yaml" ? `tenantkit:${area}:${name}` : `pulumi-nodejs:dynamic/tenantkit:${name}`);
    return {
        branding: t("entra", "OrganizationalBranding"),
        localization: t("entra", "OrganizationalBrandingLocalization"),
        dataset: t("powerbi", "PushDataset"),
    };
}

/** The resources the scenarios declare. */
export const BRANDING: FreshBranding = { name: "branding", props: { signInPageText: "Welcome to Contoso", backgroundColor: "#102030" } };
export const FRENCH: FreshLocalization = { name: "french", locale: "fr-FR", props: { signInPageText: "Bienvenue chez Contoso" } };
export const SALES: FreshDataset = { name: "sales", datasetName: "FreshSales" };
/** A dataset in the Sales workspace, whose POST failLaterDataset refuses: a later resource of an `up` that fails. */
export const LATER: FreshDataset = { name: "later", datasetName: "FreshLater", workspaceId: IDS.salesWorkspaceId };

/**
 * Defect 1, in both front ends: `up --replace` of a dataset and a localization that failed on a later resource,
 * resumed from another folder, deletes nothing; the create-first replacement of the dataset was refused. Returns the
 * resumed step, whose preview must show no change.
 */
export async function replaceResumed(s: FreshStack, fx: EmulatorFixture, front: Front): Promise<CliStack> {
    const types = typesOf(front);
    const program: FreshProgram = { localizations: [FRENCH], datasets: [SALES] };
    const afterThem: FreshDataset = { ...LATER, options: { dependsOn: ["sales", "french"] } };
    await (await s.step(program)).up();
    const [made] = await datasetsNamed(fx, "FreshSales");

    await failLaterDataset(fx);
    const replacing = await s.step({ ...program, datasets: [SALES, afterThem] });
    const replace = ["--replace", urnOf(s.name, types.dataset, "sales"), "--replace", urnOf(s.name, types.localization, "french")];
    const replaced = await replacing.run(replacing.upArgs(replace));

    await fx.emu.admin.clearFaults();
    const resumed = await s.step({ ...program, datasets: [SALES, afterThem] });
    await resumed.up();
    assert.deepEqual(await datasetsNamed(fx, "FreshSales"), [made], "the dataset was deleted or replaced");
    assert.equal((await brandingNow(fx)).locales["fr-FR"], "Bienvenue chez Contoso", "the localization was deleted");
    // The engine stops at the first failed step: which refusal shows first is its scheduling's.
    assert.notEqual(replaced.code, 0);
    assert.match(replaced.output, /set the resource option (`)?deleteBeforeReplace/, "a create-first replacement was not refused");
    return resumed;
}

/**
 * A rename without an alias, in both front ends, resumed from another folder after a later resource failed: nothing is
 * deleted or given back, and both runs refuse, naming the alias.
 */
export async function renameResumed(s: FreshStack, fx: EmulatorFixture): Promise<void> {
    await (await s.step({ branding: BRANDING, datasets: [SALES] })).up();
    const [made] = await datasetsNamed(fx, "FreshSales");
    const renamed: FreshProgram = {
        branding: { ...BRANDING, name: "branding2" },
        datasets: [
            { ...SALES, name: "sales2" },
            { ...LATER, options: { dependsOn: ["branding2", "sales2"] } },
        ],
    };
    await failLaterDataset(fx);
    const first = await s.step(renamed);
    const interrupted = await first.run(first.upArgs());
    await fx.emu.admin.clearFaults();
    const again = await s.step(renamed);
    const resumed = await again.run(again.upArgs());
    assert.deepEqual(await datasetsNamed(fx, "FreshSales"), [made], "the dataset was deleted");
    assert.equal((await brandingNow(fx)).text, "Welcome to Contoso", "the program's branding was given back");
    // A create never takes over what the renamed resources hold: both runs refuse, naming the alias.
    for (const r of [interrupted, resumed]) {
        assert.notEqual(r.code, 0);
        assert.match(r.output, /alias/);
    }
}
