export { GitPush } from "./resource";
export { getGitPush, getGitPushOutput } from "./functions";
export type {
    GetGitPushArgs,
    GetGitPushOutputArgs,
    GitCommitRef,
    GitIdentityRef,
    GitLink,
    GitPushArgs,
    GitPushLookup,
    GitPushResult,
    GitPushState,
    GitRefUpdate,
    GitRepositoryRef,
    GitUserDate,
} from "./types";
