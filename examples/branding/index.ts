// Entra organizational branding as desired state (area B).
// Run it against the emulator (`npm run emulator`, then `pulumi config set tenantkit:emulator http://127.0.0.1:PORT`)
// or a real tenant (tenantkit:tenantId, tenantkit:clientId, tenantkit:clientSecret with OrganizationalBranding.ReadWrite.All).
import * as pulumi from "@pulumi/pulumi";
import * as tk from "pulumi-tenantkit";

// Only the properties set here are managed; everything else in the tenant's branding is left alone.
// `pulumi destroy` puts back what was there before (onDestroy: "restore", the default).
const branding = new tk.entra.OrganizationalBranding("default", {
    backgroundColor: "#0F6CBD",
    signInPageText: "Authorized use only. Activity is monitored.",
    usernameHintText: "someone@contoso.com",
    loginPageTextVisibilitySettings: { hideForgotMyPassword: false, hideCannotAccessYourAccount: true },
    bannerLogo: new pulumi.asset.FileAsset("assets/banner.png"),
    squareLogo: new pulumi.asset.FileAsset("assets/square.png"),
    customCSS: "assets/signin.css",
});

// One locale; strings it does not set inherit the default branding's.
const french = new tk.entra.OrganizationalBrandingLocalization(
    "fr",
    {
        locale: "fr-FR",
        signInPageText: "Accès réservé. L'activité est surveillée.",
        usernameHintText: "quelquun@contoso.com",
    },
    { dependsOn: [branding] },
);

export const cdn = branding.cdnList;
export const bannerLogoUrl = pulumi
    .all([branding.cdnList, branding.bannerLogoRelativeUrl])
    .apply(([cdns, rel]) => (rel && cdns.length ? `https://${cdns[0]}/${rel}` : null));
export const frenchText = french.signInPageText;
