/** The push lookup as a get function (core/host/lookup.ts): what `getGitPush` and the plugin's Invoke share. */
import type { Lookup } from "../../core/host/lookup";
import { fetchGitPush } from "./api";
import { GitPushInputs } from "./schema";
import type { GitPushResult } from "./types";
import { devopsService } from "../devopsService";

export const lookup: Lookup<GitPushInputs, GitPushResult> = {
    name: "getGitPush",
    schema: GitPushInputs,
    describe: (a) => `push ${a.pushId} of repository "${a.repository}" in organization "${a.organization}"`,
    read: (session, a) => fetchGitPush(session.client(devopsService), a),
};
