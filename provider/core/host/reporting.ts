/**
 * How a handler's failure reaches the user through the provider host, once and plainly:
 * - once per cause: when every resource of a stack fails for one reason (a refused client secret during `pulumi
 *   refresh`, invalid settings), the first failure carries the whole message and the others name it in one line,
 *   instead of the same paragraphs for every resource;
 * - without the host's echo: `@pulumi/pulumi/cmd/dynamic-provider` prints `${error}: ${error.stack}` to stderr for
 *   every failed check, diff, read and delete, and the engine shows that beside the error it reports, so each failure
 *   appeared twice, once with a stack trace of tenantkit's own frames. A complete message needs neither.
 */
import { isApiError } from "../errors/errors";
import { isOperationStopped } from "../http/operation";

/** Ends the `stack` of an error whose message is complete; the host's echo of it is dropped. */
const ECHO_MARK = "\u2063tenantkit: reported\u2063";

/** Marks `err` as complete in its message: the provider host's stderr echo of it is not shown. */
export function complete<E extends Error>(err: E): E {
    Object.defineProperty(err, "stack", { value: `${err.name}: ${err.message}\n${ECHO_MARK}`, configurable: true, writable: true });
    return err;
}

const FILTER = Symbol("tenantkit: drops the provider host's echoes");

/**
 * Drops the provider host's echo of errors marked {@link complete} from `console.error`; everything else is printed
 * as before. Installed in the provider host, where handlers run; once, over whatever `console.error` is then.
 */
export function dropHostEchoes(): void {
    if ((console.error as { [FILTER]?: true })[FILTER]) return;
    const print = console.error.bind(console);
    const filtered = (...args: unknown[]): void => {
        if (args.length === 1 && typeof args[0] === "string" && args[0].endsWith(ECHO_MARK)) return;
        print(...args);
    };
    console.error = Object.assign(filtered, { [FILTER]: true as const });
}

/** The resource each cause was first reported for, in this process (one provider host serves one deployment). The
 * engine names the resource of each failure, so a repeat says only what failed and where the whole story is. */
const firstReports = new Map<string, string>();

/**
 * What makes two failures the same cause: in one operation (the reads of a refresh, the creates of an up), a sign-in
 * refused or unreachable for one tenant, credential and authority (the token request's path names the tenant, the next
 * step the credential), or the same invalid settings. Failures of one resource's own request are never the same cause
 * as another's.
 */
function causeOf(err: unknown, operation: string): { key: string; summary: string } | undefined {
    // A sign-in cut short by a cancellation or a timeout is that resource's own story, not a shared cause.
    if (isApiError(err) && err.service === "login" && !isOperationStopped(err)) {
        const code = [err.code, err.innerCode !== err.code ? err.innerCode : undefined].filter((c) => c !== undefined).join("/");
        const status = err.status === undefined ? "no answer" : String(err.status);
        return {
            key: [operation, "login", err.method, err.path, status, err.code, err.innerCode, err.nextStep].join("\u0000"),
            summary: `signing in failed (${status}${code ? ` ${code}` : ""})`,
        };
    }
    if (err instanceof Error && (err.name === "SettingsError" || err.name === "ConnectionError" || err.name === "StackConfigError")) {
        return { key: `${operation}\u0000${err.name}\u0000${err.message}`, summary: "the tenantkit settings are invalid" };
    }
    return undefined;
}

/**
 * The short message for a failure whose cause was already reported in full for another resource, or undefined when
 * this is the first report of it (or a failure of its own). Records the first report.
 */
export function repeatOf(err: unknown, operation: string, where: string): string | undefined {
    const cause = causeOf(err, operation);
    if (cause === undefined) return undefined;
    const first = firstReports.get(cause.key);
    if (first === undefined) {
        firstReports.set(cause.key, where);
        return undefined;
    }
    return `${operation} failed: ${cause.summary}, as reported in full for ${first}`;
}
