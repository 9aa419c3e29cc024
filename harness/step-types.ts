/**
 * What a lifecycle operation reports: the steps the engine would show, the errors it would print, the outputs.
 */
import type { CheckFailure, DiffChanges } from "./host-types";
import type { PropertyMap } from "./wire";

/**
 * A step, named as the CLI names them. `delete-replaced` is the old object of a replacement; `discard` forgets
 * a resource read by id without deleting it; `refresh:*` are the outcomes of a refresh.
 */
export type StepOp =
    | "create"
    | "same"
    | "update"
    | "replace"
    | "delete"
    | "delete-replaced"
    | "read"
    | "discard"
    | "refresh:same"
    | "refresh:update"
    | "refresh:deleted";

/** One step of an operation. */
export interface Step {
    op: StepOp;
    urn: string;
    type: string;
    name: string;
    /** True when nothing was (or would have been) changed for real. */
    preview: boolean;
    /**
     * Property lines like the CLI's: `+ key: value`, `- key: value`, `~ key: old => new`; secrets `[secret]`,
     * unknowns `[unknown]`, `__provider` as `[provider: N chars]`.
     */
    diff: string[];
    /** The provider's id, for reads and deletes. */
    id?: string;
    /** Keys that force the replacement. */
    replaces?: string[];
    deleteBeforeReplace?: boolean;
    /** What the provider's Diff answered (before the engine's own input comparison). */
    providerDiff?: DiffChanges;
    /** A `retainOnDelete` resource: removed from state, left in place remotely. */
    retained?: boolean;
}

/** An error the CLI would print; the operation failed when any is present. */
export interface StepError {
    /** The resource concerned; absent for an error of the program itself. */
    urn?: string;
    message: string;
    checkFailures?: CheckFailure[];
    /** Reasons of a create that failed to initialize (`ErrorResourceInitFailed`). */
    initErrors?: string[];
}

/** The host's output during an operation; later tests search it for leaked secrets. */
export interface HostLogs {
    stdout: string[];
    stderr: string[];
}

/** The result of `up`, `refresh` or `destroy`. */
export interface RunResult {
    preview: boolean;
    steps: Step[];
    errors: StepError[];
    /** Stack outputs: resolved values, secret ones wrapped with `secret()`, unknown ones (preview) `UNKNOWN`. */
    outputs: PropertyMap;
    logs: HostLogs;
    /** Wall time of the operation. */
    ms: number;
}
