// The preview benchmark's baseline: the same names and inputs as ../preview, each a bare dynamic resource.
// With `previewprog:requests` false its provider does nothing (check returns the inputs, diff reports nothing,
// create echoes the inputs): the baseline for preview, where tenantkit makes no request either. With it true,
// create makes the same requests to the emulator that tenantkit's create makes (measured from the emulator's
// request log; bench/cliPreview.ts compares both logs), with no validation, retry, throttle or journal: the
// baseline for up. The emulator and the app come from BENCH_EMULATOR_* variables, so no secret is serialized.
import * as pulumi from "@pulumi/pulumi";
import { declaredResources } from "../preview/inputs";

// Captures nothing, so the SDK serializes it in a few hundred bytes like any minimal dynamic provider.
const bare: pulumi.dynamic.ResourceProvider = {
    async check(_olds: Record<string, unknown>, news: Record<string, unknown>) {
        return { inputs: news };
    },
    async diff() {
        return {};
    },
    async create(inputs: Record<string, unknown>) {
        return { id: String(inputs.name ?? inputs.locale), outs: inputs };
    },
};

// Everything it needs is inside the functions (the serializer captures no module scope that way); the token,
// and the dataset listing are fetched once per provider process, as tenantkit's client does.
const withRequests: pulumi.dynamic.ResourceProvider = {
    async check(_olds: Record<string, unknown>, news: Record<string, unknown>) {
        return { inputs: news };
    },
    async diff() {
        return {};
    },
    async create(inputs: Record<string, unknown>) {
        const env = process.env;
        const url = env.BENCH_EMULATOR_URL!;
        const domain = env.BENCH_EMULATOR_DOMAIN!;
        const request = async (method: string, path: string, token: string | undefined, body: unknown, ok: number[]) => {
            const res = await fetch(`${url}${path}`, {
                method,
                headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
                body: body ? JSON.stringify(body) : undefined,
            });
            const text = await res.text();
            if (!ok.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
            return text ? (JSON.parse(text) as Record<string, unknown>) : {};
        };
        // At most 8 requests in flight per process, as tenantkit's limiter allows per service: with none, the engine's
        // unbounded parallelism sends every resource's requests at once and the bare side measured 1.6x slower.
        const slots = ((globalThis as unknown as { benchSlots?: { free: number; waiting: (() => void)[] } }).benchSlots ??= { free: 8, waiting: [] });
        const send = async (method: string, path: string, token: string | undefined, body?: unknown, ok: number[] = [200, 201, 204]) => {
            if (slots.free > 0) slots.free--;
            else await new Promise<void>((resolve) => slots.waiting.push(resolve));
            try {
                return await request(method, path, token, body, ok);
            } finally {
                const next = slots.waiting.shift();
                if (next) next();
                else slots.free++;
            }
        };
        const once = <T>(key: string, make: () => Promise<T>): Promise<T> => {
            const g = globalThis as unknown as Record<string, Promise<T>>;
            return (g[key] ??= make());
        };
        const token = (scope: string) =>
            once(`bench:token:${scope}`, async () => {
                // The sign-in goes outside the slots, as tenantkit's is not a service request.
                await request("GET", `/login/${domain}/v2.0/.well-known/openid-configuration`, undefined, undefined, [200]);
                const res = await fetch(`${url}/login/${domain}/oauth2/v2.0/token`, {
                    method: "POST",
                    headers: { "content-type": "application/x-www-form-urlencoded" },
                    body: new URLSearchParams({ grant_type: "client_credentials", client_id: env.BENCH_EMULATOR_CLIENT_ID!, client_secret: env.BENCH_EMULATOR_CLIENT_SECRET!, scope }).toString(),
                });
                if (res.status !== 200) throw new Error(`token: ${res.status}`);
                return ((await res.json()) as { access_token: string }).access_token;
            });
        const { __provider, ...args } = inputs; // the serialized provider rides in the inputs
        void __provider;
        if (typeof args.locale === "string") {
            const graph = await token("https://graph.microsoft.com/.default");
            // tenantkit discovers the organization for each localization that names none, so this does too.
            const org = ((await send("GET", "/graph/v1.0/organization", graph)).value as { id: string }[])[0]!.id;
            const base = `/graph/v1.0/organization/${org}/branding/localizations`;
            const { locale, ...texts } = args;
            await send("GET", `${base}/${locale}`, graph, undefined, [404]);
            await send("POST", base, graph, { ...texts, id: locale });
            await send("GET", `${base}/${locale}`, graph);
            await send("PATCH", `${base}/${locale}`, graph, texts);
            await send("GET", `${base}/${locale}`, graph);
            return { id: locale, outs: inputs };
        }
        const pbi = await token("https://analysis.windows.net/powerbi/api/.default");
        await once("bench:datasets", () => send("GET", "/powerbi/v1.0/myorg/datasets", pbi));
        const { defaultRetentionPolicy, ...dataset } = args;
        const made = await send("POST", `/powerbi/v1.0/myorg/datasets?defaultRetentionPolicy=${defaultRetentionPolicy}`, pbi, dataset);
        return { id: String(made.id), outs: inputs };
    },
};

class Bare extends pulumi.dynamic.Resource {
    constructor(name: string, props: Record<string, unknown>, provider: pulumi.dynamic.ResourceProvider) {
        super(provider, name, props, undefined, "bench", "Bare");
    }
}

const config = new pulumi.Config();
const count = config.requireNumber("count");
const provider = config.getBoolean("requests") ? withRequests : bare;

for (const r of declaredResources(count)) new Bare(r.name, r.args, provider);

export const resources = count;
