/** Azure DevOps: git push lookups (area D). */
export * from "./gitPush";
