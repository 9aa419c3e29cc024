export { TemporaryAccessPassMethods, type TemporaryAccessPassMethodsArgs } from "./resource";
export {
    getTemporaryAccessPassMethods,
    getTemporaryAccessPassMethodsOutput,
    type GetTemporaryAccessPassMethodsArgs,
    type GetTemporaryAccessPassMethodsOutputArgs,
} from "./functions";
export type { TemporaryAccessPassMethod, TemporaryAccessPassMethodsResult } from "./schema";
