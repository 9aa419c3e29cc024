/**
 * The branding a program declares, read from `pulumi preview --json --show-sames` (each branding resource's inputs
 * after the provider's check, and its inputs at the last `up` as the stack's state holds them) or from a JSON file of
 * the resources' inputs. Both front ends' type tokens are recognized: the dynamic resources'
 * (`pulumi-nodejs:dynamic/tenantkit:OrganizationalBranding`) and the provider plugin's (`tenantkit:entra:...`).
 */

/** The declared properties of one locale's branding (`default` for the default branding). */
export type BrandingInputs = Readonly<Record<string, unknown>>;

/** The brandings of one tenant: what the program declares, and what the stack applied at its last `up`. */
export interface DeclaredTenant {
    /** Empty for a program's only tenant, else what tells its tenants apart (organization id or provider). */
    readonly tenant: string;
    readonly after: ReadonlyMap<string, BrandingInputs>;
    /** Absent when the source has no stack state (an inputs file, or a stack that never applied a branding). */
    readonly before?: ReadonlyMap<string, BrandingInputs>;
    /**
     * How the program reaches the tenant, when with the stack's own settings (the default provider, no `connection`):
     * its live branding can then be read with the stack's config; `organizationId` when the program names it.
     * Absent for a tenant behind an explicit provider or a connection, and for an inputs file.
     */
    readonly stackSettings?: { readonly organizationId?: string };
}

const BRANDING_TYPES = ["pulumi-nodejs:dynamic/tenantkit:OrganizationalBranding", "tenantkit:entra:OrganizationalBranding"];
const LOCALIZATION_TYPES = [
    "pulumi-nodejs:dynamic/tenantkit:OrganizationalBrandingLocalization",
    "tenantkit:entra:OrganizationalBrandingLocalization",
];

/** The engine's marker of a value unknown during preview (`pulumi preview --json`). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Ops after which the resource exists in the program's new state (engine `display` step ops). */
const KEPT_OPS = new Set(["same", "create", "update", "replace", "create-replacement", "import", "import-replacement", "read", "refresh"]);

interface StepState {
    readonly type?: string;
    readonly inputs?: Record<string, unknown>;
    readonly provider?: string;
}
interface Step {
    readonly op?: string;
    readonly urn?: string;
    readonly oldState?: StepState;
    readonly newState?: StepState;
}

/** `default` for the default branding, else the localization's culture name (as declared). */
function localeOf(type: string, inputs: Record<string, unknown>): string | undefined {
    if (BRANDING_TYPES.includes(type)) return "default";
    if (LOCALIZATION_TYPES.includes(type)) return typeof inputs.locale === "string" ? inputs.locale : undefined;
    return undefined;
}

/** The explicit provider's name, or "" for a default provider (and the dynamic resources, which have no other). */
function explicitProvider(state: StepState): string {
    // A provider reference is `<provider urn>::<id>`; default providers are named `default` or `default_<version>`.
    const parts = (state.provider ?? "").split("::");
    const name = parts.length >= 2 ? parts[parts.length - 2] : "";
    return state.type?.startsWith("pulumi-nodejs:dynamic") === true || /^default(_|$)/.test(name) ? "" : name;
}

/** Whether a resource signs in with the stack's settings: a default provider and no connection of its own. */
function onStackSettings(state: StepState): boolean {
    return explicitProvider(state) === "" && (state.inputs ?? {}).connection === undefined;
}

/** What tells a tenant apart: the organization id when declared, else the provider (explicit providers, connections). */
function tenantOf(state: StepState): string {
    const inputs = state.inputs ?? {};
    if (typeof inputs.organizationId === "string") return inputs.organizationId;
    const connection = inputs.connection as { tenantId?: unknown } | undefined;
    if (connection !== undefined && typeof connection.tenantId === "string") return connection.tenantId;
    return explicitProvider(state);
}

/** Thrown for a document that is not what the command was told it is. */
export class DeclarationError extends Error {}

/** The error diagnostics of a preview document: a preview that has any did not plan the whole program. */
export function previewErrors(document: unknown): string[] {
    const diagnostics = (document as { diagnostics?: Array<{ message?: string; severity?: string }> } | null)?.diagnostics ?? [];
    return diagnostics.filter((d) => d.severity === "error" || (d.message ?? "").startsWith("error")).map((d) => (d.message ?? "").trim());
}

/**
 * The brandings of a `pulumi preview --json` document, by tenant. A preview with errors is refused: a program that
 * failed part way (a resource's arguments threw, a check refused a value) lists only some of its resources, and pages
 * of the rest would look like the whole.
 */
export function fromPreviewJson(document: unknown): DeclaredTenant[] {
    const errors = previewErrors(document);
    if (errors.length > 0)
        throw new DeclarationError(`the preview failed, so it does not show the whole program; pulumi said:\n${errors.join("\n")}`);
    const steps = (document as { steps?: unknown } | null)?.steps;
    if (!Array.isArray(steps)) throw new DeclarationError("the document has no steps: is it the output of `pulumi preview --json`?");
    const tenants = new Map<
        string,
        { after: Map<string, BrandingInputs>; before: Map<string, BrandingInputs>; hasState: boolean; stackSettings: boolean }
    >();
    const entry = (key: string) => {
        let t = tenants.get(key);
        if (t === undefined) tenants.set(key, (t = { after: new Map(), before: new Map(), hasState: false, stackSettings: true }));
        return t;
    };
    for (const step of steps as Step[]) {
        const { newState, oldState } = step;
        if (newState?.type !== undefined && newState.inputs !== undefined && KEPT_OPS.has(step.op ?? "")) {
            const locale = localeOf(newState.type, newState.inputs);
            if (locale !== undefined) {
                const t = entry(tenantOf(newState));
                t.after.set(locale, newState.inputs);
                t.stackSettings &&= onStackSettings(newState);
            }
        }
        if (oldState?.type !== undefined && oldState.inputs !== undefined) {
            const locale = localeOf(oldState.type, oldState.inputs);
            if (locale !== undefined) {
                const t = entry(tenantOf(oldState));
                t.before.set(locale, oldState.inputs);
                t.hasState = true;
            }
        }
    }
    return [...tenants].map(([tenant, t]) => {
        // The engine's marker of a value unknown until up is a guid too, but not one a program declares.
        const organizationId = [...t.after.values()].some((i) => i.organizationId === tenant) && tenant !== UNKNOWN ? tenant : undefined;
        return {
            tenant,
            after: t.after,
            ...(t.hasState ? { before: t.before } : {}),
            ...(t.stackSettings && t.after.size > 0 ? { stackSettings: organizationId !== undefined ? { organizationId } : {} } : {}),
        };
    });
}

/**
 * The brandings of an inputs file: `{"branding": {...}, "localizations": [{"locale": "fr-FR", ...}]}`, properties as
 * the resources take them, images as paths relative to the file's folder.
 */
export function fromInputsFile(document: unknown): DeclaredTenant[] {
    const doc = document as { branding?: unknown; localizations?: unknown } | null;
    if (doc === null || typeof doc !== "object" || (doc.branding === undefined && doc.localizations === undefined)) {
        throw new DeclarationError(
            'an inputs file is an object with "branding" (the default branding\'s inputs) and/or "localizations" (a list, each with "locale")',
        );
    }
    const after = new Map<string, BrandingInputs>();
    if (doc.branding !== undefined) {
        if (typeof doc.branding !== "object" || doc.branding === null) throw new DeclarationError('"branding" is not an object');
        after.set("default", doc.branding as BrandingInputs);
    }
    const localizations = doc.localizations ?? [];
    if (!Array.isArray(localizations)) throw new DeclarationError('"localizations" is not a list');
    localizations.forEach((l: unknown, i) => {
        const locale = (l as { locale?: unknown } | null)?.locale;
        if (typeof locale !== "string" || locale === "") throw new DeclarationError(`localizations[${i}] has no "locale"`);
        after.set(locale, l as BrandingInputs);
    });
    return [{ tenant: "", after }];
}
