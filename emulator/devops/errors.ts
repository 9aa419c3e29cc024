/**
 * Azure DevOps' error shape, `{"$id","innerException","message","typeName","typeKey","errorCode","eventId"}`
 * (test/fixtures/conformance/azdo-error-400.response.json), the exception names and TF codes of the push lookup, and the
 * HTML sign-in page the service answers (203) to a request without usable credentials.
 */
import { randomUUID } from "node:crypto";
import { jsonReply, type Reply, type RequestContext } from "../http/http";
import { reasonPhrase, type ErrorSpec } from "../http/services";

/** The resource and namespace the TF400733 message of the emulator's rate limit names. */
export const RATE_LIMIT_RESOURCE = "Emulator";
export const RATE_LIMIT_NAMESPACE = "User";

/** The TF400733 message of a blocked request (azure-devops-docs integrate/concepts/rate-limits.md). */
export const BLOCKED_MESSAGE =
    "TF400733: The request has been canceled: Request was blocked due to exceeding usage of resource " +
    `'${RATE_LIMIT_RESOURCE}' in namespace '${RATE_LIMIT_NAMESPACE}'.`;

/** The assembly each exception lives in, for `typeName` (the WebApi one when not listed). */
const NAMESPACES: Readonly<Record<string, string>> = {
    ProjectDoesNotExistWithNameException: "Microsoft.TeamFoundation.Core.WebApi",
    GitRepositoryNotFoundException: "Microsoft.TeamFoundation.Git.Server",
    GitPushNotFoundException: "Microsoft.TeamFoundation.Git.Server",
};

/** An error a devops handler throws; the service renders it in its error shape. */
export class DevOpsFailure extends Error {
    override readonly name = "DevOpsFailure";
    constructor(
        readonly status: number,
        readonly typeKey: string,
        message: string,
        readonly headers: Record<string, string> = {},
    ) {
        super(message);
    }

    /** The failure as the service answers it. */
    reply(): Reply {
        return devOpsErrorBody(this.status, this.typeKey, this.message, this.headers);
    }
}

/** The error body of a status, exception name and message. */
export function devOpsErrorBody(status: number, typeKey: string, message: string, headers: Record<string, string> = {}): Reply {
    const assembly = NAMESPACES[typeKey] ?? "Microsoft.VisualStudio.Services.WebApi";
    const body = {
        $id: "1",
        innerException: null,
        message,
        typeName: `${assembly}.${typeKey}, ${assembly}`,
        typeKey,
        errorCode: 0,
        eventId: 3000,
    };
    return jsonReply(status, body, headers);
}

/** The service's `errorReply`: unknown routes, injected faults and the generic throttle. */
export function devOpsError(_ctx: RequestContext, spec: ErrorSpec): Reply {
    const typeKey =
        spec.code ??
        (spec.status === 404
            ? "VssResourceNotFoundException"
            : spec.status === 429
              ? "RequestBlockedException"
              : spec.status === 401
                ? "UnauthorizedRequestException"
                : "VssServiceException");
    const message = spec.message ?? (spec.status === 429 ? BLOCKED_MESSAGE : reasonPhrase(spec.status));
    return devOpsErrorBody(spec.status, typeKey, message, { ...spec.headers });
}

/** Headers of every devops response (the service sends both on errors too). */
export function devOpsHeaders(): Record<string, string> {
    return { activityid: randomUUID(), "x-tfs-session": randomUUID() };
}

/** TF200016 for a project that does not exist (name or id as the path gave it). */
export function projectNotFound(project: string): DevOpsFailure {
    return new DevOpsFailure(
        404,
        "ProjectDoesNotExistWithNameException",
        `TF200016: The following project does not exist: ${project}. Verify that the name of the project is correct and that the project exists on the specified Azure DevOps Server.`,
    );
}

/** TF401019 for a repository that does not exist (or, without a project, whose name is not unique). */
export function repositoryNotFound(repository: string): DevOpsFailure {
    return new DevOpsFailure(
        404,
        "GitRepositoryNotFoundException",
        `TF401019: The Git repository with name or identifier ${repository} does not exist or you do not have permissions for the operation you are attempting.`,
    );
}

/** A push that does not exist. The TF code is the emulator's pick: no payload of this error was found. */
export function pushNotFound(pushId: string, repository: string): DevOpsFailure {
    return new DevOpsFailure(
        404,
        "GitPushNotFoundException",
        `TF401180: The requested push ${pushId} could not be found in repository ${repository}.`,
    );
}

/** An organization that does not exist (message approximate; dev.azure.com answers 404). */
export function organizationNotFound(organization: string): DevOpsFailure {
    return new DevOpsFailure(404, "OrganizationNotFoundException", `The organization '${organization}' does not exist.`);
}

/**
 * The answer to a request without usable credentials when the client did not send
 * `X-TFS-FedAuthRedirect: Suppress`: 203 with an HTML sign-in page (community reports: vsts-rest-api-specs
 * #97 and #574), which a JSON client must treat as an authentication failure.
 */
export function signInPage(organization: string): Reply {
    const html =
        "<!DOCTYPE html><html><head><title>Azure DevOps Services | Sign In</title></head><body>" +
        `<p>Sign in to continue to ${escapeHtml(organization)}.</p>` +
        `<a href="https://app.vssps.visualstudio.com/_signin">Sign in</a></body></html>`;
    return { status: 203, headers: { "content-type": "text/html; charset=utf-8" }, body: html };
}

/** TF400813, with the suppress header: the JSON 401 (Azure SDK for C++ PR #6019). */
export function anonymousRefused(): DevOpsFailure {
    return new DevOpsFailure(
        401,
        "UnauthorizedRequestException",
        "TF400813: Resource not available for anonymous access. Client authentication required.",
    );
}

function escapeHtml(text: string): string {
    return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
