/**
 * A token the plugin does not serve: the engine asked for a resource or function of another version. Apart from
 * operations.ts, which throws it, so that server.ts can tell it (INVALID_ARGUMENT) without loading the operations.
 */
export class UnknownTokenError extends Error {
    override readonly name = "UnknownTokenError";
}
