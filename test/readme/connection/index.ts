import * as pulumi from "@pulumi/pulumi";
import * as tk from "pulumi-tenantkit";

const config = new pulumi.Config();
const fabrikam: tk.ConnectionArgs = {
    tenantId: "fabrikam.onmicrosoft.com",
    clientId: "1f6cf87b-0e44-44aa-b45a-cedc88c221e7",
    clientSecret: config.requireSecret("fabrikamSecret"),
    emulator: new pulumi.Config("tenantkit").get("emulator"), // a connection is used alone: it names the emulator too
};
new tk.entra.OrganizationalBrandingLocalization("fabrikam-fr", { locale: "fr-FR", signInPageText: "Bienvenue", connection: fabrikam });
