// Microsoft Graph with @microsoft/microsoft-graph-client and @azure/identity, as their docs show, pointed at the emulator.
import { ClientSecretCredential } from "@azure/identity";
import { Client } from "@microsoft/microsoft-graph-client";
import { TokenCredentialAuthenticationProvider } from "@microsoft/microsoft-graph-client/authProviders/azureTokenCredentials/index.js";

const emulator = process.env.TENANTKIT_EMULATOR; // https://127.0.0.1:8787
const credential = new ClientSecretCredential(
    "contoso.onmicrosoft.com",
    "3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70",
    "quickstart-secret-not-for-production",
    {
        authorityHost: `${emulator}/login`,
        disableInstanceDiscovery: true, // else MSAL asks login.microsoftonline.com about the authority
    },
);
const authProvider = new TokenCredentialAuthenticationProvider(credential, { scopes: ["https://graph.microsoft.com/.default"] });
const client = Client.initWithMiddleware({
    authProvider,
    baseUrl: `${emulator}/graph/`,
    customHosts: new Set([new URL(emulator).hostname]), // the client sends the token only to Graph hosts and these
});

const [organization] = (await client.api("/organization").get()).value;
const branding = client.api(`/organization/${organization.id}/branding`).header("Accept-Language", "0");
await branding.patch({ signInPageText: "Authorized use only" });
const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
await client.api(`/organization/${organization.id}/branding/localizations/0/bannerLogo`).header("Content-Type", "image/png").put(png);
const after = await client.api(`/organization/${organization.id}/branding`).header("Accept-Language", "0").get();
const taps = await client.api("/users/alice@contoso.onmicrosoft.com/authentication/temporaryAccessPassMethods").get();
console.log(
    JSON.stringify({
        organization: organization.id,
        signInPageText: after.signInPageText,
        bannerLogoRelativeUrl: after.bannerLogoRelativeUrl,
        tapMethods: taps.value.map((m) => ({ id: m.id, isUsable: m.isUsable })),
    }),
);
