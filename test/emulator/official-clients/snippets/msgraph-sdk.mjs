// Microsoft Graph with the typed @microsoft/msgraph-sdk (Kiota) and @azure/identity, pointed at the emulator.
import { ClientSecretCredential } from "@azure/identity";
import { AzureIdentityAuthenticationProvider } from "@microsoft/kiota-authentication-azure";
import { createGraphServiceClient, GraphRequestAdapter } from "@microsoft/msgraph-sdk";
import "@microsoft/msgraph-sdk-organization";
import "@microsoft/msgraph-sdk-users";

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
const scopes = ["https://graph.microsoft.com/.default"];
const allowedHosts = new Set([new URL(emulator).hostname]); // the provider sends the token only to these hosts
const adapter = new GraphRequestAdapter(new AzureIdentityAuthenticationProvider(credential, scopes, undefined, allowedHosts));
adapter.baseUrl = `${emulator}/graph/v1.0`;
const graph = createGraphServiceClient(adapter);

const [organization] = (await graph.organization.get()).value;
const branding = graph.organization.byOrganizationId(organization.id).branding;
const asDefault = { headers: { "Accept-Language": "0" } };
await branding.patch({ signInPageText: "Authorized use only" }, asDefault);
const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
// No content type given: the SDK sends application/octet-stream.
await branding.localizations
    .byOrganizationalBrandingLocalizationId("0")
    .bannerLogo.put(png.buffer.slice(png.byteOffset, png.byteOffset + png.length));
const after = await branding.get(asDefault);
const taps = await graph.users.byUserId("alice@contoso.onmicrosoft.com").authentication.temporaryAccessPassMethods.get();
console.log(
    JSON.stringify({
        organization: organization.id,
        signInPageText: after.signInPageText,
        bannerLogoRelativeUrl: after.bannerLogoRelativeUrl,
        tapMethods: taps.value.map((m) => ({ id: m.id, isUsable: m.isUsable })),
    }),
);
