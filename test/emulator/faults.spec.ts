import { strict as assert } from "node:assert";
import * as http from "node:http";
import type { FaultRule } from "../../emulator/client";
import { appToken, fetchAll, graphGet, IDS, postToken, tapPath, useEmulator } from "../support/emulator";

/** A GET through node:http, resolving with status and body or rejecting with the socket error. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
        const req = http.get(url, { headers, agent: false }, (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => (body += chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
            res.on("error", reject);
            res.on("aborted", () => reject(new Error("aborted")));
        });
        req.on("error", reject);
    });
}

describe("emulator fault injection", () => {
    const delays: number[] = [];
    const f = useEmulator({ sleep: async (ms) => void delays.push(ms) });
    let token: string;

    beforeEach(async () => {
        delays.length = 0;
        token = await appToken(f.emu);
        await f.emu.admin.clearRequests();
    });

    it("answers a status fault with Graph's 429 body and the Retry-After sent verbatim, once", async () => {
        await f.emu.admin.setFaults({ match: { service: "graph" }, kind: "status", status: 429, retryAfter: "2.128" });
        const res = await graphGet(f.emu, tapPath(IDS.aliceId), token);
        assert.equal(res.status, 429);
        assert.equal(res.headers.get("retry-after"), "2.128");
        assert.ok(res.headers.get("request-id"));
        const error = (res.json as { error: { code: string; message: string; innerError: Record<string, string> } }).error;
        assert.equal(error.code, "TooManyRequests");
        assert.equal(error.message, "Please retry again later.");
        assert.deepEqual([error.innerError.code, error.innerError.status, error.innerError.message], ["429", "429", "Please retry after"]);
        assert.equal((await graphGet(f.emu, tapPath(IDS.aliceId), token)).status, 200, "times defaults to 1");
        const log = await f.emu.admin.requests();
        assert.deepEqual(
            log.map((e) => [e.status, e.fault]),
            [
                [429, "status"],
                [200, undefined],
            ],
        );
    });

    it("sends a given body verbatim, and keeps answering while times lasts", async () => {
        await f.emu.admin.setFaults({ match: { method: "GET" }, kind: "status", status: 503, body: { oops: true }, times: 2 });
        for (let i = 0; i < 2; i++) {
            const res = await graphGet(f.emu, tapPath(IDS.aliceId), token);
            assert.deepEqual([res.status, res.json], [503, { oops: true }]);
        }
        assert.equal((await graphGet(f.emu, tapPath(IDS.aliceId), token)).status, 200);
        assert.deepEqual(await f.emu.admin.faults(), []);
    });

    it("keeps a times: 0 rule forever and only for requests its match selects", async () => {
        await f.emu.admin.setFaults({
            match: { service: "graph", path: "^/v1\\.0/users/[^/]+/authentication" },
            kind: "status",
            status: 500,
            times: 0,
        });
        for (let i = 0; i < 3; i++) assert.equal((await graphGet(f.emu, tapPath(IDS.bobId), token)).status, 500);
        assert.equal((await graphGet(f.emu, "/v1.0/me/authentication/temporaryAccessPassMethods", token)).status, 400, "other path");
        assert.equal((await postToken(f.emu, { grant_type: "client_credentials" })).status, 400, "other service");
        const [rule] = await f.emu.admin.faults();
        assert.deepEqual([rule.hits, rule.remaining], [3, null]);
    });

    it("answers a login status fault in Entra's error shape", async () => {
        await f.emu.admin.setFaults({ match: { service: "login" }, kind: "status", status: 503, retryAfter: "1" });
        const res = await postToken(f.emu, { grant_type: "client_credentials" });
        assert.equal(res.status, 503);
        assert.equal((res.json as { error: string }).error, "temporarily_unavailable");
    });

    it("delays by the injected sleep, then serves normally", async () => {
        await f.emu.admin.setFaults({ match: { service: "graph" }, kind: "delay", delayMs: 1500 });
        const res = await graphGet(f.emu, tapPath(IDS.aliceId), token);
        assert.equal(res.status, 200);
        assert.deepEqual(delays, [1500]);
        assert.equal((await f.emu.admin.requests())[0].fault, "delay");
    });

    it("resets the connection without a response", async () => {
        await f.emu.admin.setFaults({ match: {}, kind: "reset" });
        await assert.rejects(rawGet(`${f.emu.url}/graph${tapPath(IDS.aliceId)}`, { authorization: `Bearer ${token}` }), /socket hang up|ECONNRESET/);
        const [entry] = await f.emu.admin.requests();
        assert.deepEqual([entry.status, entry.fault], [0, "reset"]);
    });

    it("sends a 200 whose body is not JSON for a malformed fault", async () => {
        await f.emu.admin.setFaults({ match: {}, kind: "malformed" });
        const res = await graphGet(f.emu, tapPath(IDS.aliceId), token);
        assert.equal(res.status, 200);
        assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
        assert.throws(() => JSON.parse(res.text));
    });

    it("promises more bytes than it sends for a truncated fault, so reading the body fails", async () => {
        await f.emu.admin.setFaults({ match: {}, kind: "truncated" });
        await assert.rejects(rawGet(`${f.emu.url}/graph${tapPath(IDS.aliceId)}`), /aborted|ECONNRESET|socket hang up/);
    });

    it("serves an HTML sign-in page with the given status for an html fault", async () => {
        await f.emu.admin.setFaults({ match: { service: "devops" }, kind: "html", status: 203 });
        const res = await fetchAll(`${f.emu.url}/devops/fabrikam/_apis/projects`);
        assert.equal(res.status, 203);
        assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
        assert.match(res.text, /<title>Sign in to your account<\/title>/);
    });

    it("rejects an invalid rule with 400 naming every problem", async () => {
        await assert.rejects(
            f.emu.admin.setFaults(JSON.parse('{"match":{"service":"nope","path":"("},"kind":"explode","times":-1,"retry_after":"1"}') as FaultRule),
            (err: Error) => {
                for (const field of ["match.service", "match.path", "kind", "times", "retry_after"]) {
                    assert.match(err.message, new RegExp(`\\$\\.${field.replace(".", "\\.")}`));
                }
                assert.match(err.message, /retry_after: unknown property/);
                return /400/.test(err.message);
            },
        );
    });
});
