// A fleet in a test process: generated tenants 1 to 3, each signed in with the settings fleetTenant(i) gives.
import { fleetTenant, startEmulator } from "pulumi-tenantkit/emulator";

const emu = await startEmulator({ tenants: 3 }); // the default seed, then tenant-0001 to tenant-0003.onmicrosoft.com
try {
    const seen = [];
    for (const i of [1, 2, 3]) {
        const t = fleetTenant(i); // { tenantId, domain, clientId, clientSecret, workspaceId, ... }
        const form = new URLSearchParams({
            grant_type: "client_credentials",
            client_id: t.clientId,
            client_secret: t.clientSecret,
            scope: "https://graph.microsoft.com/.default",
        });
        const token = await (await fetch(`${emu.url}/login/${t.domain}/oauth2/v2.0/token`, { method: "POST", body: form })).json();
        const branding = await fetch(`${emu.url}/graph/v1.0/organization/${t.tenantId}/branding`, {
            headers: { authorization: `Bearer ${token.access_token}`, "accept-language": "0" },
        });
        seen.push(`${t.domain}: ${(await branding.json()).signInPageText}`);
    }
    console.log(JSON.stringify({ seen }));
} finally {
    await emu.close();
}
