import { strict as assert } from "node:assert";
import { isAuthenticationError } from "../../provider/core/errors/errors";
import { createServiceClient, type ServiceClientOptions } from "../../provider/core/http/http";
import { recordingSleep, ScriptedServer } from "./scriptedServer";
import { rejection } from "../support/rejection";
import { devopsService } from "../../provider/devops/devopsService";
import { graphService } from "../../provider/entra/graphService";

const server = new ScriptedServer();

/** An authorizer that hands out a new token on every forced refresh, and records the calls. */
function tokens(): { calls: boolean[]; authorize: ServiceClientOptions["authorize"] } {
    const calls: boolean[] = [];
    return {
        calls,
        authorize: async ({ forceRefresh }) => {
            calls.push(forceRefresh);
            return `Bearer token-${calls.filter(Boolean).length + 1}`;
        },
    };
}

function client(extra: Partial<ServiceClientOptions> = {}) {
    return createServiceClient({
        profile: graphService,
        baseUrl: server.baseUrl(),
        authorize: tokens().authorize,
        sleep: recordingSleep().sleep,
        retry: { baseDelayMs: 1 },
        ...extra,
    });
}

describe("service client: requests and responses", () => {
    before(() => server.start());
    after(() => server.close());
    afterEach(() => server.verify());

    it("encodes every path segment, so a guest UPN reaches the server intact", async () => {
        server.script({ status: 200, body: { value: [] } });
        const graph = client();
        const res = await graph.request({
            method: "GET",
            path: ["v1.0", "users", "ann_contoso.com#EXT#@fabrikam.onmicrosoft.com", "authentication", "temporaryAccessPassMethods"],
        });
        assert.deepEqual(res.data, { value: [] });
        assert.equal(
            server.seen[0]!.url.replace(/^\/t\d+/, ""),
            "/v1.0/users/ann_contoso.com%23EXT%23%40fabrikam.onmicrosoft.com/authentication/temporaryAccessPassMethods",
        );
    });

    it("keeps the base URL's path prefix and encodes query values, leaving out undefined ones", async () => {
        server.script({ status: 200, body: {} });
        const graph = createServiceClient({ profile: devopsService, baseUrl: `${server.baseUrl()}/devops/`, authorize: tokens().authorize });
        await graph.request({
            method: "GET",
            path: ["fabrikam", "_apis", "git", "repositories", "web app", "pushes", 42],
            query: { "api-version": "7.1", includeCommits: 10, includeRefUpdates: true, $top: undefined, searchCriteria: "a&b=c" },
        });
        assert.match(
            server.seen[0]!.url,
            /^\/t\d+\/devops\/fabrikam\/_apis\/git\/repositories\/web%20app\/pushes\/42\?api-version=7\.1&includeCommits=10&includeRefUpdates=true&searchCriteria=a%26b%3Dc$/,
        );
    });

    it("refuses `..` and empty segments instead of addressing another object", async () => {
        const graph = client();
        await assert.rejects(graph.request({ method: "GET", path: ["v1.0", "users", ".."] }), /path segment 2 is "\.\."/);
        await assert.rejects(graph.request({ method: "GET", path: ["v1.0", "users", ""] }), /path segment 2 is empty/);
    });

    it("sends the Authorization header, a uuid client-request-id, Accept and a JSON body", async () => {
        server.script({ status: 201, headers: { "request-id": "srv-1" }, body: { id: "new" } });
        const res = await client().request<{ id: string }>({ method: "POST", path: ["v1.0", "things"], body: { name: "x" } });
        const seen = server.seen[0]!;
        assert.equal(seen.headers.authorization, "Bearer token-1");
        assert.match(String(seen.headers["client-request-id"]), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        assert.equal(seen.headers.accept, "application/json");
        assert.equal(seen.headers["content-type"], "application/json");
        assert.deepEqual(JSON.parse(seen.body.toString()), { name: "x" });
        assert.deepEqual(
            { status: res.status, data: res.data, requestId: res.requestId, clientRequestId: res.clientRequestId },
            { status: 201, data: { id: "new" }, requestId: "srv-1", clientRequestId: seen.headers["client-request-id"] },
        );
    });

    it("sends bytes as they are and returns bytes for responseType buffer", async () => {
        const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]);
        server.script({ status: 204 }, { status: 200, headers: { "content-type": "image/png" }, body: png });
        const graph = client();
        const put = await graph.request({ method: "PUT", path: ["v1.0", "logo"], body: png, headers: { "Content-Type": "image/png" } });
        assert.equal(put.data, undefined);
        const got = await graph.request<Buffer>({ method: "GET", path: ["v1.0", "logo"], responseType: "buffer" });
        assert.deepEqual(server.seen[0]!.body, png);
        assert.equal(server.seen[0]!.headers["content-type"], "image/png");
        assert.deepEqual(got.data, png);
    });

    it("throws a NotFoundError for 404 unless 404 is an ok status", async () => {
        const notFound = {
            status: 404,
            headers: { "request-id": "r-404" },
            body: { error: { code: "Request_ResourceNotFound", message: "Resource 'x' does not exist." } },
        };
        server.script(notFound, notFound);
        const graph = client();
        const err = await rejection(graph.request({ method: "GET", path: ["v1.0", "users", "x"], operation: "read user" }));
        assert.equal(err.name, "NotFoundError");
        assert.match(
            err.message,
            /^read user: graph GET \/v1\.0\/users\/x failed: 404 Request_ResourceNotFound: Resource 'x' does not exist\. \(request-id r-404, client-request-id [0-9a-f-]{36}\)\./,
        );
        const ok = await graph.request({ method: "DELETE", path: ["v1.0", "users", "x"], okStatuses: [404] });
        assert.equal(ok.status, 404);
    });

    it("answers a 2xx whose body is not JSON with InvalidResponse, retried once for a GET", async () => {
        server.script(
            { status: 200, headers: { "content-type": "text/plain" }, body: "{oops" },
            { status: 200, headers: { "content-type": "application/json" }, body: "{oops" },
        );
        const err = await rejection(client({ retry: { baseDelayMs: 1, maxAttempts: 2 } }).request({ method: "GET", path: ["v1.0", "me"] }));
        assert.equal(err.code, "InvalidResponse");
        assert.equal(err.attempts, 2);
        assert.match(err.message, /failed after 2 attempts: 200 InvalidResponse: the body is not valid JSON \(application\/json\): \{oops/);
    });

    it("answers an HTML page where JSON was expected with an error naming the page", async () => {
        server.script({
            status: 200,
            headers: { "content-type": "text/html; charset=utf-8" },
            body: "<html><head><title>Proxy notice</title></head></html>",
        });
        const err = await rejection(client().request({ method: "POST", path: ["v1.0", "x"], body: {} }));
        assert.equal(err.code, "InvalidResponse");
        assert.match(err.message, /expected JSON, got an HTML page titled "Proxy notice"/);
    });

    it("refreshes the token once on 401 and succeeds with the new one", async () => {
        server.script(
            { status: 401, body: { error: { code: "InvalidAuthenticationToken", message: "Lifetime validation failed, the token is expired." } } },
            { status: 200, body: { ok: true } },
        );
        const auth = tokens();
        const res = await client({ authorize: auth.authorize }).request({ method: "GET", path: ["v1.0", "me"] });
        assert.deepEqual(res.data, { ok: true });
        assert.deepEqual(auth.calls, [false, true]);
        assert.deepEqual(
            server.seen.map((s) => s.headers.authorization),
            ["Bearer token-1", "Bearer token-2"],
        );
    });

    it("gives up with an AuthenticationError when the refreshed token is refused too", async () => {
        const refused = { status: 401, body: { error: { code: "InvalidAuthenticationToken", message: "Access token validation failure." } } };
        server.script(refused, refused);
        const auth = tokens();
        const err = await rejection(
            client({ authorize: auth.authorize, credentialSource: "static token tenantkit:graphToken" }).request({
                method: "GET",
                path: ["v1.0", "me"],
            }),
        );
        assert.ok(isAuthenticationError(err));
        assert.deepEqual(auth.calls, [false, true]);
        assert.match(
            err.message,
            /failed after 2 attempts: 401 InvalidAuthenticationToken: .* Next: the service refused the static token tenantkit:graphToken; /,
        );
        assert.doesNotMatch(err.message, /token-\d/);
    });

    it("sends a credential that cannot be refreshed (a PAT, a static token) once: a 401 is final", async () => {
        server.script({ status: 401, body: { error: { code: "InvalidAuthenticationToken", message: "Access token validation failure." } } });
        const auth = tokens();
        const err = await rejection(
            client({ authorize: auth.authorize, refreshable: false, credentialSource: "static token tenantkit:graphToken" }).request({
                method: "GET",
                path: ["v1.0", "me"],
            }),
        );
        assert.equal(err.name, "AuthenticationError");
        assert.equal(err.attempts, 1);
        assert.deepEqual(auth.calls, [false]);
        assert.equal(server.seen.length, 1);
        assert.match(err.message, /Next: the service refused the static token tenantkit:graphToken; /);
    });

    it("takes a 200 HTML page from Graph for a broken answer, not a sign-in page, and sends no Azure DevOps header", async () => {
        const page = { status: 200, headers: { "content-type": "text/html" }, body: "<html><head><title>Gateway</title></head></html>" };
        server.script(page, page, page, page, page);
        const err = await rejection(client().request({ method: "GET", path: ["v1.0", "me"] }));
        assert.equal(err.code, "InvalidResponse");
        assert.equal(server.seen[0]!.headers["x-tfs-fedauthredirect"], undefined);
    });

    it("treats Azure DevOps' 203 sign-in page as an authentication failure, and asks it not to redirect", async () => {
        const signIn = {
            status: 203,
            headers: { "content-type": "text/html" },
            body: "<html><head><title>Azure DevOps Services | Sign In</title></head></html>",
        };
        server.script(signIn, signIn);
        const devops = createServiceClient({ profile: devopsService, baseUrl: server.baseUrl(), authorize: async () => "Basic OnBhdA==" });
        const err = await rejection(devops.request({ method: "GET", path: ["fabrikam", "_apis", "projects"] }));
        assert.equal(err.name, "AuthenticationError");
        assert.equal(err.code, "SignInPage");
        assert.match(err.message, /the service answered with an HTML page titled "Azure DevOps Services \| Sign In" instead of data/);
        assert.equal(server.seen[0]!.headers["x-tfs-fedauthredirect"], "Suppress");
    });

    it("reports a redirect as a failure instead of following it", async () => {
        server.script({ status: 302, headers: { location: "https://elsewhere.example/x" } });
        const err = await rejection(client().request({ method: "GET", path: ["v1.0", "me"] }));
        assert.equal(err.status, 302);
        assert.equal(server.seen.length, 1);
    });
});

describe("service client: the documented shape of a body", () => {
    before(() => server.start());
    after(() => server.close());
    afterEach(() => server.verify());

    it("a 2xx body of the wrong shape is an InvalidResponse ApiError naming the field and the request id", async () => {
        const shape = {
            safeParse: (v: unknown) =>
                typeof (v as { pushId?: unknown }).pushId === "number"
                    ? { success: true as const, data: v }
                    : { success: false as const, error: { issues: [{ path: ["pushId"], message: "expected number" }] } },
        };
        server.script({ status: 200, body: { pushId: "23" }, headers: { "request-id": "req-shape-1" } });
        const err = await rejection(
            client({ retry: { baseDelayMs: 1, maxAttempts: 1 } }).request({ method: "GET", path: ["v1.0", "x"], schema: shape }),
        );
        assert.equal((err as { code?: string }).code, "InvalidResponse", (err as Error).message);
        assert.equal((err as { requestId?: string }).requestId, "req-shape-1");
        assert.match((err as Error).message, /not the documented shape \(pushId: expected number\)/);
    });
});
