export { GitPush, type GitPushArgs } from "./resource";
export { getGitPush, getGitPushOutput, type GetGitPushArgs, type GetGitPushOutputArgs } from "./functions";
export type { GitPush as GitPushResult } from "./schema";
