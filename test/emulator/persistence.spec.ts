import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator/server";
import { defaultSeed } from "../../emulator/seeds/default";
import { appToken, Clock, graphGet, IDS, T0, tapPath } from "../support/emulator";

describe("emulator persistence on a shared state file", () => {
    const clock = new Clock();
    let dir: string;
    let statePath: string;
    const running: RunningEmulator[] = [];

    async function start(seedAt: Date = T0): Promise<RunningEmulator> {
        const emu = await startEmulator({ statePath, now: clock.now, seed: defaultSeed(seedAt) });
        running.push(emu);
        return emu;
    }

    beforeEach(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-emu-"));
        statePath = path.join(dir, "state.json");
    });
    afterEach(async () => {
        await Promise.all(running.splice(0).map((emu) => emu.close()));
        fs.rmSync(dir, { recursive: true, force: true });
    });

    it("writes the seed and a token secret to a new state file", async () => {
        await start();
        const saved = JSON.parse(fs.readFileSync(statePath, "utf8")) as { tenants: Array<{ id: string }>; tokenSecret: string };
        assert.equal(saved.tenants[0].id, IDS.tenantId);
        assert.ok(saved.tokenSecret.length >= 32);
        assert.deepEqual(fs.readdirSync(dir).sort(), ["state.json", "state.json.tls.json"], "no temporary files left");
    });

    it("lets one emulator verify the tokens the other issued", async () => {
        const a = await start();
        const b = await start();
        const token = await appToken(a);
        assert.equal((await graphGet(b, tapPath(IDS.aliceId), token)).status, 200);
    });

    it("shows an out-of-band change made through one emulator on the other", async () => {
        const a = await start();
        const b = await start();
        const token = await appToken(b);
        assert.deepEqual((await graphGet(b, tapPath(IDS.bobId), token)).json, {
            "@odata.context": `https://graph.microsoft.com/v1.0/$metadata#users('${IDS.bobId}')/authentication/temporaryAccessPassMethods`,
            value: [],
        });
        const tap = await a.admin.setTemporaryAccessPass(IDS.domain, IDS.bobUpn, { lifetimeInMinutes: 120 });
        const after = (await graphGet(b, tapPath(IDS.bobId), token)).json as { value: Array<{ id: string; lifetimeInMinutes: number }> };
        assert.deepEqual(
            after.value.map((v) => [v.id, v.lifetimeInMinutes]),
            [[tap.id, 120]],
        );
        await b.admin.addUser(IDS.tenantId, { userPrincipalName: "carol@contoso.onmicrosoft.com" });
        assert.equal((await graphGet(a, tapPath("carol@contoso.onmicrosoft.com"), token)).status, 200);
    });

    it("restarts from the file, not the seed, and reuses the stored TLS certificate", async () => {
        const first = await start();
        await first.admin.deleteTemporaryAccessPass(IDS.tenantId, IDS.aliceId);
        const caPem = first.caPem;
        await first.close();
        const second = await start(new Date("2030-01-01T00:00:00Z"));
        const alice = (await second.admin.state()).tenants[0].users.find((u) => u.id === IDS.aliceId);
        assert.equal(alice?.temporaryAccessPass, null);
        assert.equal(second.caPem, caPem);
    });

    it("refuses to start on a damaged state file, naming the file and every problem", async () => {
        fs.writeFileSync(statePath, JSON.stringify({ tenants: [{ id: "not-a-guid", domains: [] }], tokenSecret: "x".repeat(32) }));
        await assert.rejects(start(), (err: Error) => {
            assert.match(err.message, /state file .*state\.json is invalid/);
            assert.match(err.message, /\$\.tenants\[0\]\.id: must be a GUID/);
            assert.match(err.message, /\$\.tenants\[0\]\.domains: must name at least one domain/);
            return true;
        });
    });
});
