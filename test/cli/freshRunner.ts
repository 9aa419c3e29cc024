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
