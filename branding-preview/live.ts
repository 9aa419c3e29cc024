/**
 * The branding each tenant shows now, read from the tenant: "before" is it, "after" the program's branding over it.
 * The stack's state cannot tell it (the branding resources keep the values they manage, not what else the tenant
 * holds), and reading it needs the provider's sign-in, which this command does not import: it runs the package's
 * `bin/entra/organizationalBranding/live.js` as a process, given the stack's config (`pulumi config --json
 * --show-secrets`, the stack the preview runs with) on stdin, and takes its JSON: per locale the properties Graph
 * holds and the image bytes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { DeclaredTenant } from "./declared";
import { dataUrl, TEXT_PROPERTIES, VISIBILITY_FLAGS, type PageBranding, type PageImage, type VisibilityFlag } from "./model";
import { runProcess } from "./process";

/** One tenant's live branding by locale (`default` and culture names), or why it is not known. */
export type LiveOutcome = { readonly branding: ReadonlyMap<string, PageBranding> } | { readonly unread: string };

/** Where the stack's config comes from: the program's folder and the stack options given to `pulumi preview`. */
export interface StackSource {
    readonly programDir: string;
    readonly previewArgs: readonly string[];
}

/**
 * Each tenant's config given by the caller instead, by `DeclaredTenant.tenant`, as `{"tenantkit:<key>": value}` (a
 * fleet: each tenant's plan's settings and credentials, which no one stack's config holds), or why it is not known;
 * read `parallel` tenants at a time (default 1).
 */
export interface GivenConfigs {
    readonly configs: ReadonlyMap<string, Readonly<Record<string, unknown>> | { readonly unread: string }>;
    readonly parallel?: number;
}

/** What the live command prints (provider/entra/organizationalBranding/live.ts). */
interface LiveDocument {
    readonly organizationId: string;
    readonly locales: ReadonlyArray<{
        readonly locale: string;
        readonly properties: Readonly<Record<string, unknown>>;
        readonly images: Readonly<Record<string, { contentType: string; base64: string }>>;
    }>;
}

/** `pulumi preview`'s options that choose the stack and its config, which `pulumi config` takes too. */
const STACK_OPTIONS = ["--stack", "-s", "--config-file"];

/** The stack-choosing options of the preview's arguments, for `pulumi config`. */
export function stackArgs(previewArgs: readonly string[]): string[] {
    const out: string[] = [];
    for (let i = 0; i < previewArgs.length; i++) {
        const a = previewArgs[i];
        if (STACK_OPTIONS.includes(a) && i + 1 < previewArgs.length) out.push(a, previewArgs[++i]);
        else if (STACK_OPTIONS.some((o) => a.startsWith(`${o}=`))) out.push(a);
    }
    return out;
}

/** The package's live command, beside this module's build (bin/branding-preview/ -> bin/entra/...). */
function liveCommand(): string {
    const root = path.dirname(require.resolve("pulumi-tenantkit/package.json"));
    return path.join(root, "bin", "entra", "organizationalBranding", "live.js");
}

/** The stack's config as `{"namespace:key": value}`, secrets in clear (they go to the live command's stdin only). */
async function stackConfig(source: StackSource): Promise<Record<string, unknown> | string> {
    let run;
    try {
        run = await runProcess("pulumi", ["config", "--json", "--show-secrets", ...stackArgs(source.previewArgs)], { cwd: source.programDir });
    } catch (err) {
        return `could not run pulumi config (${(err as Error).message})`;
    }
    if (run.code !== 0) return `pulumi config exited ${run.code}: ${run.stderr.trim().slice(0, 500)}`;
    try {
        const doc = JSON.parse(run.stdout) as Record<string, { value?: unknown; objectValue?: unknown }>;
        return Object.fromEntries(Object.entries(doc).map(([k, v]) => [k, v.objectValue ?? v.value]));
    } catch {
        return "pulumi config --json printed no JSON document";
    }
}

/** One locale's live properties and streams as a page shows them. */
function pageBrandingOfLive(locale: LiveDocument["locales"][number]): PageBranding {
    const texts: PageBranding["texts"] = {};
    // Graph answers an unset text with "" (unset on the page too); a localization's " " is a blank it shows.
    for (const name of TEXT_PROPERTIES) {
        const v = locale.properties[name];
        if (typeof v === "string" && v !== "") texts[name] = v;
    }
    const images: Record<string, PageImage> = {};
    let customCSS: string | undefined;
    for (const [name, image] of Object.entries(locale.images)) {
        const bytes = Buffer.from(image.base64, "base64");
        if (name === "customCSS") customCSS = bytes.toString("utf8");
        else images[name] = { dataUrl: dataUrl(image.contentType, bytes), source: `the tenant's ${name} (${locale.locale})` };
    }
    const layout = locale.properties.loginPageLayoutConfiguration;
    const shown = locale.properties.loginPageTextVisibilitySettings as Record<string, unknown> | undefined;
    const visibility: Partial<Record<VisibilityFlag, boolean>> = {};
    for (const flag of VISIBILITY_FLAGS) if (typeof shown?.[flag] === "boolean") visibility[flag] = shown[flag];
    return {
        texts,
        images,
        ...(customCSS !== undefined ? { customCSS } : {}),
        ...(layout !== null && typeof layout === "object" ? { layout } : {}),
        ...(Object.keys(visibility).length > 0 ? { visibility } : {}),
    };
}

async function readTenant(command: string, config: Record<string, unknown>, organizationId: string | undefined): Promise<LiveOutcome> {
    const run = await runProcess(process.execPath, [command], { input: JSON.stringify({ config, ...(organizationId ? { organizationId } : {}) }) });
    if (run.code !== 0) return { unread: run.stderr.trim() || `${command} exited ${run.code}` };
    let doc: LiveDocument;
    try {
        doc = JSON.parse(run.stdout) as LiveDocument;
    } catch {
        return { unread: `${command} printed no JSON document` };
    }
    return { branding: new Map(doc.locales.map((l) => [l.locale, pageBrandingOfLive(l)])) };
}

/**
 * The live branding of each tenant the program reaches with the stack's settings, by `DeclaredTenant.tenant`; a
 * tenant behind an explicit provider or a connection is not read (its settings are the program's, not the stack's).
 */
export async function liveBrandings(tenants: readonly DeclaredTenant[], source: StackSource | GivenConfigs): Promise<Map<string, LiveOutcome>> {
    const outcomes = new Map<string, LiveOutcome>();
    const readable = tenants.filter((t) => t.stackSettings !== undefined);
    for (const t of tenants.filter((x) => x.stackSettings === undefined)) {
        outcomes.set(t.tenant, {
            unread: `tenant ${t.tenant} is reached through an explicit provider or a connection, whose settings this command does not read`,
        });
    }
    if (readable.length === 0) return outcomes;
    const command = liveCommand();
    if (!fs.existsSync(command)) {
        for (const t of readable) outcomes.set(t.tenant, { unread: `${command} is missing (build the package: npm run build)` });
        return outcomes;
    }
    if ("configs" in source) {
        let next = 0;
        const worker = async (): Promise<void> => {
            while (next < readable.length) {
                const t = readable[next++]!;
                const config = source.configs.get(t.tenant) ?? { unread: `no config was given for tenant ${t.tenant}` };
                outcomes.set(
                    t.tenant,
                    "unread" in config ? { unread: String(config.unread) } : await readTenant(command, config, t.stackSettings?.organizationId),
                );
            }
        };
        await Promise.all(Array.from({ length: Math.max(1, Math.min(source.parallel ?? 1, readable.length)) }, worker));
        return outcomes;
    }
    const config = await stackConfig(source);
    for (const t of readable) {
        outcomes.set(t.tenant, typeof config === "string" ? { unread: config } : await readTenant(command, config, t.stackSettings?.organizationId));
    }
    return outcomes;
}
