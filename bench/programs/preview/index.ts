// The preview benchmark's stack: `count` tenantkit resources (stack config), half branding localizations with
// distinct locales, half push datasets in My workspace.
import * as pulumi from "@pulumi/pulumi";
import * as tk from "pulumi-tenantkit";
import { declaredResources } from "./inputs";

const count = new pulumi.Config().requireNumber("count");

for (const r of declaredResources(count)) {
    if (r.kind === "localization") {
        new tk.entra.OrganizationalBrandingLocalization(r.name, r.args as unknown as tk.entra.OrganizationalBrandingLocalizationArgs);
    } else {
        new tk.powerbi.PushDataset(r.name, r.args as unknown as tk.powerbi.PushDatasetArgs);
    }
}

export const resources = count;
