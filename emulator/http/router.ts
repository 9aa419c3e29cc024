/**
 * A tiny router. Patterns are paths relative to a service prefix with `:name` segments, for example
 * `/v1.0/users/:user/authentication/temporaryAccessPassMethods`.
 *
 * The raw path is split on `/` before decoding, then each parameter is decoded exactly once: a guest UPN
 * sent as `ann_contoso.com%23EXT%23@fabrikam.onmicrosoft.com` arrives as `ann_contoso.com#EXT#@...`, and an
 * encoded slash stays inside its segment. Literal segments compare case-insensitively because Graph and
 * the Entra endpoints treat path names that way (`/Users/{id}` works as well as `/users/{id}`).
 */
import type { RouteHandler, RouteParams } from "./http";

interface Route {
    readonly method: string;
    readonly segments: readonly string[];
    readonly handler: RouteHandler;
}

/** The outcome of {@link Router.match}. */
export type RouteMatch =
    | { readonly kind: "found"; readonly handler: RouteHandler; readonly params: RouteParams }
    | { readonly kind: "methodNotAllowed"; readonly allowed: readonly string[] }
    | { readonly kind: "notFound" };

/** Routes of one service, matched against the path without the service prefix. */
export class Router {
    private readonly routes: Route[] = [];

    /** Registers a handler; returns the router so registrations chain. */
    add(method: string, pattern: string, handler: RouteHandler): this {
        this.routes.push({ method: method.toUpperCase(), segments: splitPath(pattern), handler });
        return this;
    }

    /** Finds the route for a method and a raw (still encoded) path. */
    match(method: string, rawPath: string): RouteMatch {
        const segments = splitPath(rawPath);
        const allowed: string[] = [];
        for (const route of this.routes) {
            const params = matchSegments(route.segments, segments);
            if (params === undefined) continue;
            if (route.method === method.toUpperCase()) return { kind: "found", handler: route.handler, params };
            allowed.push(route.method);
        }
        return allowed.length > 0 ? { kind: "methodNotAllowed", allowed } : { kind: "notFound" };
    }
}

function splitPath(path: string): string[] {
    const trimmed = path.replace(/^\/+/, "").replace(/\/+$/, "");
    return trimmed === "" ? [] : trimmed.split("/");
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): RouteParams | undefined {
    if (pattern.length !== actual.length) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < pattern.length; i++) {
        const expected = pattern[i];
        const got = actual[i];
        if (expected.startsWith(":")) {
            const decoded = decodeOnce(got);
            if (decoded === undefined || decoded === "") return undefined;
            params[expected.slice(1)] = decoded;
        } else if (expected.toLowerCase() !== got.toLowerCase()) {
            return undefined;
        }
    }
    return params;
}

function decodeOnce(segment: string): string | undefined {
    try {
        return decodeURIComponent(segment);
    } catch {
        return undefined; // a malformed escape such as `%ZZ` names no resource
    }
}
