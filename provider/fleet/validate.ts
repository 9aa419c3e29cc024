/**
 * The fleet file's rules: its own structure, each resource against the package schema (type, inputs, value types,
 * required inputs after each tenant's overrides), the tenants (unique names and tenants, credentials only as
 * references). Every problem is collected, each at the line and column of the field it is about, so that one run
 * shows them all; no message repeats a value the file holds (it may be a credential in the wrong place), only its
 * kind, except file paths and names, which are no secrets.
 */
import * as fs from "node:fs";
import * as nodePath from "node:path";
import { nearestWord } from "../core/model/nearest";
import { GUID } from "../core/model/patterns";
import type { FleetInput, ResourceSpec, SecretRef, TenantInput } from "./plan";
import { kindOf, toPlain, type Position, type Problem, type SourceEntry, type SourceNode } from "./source";
import {
    ASSET_REF,
    CONFIG_KEY,
    CREDENTIALS,
    DOMAIN,
    DURATION,
    ENV_NAME,
    FILE_ASSET,
    FLEET_FIELDS,
    OPTION_FIELDS,
    PLAIN_SETTINGS,
    PULUMI_NAME,
    REFUSED_INPUT,
    RESOURCE_FIELDS,
    RESOURCE_NAME,
    SCHEMA,
    STRING_ASSET,
    TENANT_FIELDS,
    TENANT_SETTING,
    TIMEOUT_FIELDS,
    typeRefToken,
    type PropertySpec,
    type ResourceTypeSpec,
    type TypeSpec,
} from "./vocabulary";

/** The credentials that sign in without a client secret. */
const TOKENS = CREDENTIALS.filter((c) => c !== "clientSecret");

const REFERENCE_HELP = "{ env: NAME } (an environment variable of the runner) or { config: key } (a secret of the tenant's stack config)";

/** A resource whose type the schema knows, as the later checks need it. */
interface CheckedResource {
    readonly name: string;
    readonly node: SourceEntry;
    readonly schema: ResourceTypeSpec | undefined;
    readonly type: string | undefined;
    readonly properties: Map<string, { readonly entry: SourceEntry; readonly value: unknown }>;
    /** Every input written under properties, valid or not: one reported wrong is not reported missing too. */
    readonly written: Set<string>;
    readonly options?: Record<string, unknown>;
    readonly dependsOn: readonly { readonly name: string; readonly at: Position; readonly path: string }[];
    /** The required inputs already reported missing from the standard, so that many tenants make one problem. */
    missingReported?: Set<string>;
}

class Checker {
    readonly problems: Problem[] = [];

    constructor(
        readonly file: string,
        readonly folder: string,
    ) {}

    report(at: Position, path: string, message: string): void {
        this.problems.push({ file: this.file, line: at.line, column: at.column, path, message });
    }

    /** The entries of a map node, reporting any key not in `known` (with what it most likely meant). */
    fields(node: SourceNode, path: string, what: string, known: readonly string[], explain?: (key: string) => string | undefined) {
        const found = new Map<string, SourceEntry>();
        if (node.kind !== "map") {
            this.report(node.at, path, `must be ${what} (a map), not ${kindOf(node)}`);
            return found;
        }
        for (const e of node.entries) {
            if (known.includes(e.key)) {
                found.set(e.key, e);
                continue;
            }
            const why = explain?.(e.key);
            const guess = nearestWord(e.key, known);
            const hint = why ?? (guess ? `did you mean ${guess}?` : `${what} has ${known.join(", ")}`);
            this.report(e.keyAt, join(path, e.key), `is not a field of ${what} (${hint})`);
        }
        return found;
    }

    /** A required or optional string field. */
    string(fields: Map<string, SourceEntry>, key: string, path: string, at: Position, required: boolean): string | undefined {
        const e = fields.get(key);
        if (e === undefined) {
            if (required) this.report(at, path, `has no ${key}`);
            return undefined;
        }
        if (e.value.kind !== "scalar" || typeof e.value.value !== "string" || e.value.value === "") {
            this.report(e.value.at, join(path, key), `must be a non-empty string, not ${kindOf(e.value)}`);
            return undefined;
        }
        return e.value.value;
    }
}

/** `a.b`, `a[0]`, or `a["odd key"]`. */
function join(base: string, key: string | number): string {
    if (typeof key === "number") return `${base}[${key}]`;
    const plain = /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(key);
    if (!plain) return `${base}[${JSON.stringify(key)}]`;
    return base === "" ? key : `${base}.${key}`;
}

/** The validated fleet, or every problem found. */
export function validateFleet(file: string, root: SourceNode): { readonly fleet?: FleetInput; readonly problems: readonly Problem[] } {
    const c = new Checker(file, nodePath.dirname(nodePath.resolve(file)));
    const top = c.fields(root, "", "a fleet file", FLEET_FIELDS);
    // An empty file, or one that is a list or a scalar: that one problem says it all.
    if (root.kind !== "map") return { problems: c.problems };
    const start = root.at;

    const projectName = c.string(top, "project", "", start, true);
    if (projectName !== undefined && !PULUMI_NAME.test(projectName)) {
        c.report(top.get("project")!.value.at, "project", "must be a Pulumi project name: 1 to 100 letters, digits, `-`, `_` or `.`");
    }

    const settingsEntry = top.get("settings");
    const settings = settingsEntry ? checkSettings(c, settingsEntry.value, "settings") : {};

    const standard = new Map<string, CheckedResource>();
    const standardEntry = top.get("standard");
    if (standardEntry) {
        const node = standardEntry.value;
        if (node.kind !== "map") c.report(node.at, "standard", `must be a map of resources by name, not ${kindOf(node)}`);
        else for (const e of node.entries) standard.set(e.key, checkResource(c, e, "standard"));
    }
    for (const r of standard.values()) checkDependsOn(c, r, new Set(standard.keys()));

    const tenants: TenantInput[] = [];
    const tenantsEntry = top.get("tenants");
    if (tenantsEntry === undefined) c.report(start, "", "has no tenants");
    else if (tenantsEntry.value.kind !== "seq")
        c.report(tenantsEntry.value.at, "tenants", `must be a list of tenants, not ${kindOf(tenantsEntry.value)}`);
    else if (tenantsEntry.value.items.length === 0) c.report(tenantsEntry.value.at, "tenants", "lists no tenant");
    else {
        const names = new Map<string, { index: number; line: number }>();
        const ids = new Map<string, { index: number; line: number }>();
        tenantsEntry.value.items.forEach((node, index) => {
            const t = checkTenant(c, node, `tenants[${index}]`, standard, settings);
            const seen = [
                { map: names, key: t.name?.toLowerCase(), field: "name", at: t.nameAt, what: "the stack of each tenant is its own" },
                { map: ids, key: t.tenant?.toLowerCase(), field: "tenant", at: t.tenantAt, what: "a tenant is one stack of the fleet" },
            ];
            for (const s of seen) {
                if (s.key === undefined || s.at === undefined) continue;
                const first = s.map.get(s.key);
                if (first) {
                    c.report(
                        s.at,
                        `tenants[${index}].${s.field}`,
                        `is also tenants[${first.index}]'s ${s.field} (line ${first.line}; letter case aside): ${s.what}`,
                    );
                } else s.map.set(s.key, { index, line: s.at.line });
            }
            if (t.input) tenants.push(t.input);
        });
    }

    if (c.problems.length > 0 || projectName === undefined) return { problems: c.problems };
    const standardSpecs = Object.fromEntries([...standard].map(([name, r]) => [name, toSpec(r)]));
    return { fleet: { project: projectName, settings, standard: standardSpecs, tenants }, problems: [] };
}

function toSpec(r: CheckedResource): ResourceSpec {
    const properties = Object.fromEntries([...r.properties].map(([k, v]) => [k, v.value]));
    return r.options === undefined ? { type: r.type!, properties } : { type: r.type!, properties, options: r.options };
}

/** A fleet's or a tenant's `settings`: plain provider settings, as the strings a stack's config holds. */
function checkSettings(c: Checker, node: SourceNode, at: string): Record<string, string> {
    const fields = c.fields(node, at, "the provider settings", PLAIN_SETTINGS, (key) => {
        if (CREDENTIALS.includes(key)) return `it is a credential: give it in each tenant, only as a reference, ${key}: ${REFERENCE_HELP}`;
        if (key === TENANT_SETTING) return "each tenant's `tenant` field is its tenantId";
        return undefined;
    });
    const out: Record<string, string> = {};
    for (const [key, e] of fields) {
        const expected = SCHEMA.config.variables[key]?.type ?? "string";
        const v = e.value;
        const ok = v.kind === "scalar" && v.value !== null && (expected === "number" ? typeof v.value === "number" : typeof v.value === "string");
        if (!ok) c.report(v.at, join(at, key), `must be ${expected === "number" ? "a number" : "a string"}, not ${kindOf(v)}`);
        else out[key] = String((v as { value: string | number }).value);
    }
    return out;
}

/** A credential: only a reference to where its value is. The message never repeats what was written. */
function checkSecretRef(c: Checker, e: SourceEntry, at: string): SecretRef | undefined {
    const v = e.value;
    const path = join(at, e.key);
    if (v.kind !== "map") {
        const given = v.kind === "scalar" && v.value !== null ? "is a plain value" : `is ${kindOf(v)}`;
        c.report(v.at, path, `${given}: a credential may only be a reference, ${e.key}: ${REFERENCE_HELP}`);
        return undefined;
    }
    if (v.entries.length !== 1 || !["env", "config"].includes(v.entries[0]!.key)) {
        c.report(v.at, path, `must be a reference with one field, ${REFERENCE_HELP}`);
        return undefined;
    }
    const ref = v.entries[0]!;
    const name = ref.value.kind === "scalar" && typeof ref.value.value === "string" ? ref.value.value : undefined;
    if (ref.key === "env") {
        if (name === undefined || !ENV_NAME.test(name)) {
            c.report(ref.value.at, `${path}.env`, "must be an environment variable's name (letters, digits and `_`, not starting with a digit)");
            return undefined;
        }
        return { env: name };
    }
    if (name === undefined || !CONFIG_KEY.test(name)) {
        c.report(ref.value.at, `${path}.config`, "must be a key of the tenant's stack config, such as `clientSecret` or `fleet:clientSecret`");
        return undefined;
    }
    return { config: name };
}

/** A tenant entry: its input when it has no problem, and its name and tenant for the duplicate check either way. */
interface CheckedTenant {
    readonly input?: TenantInput;
    readonly name?: string;
    readonly tenant?: string;
    readonly nameAt?: Position;
    readonly tenantAt?: Position;
}

function checkTenant(
    c: Checker,
    node: SourceNode,
    at: string,
    standard: ReadonlyMap<string, CheckedResource>,
    fleetSettings: Record<string, string>,
): CheckedTenant {
    const problemsBefore = c.problems.length;
    const fields = c.fields(node, at, "a tenant", TENANT_FIELDS, (key) => {
        if (PLAIN_SETTINGS.includes(key)) return `it is a provider setting: write it under ${at}.settings`;
        if (key === TENANT_SETTING) return "the tenant's id or domain is its `tenant` field";
        return undefined;
    });
    if (node.kind !== "map") return {};
    const name = c.string(fields, "name", at, node.at, true);
    if (name !== undefined && !PULUMI_NAME.test(name)) {
        c.report(fields.get("name")!.value.at, `${at}.name`, "must be a Pulumi stack name: 1 to 100 letters, digits, `-`, `_` or `.`");
    }
    const tenant = c.string(fields, "tenant", at, node.at, true);
    if (tenant !== undefined && !GUID.test(tenant) && !DOMAIN.test(tenant)) {
        c.report(
            fields.get("tenant")!.value.at,
            `${at}.tenant`,
            "must be the tenant's id (a guid) or one of its verified domains (contoso.onmicrosoft.com)",
        );
    }
    const settingsEntry = fields.get("settings");
    const settings = settingsEntry ? checkSettings(c, settingsEntry.value, `${at}.settings`) : {};
    const clientId = c.string(fields, "clientId", at, node.at, false);
    if (clientId !== undefined) {
        if (settingsEntry && "clientId" in settings)
            c.report(fields.get("clientId")!.keyAt, `${at}.clientId`, `is given twice, here and in ${at}.settings: keep one`);
        settings.clientId = clientId;
    }

    const secrets: Record<string, SecretRef> = {};
    for (const key of CREDENTIALS) {
        const e = fields.get(key);
        if (e === undefined) continue;
        const ref = checkSecretRef(c, e, at);
        if (ref) secrets[key] = ref;
    }
    const given = CREDENTIALS.filter((k) => fields.has(k));
    const hasClientId = "clientId" in settings || "clientId" in fleetSettings;
    if (given.length === 0) {
        c.report(node.at, at, `has no credentials: give clientId and clientSecret, or a token (${TOKENS.join(", ")}), each as ${REFERENCE_HELP}`);
    } else if (fields.has("clientSecret") && !hasClientId) {
        c.report(
            fields.get("clientSecret")!.keyAt,
            `${at}.clientSecret`,
            "needs a clientId (the app registration's application id), in the tenant or the fleet's settings",
        );
    }

    // The tenant's own resources: like the standard's, and named apart from them.
    const own = new Map<string, CheckedResource>();
    const resourcesEntry = fields.get("resources");
    if (resourcesEntry) {
        const rn = resourcesEntry.value;
        if (rn.kind !== "map") c.report(rn.at, `${at}.resources`, `must be a map of resources by name, not ${kindOf(rn)}`);
        else {
            for (const e of rn.entries) {
                if (standard.has(e.key)) {
                    c.report(e.keyAt, join(`${at}.resources`, e.key), `is a resource of the standard already: change it under ${at}.overrides`);
                    continue;
                }
                const r = checkResource(c, e, `${at}.resources`);
                own.set(e.key, r);
                checkRequired(c, r, join(`${at}.resources`, e.key), (p) => r.written.has(p), r.node.keyAt);
            }
            const names = new Set([...standard.keys(), ...own.keys()]);
            for (const r of own.values()) checkDependsOn(c, r, names);
        }
    }

    const overrides = checkOverrides(c, fields.get("overrides"), `${at}.overrides`, standard, own, name ?? at);

    const found = { name, tenant, nameAt: fields.get("name")?.value.at, tenantAt: fields.get("tenant")?.value.at };
    if (c.problems.length > problemsBefore || name === undefined || tenant === undefined) return found;
    const resources = Object.fromEntries([...own].map(([n, r]) => [n, toSpec(r)]));
    return { ...found, input: { name, tenant, settings, secrets, overrides, resources } };
}

/**
 * A tenant's overrides: each may set an input of the standard resource's type, whether the standard sets it or not (a tenant may
 * add what the others leave to the service's default), with that input's type; `null` removes the standard's value.
 * After them, every input the type requires must still be there.
 */
function checkOverrides(
    c: Checker,
    entry: SourceEntry | undefined,
    at: string,
    standard: ReadonlyMap<string, CheckedResource>,
    own: ReadonlyMap<string, CheckedResource>,
    tenantName: string,
): Record<string, Record<string, unknown>> {
    const out: Record<string, Record<string, unknown>> = {};
    const node = entry?.value;
    const seen = new Map<string, Map<string, SourceEntry>>();
    if (node !== undefined) {
        if (node.kind !== "map") c.report(node.at, at, `must be a map of standard resources' names to properties, not ${kindOf(node)}`);
        else {
            for (const e of node.entries) {
                const path = join(at, e.key);
                const r = standard.get(e.key);
                if (r === undefined) {
                    const guess = nearestWord(e.key, [...standard.keys()]);
                    const why = own.has(e.key)
                        ? `it is this tenant's own resource: set its properties under resources.${e.key}`
                        : guess
                          ? `did you mean ${guess}?`
                          : standard.size > 0
                            ? `the standard has ${[...standard.keys()].join(", ")}`
                            : "the standard has no resources";
                    c.report(e.keyAt, path, `is not a resource of the standard (${why})`);
                    continue;
                }
                if (e.value.kind !== "map") {
                    c.report(e.value.at, path, `must be a map of ${r.type ?? "the resource"}'s properties, not ${kindOf(e.value)}`);
                    continue;
                }
                if (r.schema === undefined) continue; // its type is reported at the standard
                const props: Record<string, unknown> = {};
                const written = new Map<string, SourceEntry>();
                for (const p of e.value.entries) {
                    written.set(p.key, p);
                    if (p.value.kind === "scalar" && p.value.value === null && p.key in r.schema.inputProperties) {
                        props[p.key] = null;
                        continue;
                    }
                    const value = checkInput(c, r.type!, r.schema, p, path);
                    if (value !== undefined) props[p.key] = value;
                }
                seen.set(e.key, written);
                out[e.key] = props;
            }
        }
    }
    // Every standard resource, overridden or not, must have what its type requires for this tenant.
    for (const [name, r] of standard) {
        const written = seen.get(name);
        const has = (p: string): boolean => {
            const o = written?.get(p);
            if (o !== undefined) return !(o.value.kind === "scalar" && o.value.value === null);
            return r.written.has(p);
        };
        for (const p of r.schema?.requiredInputs ?? []) {
            if (has(p)) continue;
            const removed = written?.get(p);
            if (removed) c.report(removed.keyAt, join(join(at, name), p), `removes ${p}, which ${r.type} requires`);
            else if (!r.missingReported?.has(p)) {
                r.missingReported ??= new Set();
                r.missingReported.add(p);
                c.report(
                    r.node.keyAt,
                    join("standard", name),
                    `has no ${p}, which ${r.type} requires: set it here, or in the overrides of every tenant (tenant ${tenantName} has none)`,
                );
            }
        }
    }
    return out;
}

/** The required inputs of a resource the file defines in one place (a tenant's own resource). */
function checkRequired(c: Checker, r: CheckedResource, path: string, has: (p: string) => boolean, at: Position): void {
    for (const p of r.schema?.requiredInputs ?? []) if (!has(p)) c.report(at, path, `has no ${p}, which ${r.type} requires`);
}

function checkResource(c: Checker, e: SourceEntry, at: string): CheckedResource & { missingReported?: Set<string> } {
    const path = join(at, e.key);
    if (!RESOURCE_NAME.test(e.key))
        c.report(e.keyAt, path, "is not a resource name: letters, digits, `_`, `-` and `.`, starting with a letter or `_`");
    const fields = c.fields(e.value, path, "a resource", RESOURCE_FIELDS);
    const properties = new Map<string, { entry: SourceEntry; value: unknown }>();
    const written = new Set<string>();
    const base = { name: e.key, node: e, properties, written, dependsOn: [] as { name: string; at: Position; path: string }[] };
    const type = c.string(fields, "type", path, e.value.at, true);
    let schema: ResourceTypeSpec | undefined;
    if (type !== undefined) {
        schema = SCHEMA.resources[type];
        if (schema === undefined) {
            const tokens = Object.keys(SCHEMA.resources);
            const byName = tokens.find((t) => t.split(":").pop()!.toLowerCase() === type.split(":").pop()!.toLowerCase());
            const guess = byName ?? nearestWord(type, tokens);
            c.report(
                fields.get("type")!.value.at,
                `${path}.type`,
                `is not a tenantkit resource type (${guess ? `did you mean ${guess}?` : `the types are ${tokens.join(", ")}`})`,
            );
        }
    }
    const propsEntry = fields.get("properties");
    if (propsEntry && schema) {
        const pn = propsEntry.value;
        if (pn.kind !== "map") c.report(pn.at, `${path}.properties`, `must be a map of ${type}'s inputs, not ${kindOf(pn)}`);
        else
            for (const p of pn.entries) {
                written.add(p.key);
                const value = checkInput(c, type!, schema, p, `${path}.properties`);
                if (value !== undefined) properties.set(p.key, { entry: p, value });
            }
    }
    let options: Record<string, unknown> | undefined;
    const optionsEntry = fields.get("options");
    if (optionsEntry) options = checkOptions(c, optionsEntry.value, `${path}.options`, schema, base.dependsOn);
    return { ...base, type: schema ? type : undefined, schema, options };
}

/** One input of a resource, against its type's schema; its value, or undefined when it has a problem. */
function checkInput(c: Checker, type: string, schema: ResourceTypeSpec, p: SourceEntry, at: string): unknown {
    const path = join(at, p.key);
    if (p.key === REFUSED_INPUT) {
        c.report(
            p.keyAt,
            path,
            "is not accepted in a fleet file: each tenant's stack signs in with its own entry in tenants (tenant, clientId, credentials)",
        );
        return undefined;
    }
    const spec = schema.inputProperties[p.key];
    if (spec === undefined) {
        const inputs = Object.keys(schema.inputProperties).filter((k) => k !== REFUSED_INPUT);
        const guess = nearestWord(p.key, inputs);
        c.report(p.keyAt, path, `is not an input of ${type} (${guess ? `did you mean ${guess}?` : `its inputs are ${inputs.join(", ")}`})`);
        return undefined;
    }
    return checkValue(c, spec, p.value, path);
}

/** What a property's value must be, in words. */
function describe(spec: PropertySpec): string {
    if (spec.$ref === ASSET_REF) return `a file ({ ${FILE_ASSET}: path })`;
    const token = spec.$ref ? typeRefToken(spec.$ref) : undefined;
    if (token) {
        const t = SCHEMA.types[token];
        if (t?.enum) return `one of ${t.enum.map((v) => String(v.value)).join(", ")}`;
        return `a map (${token.split(":").pop()})`;
    }
    if (spec.oneOf) return spec.oneOf.map(describe).join(" or ");
    switch (spec.type) {
        case "integer":
            return "an integer";
        case "array":
            return "a list";
        case "object":
            return "a map";
        default:
            return `a ${spec.type ?? "value"}`;
    }
}

/** A value against its schema; the plain value (assets resolved), or undefined when it has a problem. */
function checkValue(c: Checker, spec: PropertySpec, node: SourceNode, path: string): unknown {
    const wrong = () => {
        const hint =
            node.kind === "scalar" && node.value === null && (spec.type === "string" || spec.oneOf)
                ? ' (a `#` starts a YAML comment: quote a colour such as "#102030")'
                : "";
        c.report(node.at, path, `must be ${describe(spec)}, not ${kindOf(node)}${hint}`);
        return undefined;
    };
    if (spec.$ref === ASSET_REF) return checkAsset(c, node, path) ?? undefined;
    if (spec.$ref !== undefined) {
        const token = typeRefToken(spec.$ref);
        const t = token ? SCHEMA.types[token] : undefined;
        if (t === undefined) return toPlain(node); // a reference the schema does not define here (pulumi.json#/Any)
        return t.enum ? checkEnum(c, t, node, path, wrong) : checkObject(c, token!, t, node, path);
    }
    if (spec.oneOf) {
        // The first form the value fits, checked quietly; none: one message naming every form.
        for (const form of spec.oneOf) {
            const trial = new Checker(c.file, c.folder);
            const value = checkValue(trial, form, node, path);
            if (trial.problems.length === 0) return value;
        }
        return wrong();
    }
    const v = node.kind === "scalar" ? node.value : undefined;
    switch (spec.type) {
        case "string":
            return typeof v === "string" ? v : wrong();
        case "number":
            return typeof v === "number" ? v : wrong();
        case "integer":
            return typeof v === "number" && Number.isInteger(v) ? v : wrong();
        case "boolean":
            return typeof v === "boolean" ? v : wrong();
        case "array": {
            if (node.kind !== "seq") return wrong();
            const items = node.items.map((item, i) => checkValue(c, spec.items ?? {}, item, join(path, i)));
            return items.includes(undefined) ? undefined : items;
        }
        case "object": {
            if (node.kind !== "map") return wrong();
            const out: Record<string, unknown> = {};
            for (const e of node.entries) out[e.key] = checkValue(c, spec.additionalProperties ?? {}, e.value, join(path, e.key));
            return Object.values(out).includes(undefined) ? undefined : out;
        }
        default:
            return toPlain(node);
    }
}

function checkEnum(c: Checker, t: TypeSpec, node: SourceNode, path: string, wrong: () => undefined): unknown {
    const values = t.enum!.map((v) => v.value);
    if (node.kind !== "scalar" || typeof node.value !== typeof values[0]) return wrong();
    if (values.includes(node.value as string)) return node.value;
    const guess = typeof node.value === "string" ? nearestWord(node.value, values.map(String)) : undefined;
    c.report(node.at, path, `must be one of ${values.join(", ")}${guess ? ` (did you mean ${guess}?)` : ""}`);
    return undefined;
}

function checkObject(c: Checker, token: string, t: TypeSpec, node: SourceNode, path: string): unknown {
    const name = token.split(":").pop()!;
    const known = Object.keys(t.properties ?? {});
    const fields = c.fields(node, path, `a ${name}`, known, (key) =>
        key.startsWith("fn::") ? `${key} is not supported in a fleet file: only ${FILE_ASSET}, for an image or a stylesheet` : undefined,
    );
    if (node.kind !== "map") return undefined;
    const out: Record<string, unknown> = {};
    let ok = fields.size === node.entries.length;
    for (const [key, e] of fields) {
        const value = checkValue(c, t.properties![key]!, e.value, join(path, key));
        if (value === undefined) ok = false;
        else out[key] = value;
    }
    for (const r of t.required ?? []) {
        if (!fields.has(r)) {
            c.report(node.at, path, `has no ${r}, which a ${name} requires`);
            ok = false;
        }
    }
    return ok ? out : undefined;
}

/**
 * `{ fn::fileAsset: path }`, resolved against the fleet file's folder; the file must exist. Every asset input of
 * tenantkit's schema is a branding image or stylesheet, which the provider takes from a file only (a StringAsset's
 * text would have to live in state to be uploaded later): `fn::stringAsset` is refused here, before any stack.
 */
function checkAsset(c: Checker, node: SourceNode, path: string): unknown {
    const form = `{ ${FILE_ASSET}: path } (relative to the fleet file)`;
    if (node.kind === "map" && node.entries.length === 1 && node.entries[0]!.key === STRING_ASSET) {
        c.report(node.at, path, `must be a file, ${form}: tenantkit's images and stylesheets are uploaded from files, not from a ${STRING_ASSET}`);
        return undefined;
    }
    if (node.kind !== "map" || node.entries.length !== 1 || node.entries[0]!.key !== FILE_ASSET) {
        c.report(node.at, path, `must be an asset, ${form}, not ${kindOf(node)}`);
        return undefined;
    }
    const e = node.entries[0]!;
    const v = e.value;
    if (v.kind !== "scalar" || typeof v.value !== "string" || v.value === "") {
        c.report(v.at, `${path}.${e.key}`, `must be a file's path, not ${kindOf(v)}`);
        return undefined;
    }
    const file = nodePath.resolve(c.folder, v.value);
    let isFile = false;
    try {
        isFile = fs.statSync(file).isFile();
    } catch {
        isFile = false;
    }
    if (!isFile) {
        c.report(v.at, `${path}.${e.key}`, `names no file: ${file} does not exist or is not a file`);
        return undefined;
    }
    return { [FILE_ASSET]: file };
}

function checkOptions(
    c: Checker,
    node: SourceNode,
    path: string,
    schema: ResourceTypeSpec | undefined,
    dependsOn: { name: string; at: Position; path: string }[],
): Record<string, unknown> | undefined {
    const fields = c.fields(node, path, "resource options", OPTION_FIELDS);
    const out: Record<string, unknown> = {};
    for (const [key, e] of fields) {
        const at = join(path, key);
        const v = e.value;
        switch (key) {
            case "protect":
            case "retainOnDelete":
            case "deleteBeforeReplace":
                if (v.kind === "scalar" && typeof v.value === "boolean") out[key] = v.value;
                else c.report(v.at, at, `must be a boolean, not ${kindOf(v)}`);
                break;
            case "ignoreChanges":
            case "dependsOn": {
                if (v.kind !== "seq") {
                    c.report(v.at, at, `must be a list of ${key === "dependsOn" ? "resource names" : "property paths"}, not ${kindOf(v)}`);
                    break;
                }
                const names: string[] = [];
                v.items.forEach((item, i) => {
                    if (item.kind !== "scalar" || typeof item.value !== "string" || item.value === "") {
                        c.report(item.at, join(at, i), `must be a string, not ${kindOf(item)}`);
                        return;
                    }
                    names.push(item.value);
                    if (key === "dependsOn") dependsOn.push({ name: item.value, at: item.at, path: join(at, i) });
                    else if (schema) {
                        const head = item.value.split(/[.[]/)[0]!;
                        if (!(head in schema.inputProperties)) {
                            const guess = nearestWord(head, Object.keys(schema.inputProperties));
                            c.report(item.at, join(at, i), `names no input of the resource${guess ? ` (did you mean ${guess}?)` : ""}`);
                        }
                    }
                });
                out[key] = names;
                break;
            }
            case "customTimeouts": {
                const t = c.fields(v, at, "custom timeouts", TIMEOUT_FIELDS);
                const times: Record<string, string> = {};
                for (const [k, te] of t) {
                    if (te.value.kind === "scalar" && typeof te.value.value === "string" && DURATION.test(te.value.value)) times[k] = te.value.value;
                    else c.report(te.value.at, join(at, k), "must be a duration such as 5m or 1h30m");
                }
                out[key] = times;
                break;
            }
        }
    }
    return out;
}

/** `dependsOn` names resources that every stack the resource is in also has. */
function checkDependsOn(c: Checker, r: CheckedResource, names: ReadonlySet<string>): void {
    for (const d of r.dependsOn) {
        if (d.name === r.name) c.report(d.at, d.path, "names the resource itself");
        else if (!names.has(d.name)) {
            const guess = nearestWord(d.name, [...names]);
            c.report(d.at, d.path, `names no resource of the same stack${guess ? ` (did you mean ${guess}?)` : ""}`);
        }
    }
}
