/**
 * A request the emulated service refuses as malformed. Its own module: the request parsers of every service throw it,
 * and the seed checks reuse those parsers, so it cannot live in http.ts without an import cycle through the state.
 */

/** Thrown by the body parsers (http.ts `parseJsonBody`, the branding PATCH); the dispatcher turns it into the service's 400. */
export class BadRequestError extends Error {
    override readonly name = "BadRequestError";
}
