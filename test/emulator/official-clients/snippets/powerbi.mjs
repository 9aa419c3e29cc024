// Power BI REST with fetch and a token from @azure/identity, as the REST docs show, pointed at the emulator.
import { ClientSecretCredential } from "@azure/identity";

const emulator = process.env.TENANTKIT_EMULATOR; // https://127.0.0.1:8787
const credential = new ClientSecretCredential(
    "contoso.onmicrosoft.com",
    "3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70",
    "quickstart-secret-not-for-production",
    {
        authorityHost: `${emulator}/login`,
        disableInstanceDiscovery: true,
    },
);
const { token } = await credential.getToken("https://analysis.windows.net/powerbi/api/.default");
const workspace = `${emulator}/powerbi/v1.0/myorg/groups/f089354e-8366-4e18-aea3-4cb4a3a50b48`;
async function call(method, path, body) {
    const res = await fetch(`${workspace}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text === "" ? undefined : JSON.parse(text);
}

const product = {
    name: "Product",
    columns: [
        { name: "ProductID", dataType: "Int64" },
        { name: "Name", dataType: "string" },
    ],
};
const created = await call("POST", "/datasets?defaultRetentionPolicy=basicFIFO", { name: "SalesMarketing", defaultMode: "Push", tables: [product] });
await call("PUT", `/datasets/${created.id}/tables/Product`, { ...product, columns: [...product.columns, { name: "Category", dataType: "String" }] });
await call("POST", `/datasets/${created.id}/tables/Product/rows`, { rows: [{ ProductID: 1, Name: "Adjustable Race", Category: "Components" }] });
const datasets = await call("GET", "/datasets");
const tables = await call("GET", `/datasets/${created.id}/tables`);
console.log(
    JSON.stringify({
        created: { id: created.id, name: created.name, defaultRetentionPolicy: created.defaultRetentionPolicy },
        datasets: datasets.value.map((d) => ({ name: d.name, isRefreshable: d.isRefreshable, configuredBy: d.configuredBy })),
        columns: tables.value[0].columns.map((c) => `${c.name}:${c.dataType}`),
    }),
);
