/**
 * The temporary access pass lookup, declared once (core/model/definition.ts): as the read-only resource
 * `tenantkit:entra:TemporaryAccessPassMethods` (a new `user` replaces it, as another user's method is another
 * object) and as the function `tenantkit:entra:getTemporaryAccessPassMethods`.
 */
import { boolean, enumOf, integer, objectOf, string, defineFunction, type ObjectDefinition, defineResource } from "../../core/model/definition";
import type { TemporaryAccessPassLookup, TemporaryAccessPassMethod, TemporaryAccessPassMethodsResult } from "./types";

const Method: ObjectDefinition<TemporaryAccessPassMethod> = {
    name: "TemporaryAccessPassMethod",
    fields: {
        id: { type: string, required: true },
        createdDateTime: { type: string, required: true },
        startDateTime: { type: string, required: true },
        lifetimeInMinutes: { type: integer, required: true },
        isUsableOnce: { type: boolean, required: true },
        isUsable: { type: boolean, required: true },
        methodUsabilityReason: {
            type: enumOf({
                name: "MethodUsabilityReason",
                values: [
                    { value: "EnabledByPolicy" },
                    { value: "DisabledByPolicy" },
                    { value: "Expired" },
                    { value: "NotYetValid" },
                    { value: "OneTimeUsed" },
                ],
                open: true,
            }),
            required: true,
        },
        expiresDateTime: { type: string, required: true },
    },
};

/** The pass itself is a credential: state and the function's result keep it secret. */
const pass = { type: string, secret: true } as const;

export const temporaryAccessPassMethods = defineResource<
    TemporaryAccessPassLookup,
    Omit<TemporaryAccessPassMethodsResult, keyof TemporaryAccessPassLookup>
>()({
    token: "tenantkit:entra:TemporaryAccessPassMethods",
    area: "entra",
    folder: "temporaryAccessPass",
    docs: { inputs: "TemporaryAccessPassLookup", outputs: "TemporaryAccessPassMethodsResult", resource: "TemporaryAccessPassMethods" },
    inputs: {
        // Unset means the signed-in user, whom state names `me`.
        user: { type: string, change: "replace", output: true, filled: { unset: "me" } },
    },
    outputs: {
        userId: { type: string, always: true },
        method: { type: objectOf(Method), always: true },
        temporaryAccessPass: { ...pass, always: true },
    },
});

export const getTemporaryAccessPassMethods = defineFunction<TemporaryAccessPassLookup, TemporaryAccessPassMethodsResult>()({
    token: "tenantkit:entra:getTemporaryAccessPassMethods",
    docs: {
        folder: "entra/temporaryAccessPass",
        inputs: "TemporaryAccessPassLookup",
        outputs: "TemporaryAccessPassMethodsResult",
        function: "getTemporaryAccessPassMethods",
    },
    inputs: { user: { type: string } },
    outputs: {
        user: { type: string, required: true },
        userId: { type: string, required: true },
        method: { type: objectOf(Method), required: true },
        temporaryAccessPass: { ...pass, required: true },
    },
});
