export { TemporaryAccessPassMethods } from "./resource";
export { getTemporaryAccessPassMethods, getTemporaryAccessPassMethodsOutput } from "./functions";
export type {
    GetTemporaryAccessPassMethodsArgs,
    GetTemporaryAccessPassMethodsOutputArgs,
    MethodUsabilityReason,
    TemporaryAccessPassLookup,
    TemporaryAccessPassMethod,
    TemporaryAccessPassMethodsArgs,
    TemporaryAccessPassMethodsResult,
} from "./types";
