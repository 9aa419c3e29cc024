/**
 * What the HTTP client must know of one API that core cannot know: how its error bodies read, which header carries
 * its request id, the headers it needs on every request and how it says "sign in" instead of answering. Each service
 * folder (entra, powerbi, devops) declares its own profile, and api.ts passes it to `session.client`; core stays
 * free of any one service's conventions.
 */
import type { ServiceErrorBody } from "./errorBodies";
import type { ApiService } from "../model/patterns";

/** How to read a service's failed answers: the error body and the request id header. */
export interface ErrorReading {
    /** Response headers that carry the service's request id, most specific first (lower case). */
    readonly requestIdHeaders: readonly string[];
    /** Reads an error body; tolerant of any body (JSON, HTML, text, empty), unknown shapes give empty fields. */
    parseError(body: unknown, headers: unknown): ServiceErrorBody;
}

/** One API the provider calls. */
export interface ServiceProfile extends ErrorReading {
    /** Which endpoint setting, credential and shared limiter the service uses. */
    readonly name: ApiService;
    /** Headers sent on every request to the service (before the caller's own). */
    readonly headers?: Readonly<Record<string, string>>;
    /**
     * Whether an answer the client would otherwise take as data is the service's sign-in page (an authentication
     * failure). The client already treats every 203 and every redirect to a sign-in or login URL so.
     */
    isSignInAnswer?(status: number, headers: Readonly<Record<string, string>>): boolean;
}
