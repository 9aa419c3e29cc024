/**
 * Errors of calls to the provider host, decoded as the engine's `parseError` sees them
 * (pulumi/pulumi `sdk/go/common/resource/plugin/provider_plugin.go`).
 */
import { GrpcServiceError, fromStruct, grpcCodeName, provider, status } from "./grpc";
import { PropertyMap } from "./wire";

/**
 * What a provider reports when it created an object but failed to finish (`ErrorResourceInitFailed`): the
 * engine records the resource with this id and these outputs, and its `initErrors` are the reasons.
 */
export interface PartialFailure {
    id: string;
    outs: PropertyMap;
    reasons: string[];
}

/** A failed gRPC call to the provider host. Recognise it by `name === "HostCallError"`. */
export class HostCallError extends Error {
    override readonly name = "HostCallError";
    /** The gRPC status code (2 = UNKNOWN for anything a provider method throws). */
    readonly grpcCode: number;
    /** The status code's name, e.g. `UNKNOWN`, `UNIMPLEMENTED`. */
    readonly codeName: string;
    /** The provider's message (`e.message` of what it threw; the literal "undefined" for a non-Error). */
    readonly details: string;
    /** Set when the failure carried `ErrorResourceInitFailed` (a create that left an object behind). */
    partial?: PartialFailure;

    constructor(
        readonly method: string,
        grpcCode: number,
        details: string,
        partial?: PartialFailure,
    ) {
        super(`${method} failed: ${grpcCodeName(grpcCode)}(${grpcCode}) ${details}`);
        this.grpcCode = grpcCode;
        this.codeName = grpcCodeName(grpcCode);
        this.details = details;
        this.partial = partial;
    }
}

/** Turns a grpc-js error into a {@link HostCallError}, decoding `grpc-status-details-bin` when present. */
export function toHostCallError(method: string, err: GrpcServiceError): HostCallError {
    return new HostCallError(method, err.code, err.details ?? err.message, decodeInitFailure(err));
}

/**
 * The host packs `ErrorResourceInitFailed` into a `google.rpc.Status` sent as the `grpc-status-details-bin`
 * trailer (host `grpcResponseFromError`); the Go engine reads it back through `status.FromError(err).Details()`.
 */
export function decodeInitFailure(err: GrpcServiceError): PartialFailure | undefined {
    const bins = err.metadata?.get("grpc-status-details-bin") ?? [];
    for (const bin of bins) {
        const bytes = typeof bin === "string" ? Buffer.from(bin, "binary") : bin;
        const st = status.Status.deserializeBinary(new Uint8Array(bytes));
        for (const any of st.getDetailsList()) {
            if (any.getTypeName() !== "pulumirpc.ErrorResourceInitFailed") continue;
            const failed = any.unpack(provider.ErrorResourceInitFailed.deserializeBinary, "pulumirpc.ErrorResourceInitFailed");
            if (failed) return { id: failed.getId(), outs: fromStruct(failed.getProperties()), reasons: failed.getReasonsList() };
        }
    }
    return undefined;
}

/** The message of an error: the provider's own text for a failed host call. */
export function errorText(err: unknown): string {
    if (err instanceof HostCallError) return err.details;
    return err instanceof Error ? err.message : String(err);
}
