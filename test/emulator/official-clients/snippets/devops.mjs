// Azure DevOps with azure-devops-node-api, as its README shows: a PAT handler and the organization's URL.
import * as azdev from "azure-devops-node-api";

const emulator = process.env.TENANTKIT_EMULATOR; // https://127.0.0.1:8787
const connection = new azdev.WebApi(`${emulator}/devops/fabrikam`, azdev.getPersonalAccessTokenHandler("devops-pat-alice-code-read"));
const git = await connection.getGitApi();
const push = await git.getPush("web", 2, "Web Portal", 10, true);
const pushes = await git.getPushes("web", "Web Portal", undefined, undefined, { refName: "refs/heads/main", includeRefUpdates: true });
console.log(
    JSON.stringify({
        pushId: push.pushId,
        pushedBy: push.pushedBy.uniqueName,
        date: push.date.toISOString(),
        commits: push.commits.length,
        refUpdates: push.refUpdates.map((r) => r.name),
        pushesToMain: pushes.map((p) => p.pushId),
    }),
);
