// Read-only lookups (areas A and D), each in both forms: a resource (state, refreshed by `pulumi refresh`)
// and a function (read at every preview and update). Defaults match the emulator's seed.
// Azure DevOps credentials: tenantkit:devopsPat (Basic auth) or an Entra app (tenantkit:clientId/clientSecret).
import * as pulumi from "@pulumi/pulumi";
import * as tk from "pulumi-tenantkit";

const config = new pulumi.Config();
const organization = config.get("organization") ?? "fabrikam";
const project = config.get("project") ?? "Web Portal"; // optional in the API; "" leaves it out
const repository = config.get("repository") ?? "web";
const pushId = config.getNumber("pushId") ?? 2;

const push = new tk.devops.GitPush("push", {
    organization,
    project: project === "" ? undefined : project,
    repository,
    pushId,
    includeCommits: config.getNumber("includeCommits") ?? 10,
    includeRefUpdates: true,
});

const latest = tk.devops.getGitPushOutput({ organization, project: project === "" ? undefined : project, repository, pushId });

const tap = tk.entra.getTemporaryAccessPassMethodsOutput({ user: config.get("tapUser") ?? "alice@contoso.onmicrosoft.com" });

export const pushedBy = push.push.apply((p) => p.pushedBy?.displayName ?? null);
export const commitCount = push.push.apply((p) => p.commits?.length ?? 0);
export const refUpdates = push.push.apply((p) =>
    (p.refUpdates ?? []).map((r) => `${r.name} ${r.oldObjectId?.slice(0, 7)}..${r.newObjectId?.slice(0, 7)}`),
);
export const pushDate = latest.date;
export const tapUsable = tap.method.apply((m) => m?.isUsable ?? false);
