// The plugin side of the plugin benchmark (bench/plugin.ts): the preview benchmark's resources (the same names and
// inputs as bench/programs/preview, which is the dynamic side) through the provider plugin's Node.js SDK.
import * as pulumi from "@pulumi/pulumi";
import * as tenantkit from "@pulumi-tenantkit/sdk";
import { declaredResources } from "./inputs";

const count = new pulumi.Config().requireNumber("count");

for (const r of declaredResources(count)) {
    if (r.kind === "localization") {
        new tenantkit.entra.OrganizationalBrandingLocalization(r.name, r.args as unknown as tenantkit.entra.OrganizationalBrandingLocalizationArgs);
    } else {
        new tenantkit.powerbi.PushDataset(r.name, r.args as unknown as tenantkit.powerbi.PushDatasetArgs);
    }
}

export const resources = count;
