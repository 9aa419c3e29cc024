/**
 * Arguments and results of the provider host calls, in engine terms (pulumi/pulumi
 * `sdk/go/common/resource/plugin/provider.go`). Property bags are wire values (see `wire.ts`): secrets wrapped,
 * unknowns as the sentinel string.
 */
import { PropertyMap } from "./wire";

/** What the host answered to `Configure`: the capabilities that drive the engine's marshalling. */
export interface ConfigureResult {
    acceptSecrets: boolean;
    supportsPreview: boolean;
    acceptResources: boolean;
    acceptOutputs: boolean;
}

/** `Handshake` result: the dynamic provider host does not implement it and the engine tolerates that. */
export interface HandshakeResult {
    implemented: boolean;
    /** The gRPC status name when not implemented (`UNIMPLEMENTED`). */
    codeName?: string;
}

/** One validation failure returned by `check`. An empty `property` concerns the whole resource. */
export interface CheckFailure {
    property: string;
    reason: string;
}

/** Arguments of `check`. */
export interface CheckArgs {
    urn: string;
    /** Old inputs from state; `{}` for a create. */
    olds?: PropertyMap;
    news: PropertyMap;
    /** Preview: unknowns are sent as the sentinel (otherwise dropped). */
    preview?: boolean;
}

/** Result of `check`. */
export interface CheckResult {
    /** Checked inputs, secrets re-applied from `news` (engine `annotateSecrets`). */
    inputs: PropertyMap;
    failures: CheckFailure[];
}

/** `DiffResponse.DiffChanges`; the host sends DIFF_UNKNOWN when the provider's `changes` is undefined. */
export type DiffChanges = "DIFF_UNKNOWN" | "DIFF_NONE" | "DIFF_SOME";

/** Arguments of `diff`. */
export interface DiffArgs {
    urn: string;
    id: string;
    oldInputs: PropertyMap;
    oldOutputs: PropertyMap;
    newInputs: PropertyMap;
    preview?: boolean;
    ignoreChanges?: string[];
}

/** Result of `diff`: only these fields cross the wire from the dynamic provider host. */
export interface DiffResult {
    changes: DiffChanges;
    replaces: string[];
    /** Always empty from the dynamic provider host (it drops `stables`). */
    stables: string[];
    deleteBeforeReplace: boolean;
    hasDetailedDiff: boolean;
}

/** Arguments of `create`. */
export interface CreateArgs {
    urn: string;
    properties: PropertyMap;
    /** Preview: the engine does not send Create to a host without `supportsPreview`; inputs come back as outputs. */
    preview?: boolean;
    /** Seconds (custom timeouts); 0 = the provider's default. */
    timeout?: number;
}

/** Result of `create`. */
export interface CreateResult {
    /** `""` in preview. */
    id: string;
    outs: PropertyMap;
    /** False when the engine would not have sent the call (preview). */
    sent: boolean;
}

/** Arguments of `read`. */
export interface ReadArgs {
    urn: string;
    id: string;
    /** Prior outputs (refresh) or the program's properties (a `get` by `opts.id`); `{}` for an import. */
    state?: PropertyMap;
    inputs?: PropertyMap;
}

/** Result of `read`. */
export interface ReadResult {
    /** `""` when the provider reports the object gone. */
    id: string;
    outs: PropertyMap;
    /** Present when the provider returned inputs: they replace the stored inputs. */
    inputs?: PropertyMap;
}

/** Arguments of `update`: what `diff` was given, and a timeout. */
export interface UpdateArgs extends DiffArgs {
    timeout?: number;
}

/** Result of `update`. */
export interface UpdateResult {
    outs: PropertyMap;
    sent: boolean;
}

/** Arguments of `delete`. */
export interface DeleteArgs {
    urn: string;
    id: string;
    oldInputs: PropertyMap;
    /** Prior outputs: the host finds `__provider` here, so delete runs the code saved in state. */
    outputs: PropertyMap;
    timeout?: number;
}

/** One gRPC call made to the host, for tests asserting which calls the engine would send. */
export interface HostCall {
    method: string;
    ok: boolean;
    ms: number;
}
