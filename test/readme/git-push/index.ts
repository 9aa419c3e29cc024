import * as tk from "pulumi-tenantkit";

// Function form: read at every preview and update.
const push = tk.devops.getGitPushOutput({
    organization: "fabrikam",
    project: "Web Portal",
    repository: "web",
    pushId: 2,
    includeCommits: 10, // a count of commits, not a boolean
    includeRefUpdates: true,
});
export const branches = push.apply((p) => (p.refUpdates ?? []).map((u) => u.name));

// Resource form: project optional (a repository name must then be unique in the organization).
const fix = new tk.devops.GitPush("fix-push", { organization: "fabrikam", repository: "web", pushId: 3 });
export const fixedBy = fix.push.pushedBy.uniqueName;
