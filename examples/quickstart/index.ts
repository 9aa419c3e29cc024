// The tenantkit quickstart: what a platform engineer writes, run by `npm start` against the bundled emulator.
// It grows with the product: quota checks join when they land.
import * as pulumi from "@pulumi/pulumi";
import * as tk from "pulumi-tenantkit";

const config = new pulumi.Config();
const user = config.get("tapUser") ?? "alice@contoso.onmicrosoft.com";
const guest = config.get("guestUser") ?? "ann_contoso.com#EXT#@fabrikam.onmicrosoft.com";

// Area A, resource form: read once at `up`, re-read by `pulumi refresh`; the pass itself is stored as a secret.
const tap = new tk.entra.TemporaryAccessPassMethods("user-tap", { user });

// Area A, function form: read at every preview and update, like an invoke.
const guestTap = tk.entra.getTemporaryAccessPassMethodsOutput({ user: guest });

// Area B: the default sign-in branding as desired state. Only these properties are managed; destroy restores them.
const branding = new tk.entra.OrganizationalBranding("branding", {
    backgroundColor: "#102030",
    signInPageText: "Authorized use only",
    bannerLogo: new pulumi.asset.FileAsset("assets/banner.png"),
});
const french = new tk.entra.OrganizationalBrandingLocalization(
    "branding-fr",
    {
        locale: "fr-FR",
        signInPageText: "Accès réservé",
    },
    { dependsOn: [branding] },
);

// Area C: a push dataset in the "Sales" workspace of the seeded tenant.
const dataset = new tk.powerbi.PushDataset("sales-dataset", {
    workspaceId: config.get("workspaceId") ?? "f089354e-8366-4e18-aea3-4cb4a3a50b48",
    name: "SalesMarketing",
    defaultRetentionPolicy: "basicFIFO",
    tables: [
        {
            name: "Product",
            columns: [
                { name: "ProductID", dataType: "Int64" },
                { name: "Name", dataType: "String" },
            ],
        },
    ],
});

// Area D: one push of an Azure DevOps repository, with its commits and the refs it updated.
const push = tk.devops.getGitPushOutput({
    organization: "fabrikam",
    project: "Web Portal",
    repository: "web",
    pushId: 2,
    includeCommits: 10,
    includeRefUpdates: true,
});

export const tapUser = tap.user;
export const tapMethod = tap.method;
export const tapPass = tap.temporaryAccessPass;
export const guestTapUsable = guestTap.method.apply((m) => (m ? `${m.isUsable} (${m.methodUsabilityReason})` : "no method"));
export const brandingOrganization = branding.organizationId;
export const bannerLogoRelativeUrl = branding.bannerLogoRelativeUrl;
export const frenchSignInText = french.signInPageText;
export const datasetId = dataset.datasetId;
export const gitPush = push.apply((p) => ({
    pushId: p.pushId,
    pushedBy: p.pushedBy?.displayName,
    commits: (p.commits ?? []).map((c) => `${c.commitId?.slice(0, 7)} ${c.comment}`),
    refUpdates: (p.refUpdates ?? []).map((r) => r.name),
}));
