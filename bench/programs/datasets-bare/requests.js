// The create of the CLI throttle benchmark's bare provider (index.ts): the requests tenantkit's push dataset create
// sends for a dataset in My workspace (provider/powerbi/pushDataset/lifecycle.ts findOrPost: one listing of the
// workspace shared by the process, then a POST), with a client-credentials token from the emulator's token endpoint.
// A 429 is retried after its Retry-After, request by request: no validation, journal, shared pause or backoff of its
// own. bench/cliThrottle.ts compares both sides' request logs. Plain JavaScript: the provider host runs node without
// TypeScript.
"use strict";

const env = process.env;
const url = () => env.BENCH_EMULATOR_URL;
const domain = () => env.BENCH_EMULATOR_DOMAIN;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function request(method, path, init, ok) {
    for (;;) {
        const res = await fetch(`${url()}${path}`, { method, ...init });
        const text = await res.text();
        if (res.status === 429) {
            await sleep(Number(res.headers.get("retry-after") ?? "1") * 1000);
            continue;
        }
        if (!ok.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
        return text ? JSON.parse(text) : {};
    }
}

// At most 8 requests in flight per process, as tenantkit's limiter allows per service.
let free = 8;
const waiting = [];
async function send(method, path, token, body, ok = [200, 201, 202]) {
    if (free > 0) free--;
    else await new Promise((resolve) => waiting.push(resolve));
    try {
        const headers = { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) };
        return await request(method, path, { headers, body: body ? JSON.stringify(body) : undefined }, ok);
    } finally {
        const next = waiting.shift();
        if (next) next();
        else free++;
    }
}

// One token per process, shared by the calls that need it together, as tenantkit's credentials cache does.
let token;
function powerBiToken() {
    token ??= request(
        "POST",
        `/login/${domain()}/oauth2/v2.0/token`,
        {
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
                grant_type: "client_credentials",
                client_id: env.BENCH_EMULATOR_CLIENT_ID,
                client_secret: env.BENCH_EMULATOR_CLIENT_SECRET,
                scope: "https://analysis.windows.net/powerbi/api/.default",
            }).toString(),
        },
        [200],
    ).then((t) => t.access_token);
    return token;
}

let listing;

exports.create = async function create(inputs) {
    const { name, tables } = inputs;
    const pbi = await powerBiToken();
    listing ??= send("GET", "/powerbi/v1.0/myorg/datasets", pbi);
    await listing;
    const made = await send("POST", "/powerbi/v1.0/myorg/datasets?defaultRetentionPolicy=None", pbi, { name, defaultMode: "Push", tables });
    return { id: String(made.id), outs: inputs };
};
