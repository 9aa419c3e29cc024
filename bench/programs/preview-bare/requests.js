// The create of the bare provider that makes tenantkit's requests (index.ts), in a module its stub requires by path,
// as tenantkit's stub requires its handler: the provider stored in state stays small on both sides. Plain JavaScript:
// the provider host runs node without TypeScript. Each request is what tenantkit's create sends, measured from the
// emulator's log (bench/cliPreview.ts compares both logs): no validation, retry, throttle or journal here.
"use strict";

const env = process.env;
const url = () => env.BENCH_EMULATOR_URL;
const domain = () => env.BENCH_EMULATOR_DOMAIN;

async function request(method, path, token, body, ok) {
    const res = await fetch(`${url()}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!ok.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : {};
}

// At most 8 requests in flight per process, as tenantkit's limiter allows per service.
let free = 8;
const waiting = [];
async function send(method, path, token, body, ok = [200, 201, 204]) {
    if (free > 0) free--;
    else await new Promise((resolve) => waiting.push(resolve));
    try {
        return await request(method, path, token, body, ok);
    } finally {
        const next = waiting.shift();
        if (next) next();
        else free++;
    }
}

// One sign-in per audience per process, as tenantkit's credentials cache does; it goes outside the slots.
const tokens = new Map();
function token(scope) {
    if (!tokens.has(scope)) {
        tokens.set(
            scope,
            (async () => {
                await request("GET", `/login/${domain()}/v2.0/.well-known/openid-configuration`, undefined, undefined, [200]);
                const res = await fetch(`${url()}/login/${domain()}/oauth2/v2.0/token`, {
                    method: "POST",
                    headers: { "content-type": "application/x-www-form-urlencoded" },
                    body: new URLSearchParams({
                        grant_type: "client_credentials",
                        client_id: env.BENCH_EMULATOR_CLIENT_ID,
                        client_secret: env.BENCH_EMULATOR_CLIENT_SECRET,
                        scope,
                    }).toString(),
                });
                if (res.status !== 200) throw new Error(`token: ${res.status}`);
                return (await res.json()).access_token;
            })(),
        );
    }
    return tokens.get(scope);
}

let datasetListing;

// tenantkit discovers the organization once per session for the localizations that name none (shared by concurrent
// creates, asked again after a failure), so this does too: once per process.
let organization;
function organizationId(graph) {
    if (!organization) {
        const finding = send("GET", "/graph/v1.0/organization", graph).then((list) => list.value[0].id);
        organization = finding;
        finding.catch(() => {
            if (organization === finding) organization = undefined;
        });
    }
    return organization;
}

exports.create = async function create(inputs) {
    const { __provider, ...args } = inputs; // the serialized provider rides in the inputs
    void __provider;
    if (typeof args.locale === "string") {
        const graph = await token("https://graph.microsoft.com/.default");
        const org = await organizationId(graph);
        const base = `/graph/v1.0/organization/${org}/branding/localizations`;
        const { locale, ...texts } = args;
        await send("GET", `${base}/${locale}`, graph, undefined, [404]);
        await send("POST", base, graph, { ...texts, id: locale });
        // tenantkit POSTs every value, reads the localization back to see it created, and once more to record what it observed.
        await send("GET", `${base}/${locale}`, graph);
        await send("GET", `${base}/${locale}`, graph);
        return { id: locale, outs: inputs };
    }
    const pbi = await token("https://analysis.windows.net/powerbi/api/.default");
    datasetListing ??= send("GET", "/powerbi/v1.0/myorg/datasets", pbi);
    await datasetListing;
    const { defaultRetentionPolicy, ...dataset } = args;
    const made = await send("POST", `/powerbi/v1.0/myorg/datasets?defaultRetentionPolicy=${defaultRetentionPolicy}`, pbi, dataset);
    return { id: String(made.id), outs: inputs };
};
