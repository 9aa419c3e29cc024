import * as pulumi from "@pulumi/pulumi";
import * as tk from "pulumi-tenantkit";

const branding = new tk.entra.OrganizationalBranding("default", {
    backgroundColor: "#0F6CBD",
    signInPageText: "Authorized use only",
    loginPageTextVisibilitySettings: { hideForgotMyPassword: true },
    bannerLogo: new pulumi.asset.FileAsset("assets/banner.png"), // or a file path
    onDestroy: "restore", // default; or "reset", "retain"
});
new tk.entra.OrganizationalBrandingLocalization("fr", { locale: "fr-FR", signInPageText: "Accès réservé" }, { dependsOn: [branding] });
