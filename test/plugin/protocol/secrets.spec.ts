/**
 * Secrets on every path of the plugin (issue 37 items 4 and 7), with the compiled plugin in a process of its own:
 * a failure half-way, a secret deep inside a property, and an invoke's secret argument.
 *
 * Found in issue 37, each by reading the server against the engine (which, since the plugin accepts secrets, stores
 * what the plugin answers and adds no mark of its own): a create that failed after a write answered its properties
 * without secret marks and without `connection`, so a secret input was stored in plain text and later reads ran with
 * the default provider; one nested secret made the whole top-level property secret; and an invoke answered a result
 * computed from a secret argument in plain text.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { solidPng } from "../../../emulator/seeds/png";
import { IDS, useEmulator } from "../../support/emulator";
import { fileAsset, isSecret, reveal, secret, type PluginCallError, type Props } from "./client";
import { configureEachTest, useProgramPlugin, DATASET, datasetInputs, GET_TAP, LOCALIZATION } from "./fixtures";

describe("secrets over gRPC, the compiled plugin in its own process", () => {
    const fx = useEmulator();
    const p = useProgramPlugin("secrets");
    configureEachTest(fx, () => p.client);

    /** A create whose image upload fails after the text was written: what the engine records from its error. */
    async function halfCreated(news: Props): Promise<Props> {
        fs.writeFileSync(path.join(p.dir(), "logo.png"), solidPng(200, 30, [0x30, 0x20, 0x10]));
        await fx.emu.admin.setFaults({ match: { service: "graph", method: "PUT", path: "bannerLogo" }, kind: "status", status: 400, times: 0 });
        const checked = await p.client.check({ type: LOCALIZATION, news: { locale: "fr-FR", bannerLogo: fileAsset("logo.png"), ...news } });
        assert.deepEqual(checked.failures, []);
        let recorded: Props | undefined;
        await assert.rejects(p.client.create({ type: LOCALIZATION, properties: checked.inputs }), (err: PluginCallError) => {
            recorded = err.initFailed?.properties;
            return true;
        });
        assert.ok(recorded, "no ErrorResourceInitFailed detail");
        return recorded;
    }

    it("a create that fails after a write answers a secret input still secret, in the state the engine records", async () => {
        const recorded = await halfCreated({ signInPageText: secret("Texte secret") });
        assert.ok(isSecret(recorded.signInPageText), "the secret text is recorded in plain text");
        assert.equal(reveal(recorded.signInPageText), "Texte secret");
    });

    it("a create that fails after a write keeps its connection, secret, so the next read signs in where it wrote", async () => {
        const connection = { emulator: fx.emu.url, tenantId: IDS.fabrikamDomain, clientId: IDS.fabrikamClientId, clientSecret: IDS.fabrikamClientSecret };
        const recorded = await halfCreated({ signInPageText: "Fabrikam", connection });
        assert.ok(isSecret(recorded.connection), "the connection is missing or in plain text");
        assert.deepEqual(reveal(recorded.connection), connection);
    });

    it("a secret column name stays a secret where it is; the rest of tables is answered in plain text", async () => {
        const news = datasetInputs(`Nested${Date.now()}`, {}, [
            { name: secret("HiddenColumn"), dataType: "Int64" },
            { name: "Shown", dataType: "string" },
        ]);
        const checked = await p.client.check({ type: DATASET, news });
        assert.deepEqual(checked.failures, []);
        const created = await p.client.create({ type: DATASET, properties: checked.inputs });
        for (const answer of [checked.inputs, created.properties]) {
            assert.ok(!isSecret(answer.tables), "one secret field made all of tables secret");
            const columns = (answer.tables as { columns: Props[] }[])[0]!.columns;
            assert.ok(isSecret(columns[0]!.name), "the secret column name was answered in plain text");
            assert.equal(reveal(columns[0]!.name), "HiddenColumn");
            assert.equal(columns[1]!.name, "Shown");
        }
    });

    it("an invoke's result computed from a secret argument is secret", async () => {
        const r = await p.client.invoke(GET_TAP, { user: secret(IDS.aliceUpn) });
        assert.deepEqual(r.failures, []);
        assert.ok(isSecret(r.return?.user), "the user came back in plain text");
        assert.ok(isSecret(r.return?.userId), "the user's id came back in plain text");
        assert.equal(reveal(r.return?.userId), IDS.aliceId);
    });

    it("an invoke's secret connection alone does not make its result secret", async () => {
        const connection = secret({ emulator: fx.emu.url, tenantId: IDS.domain, clientId: IDS.quickstartClientId, clientSecret: IDS.quickstartClientSecret });
        const r = await p.client.invoke(GET_TAP, { user: IDS.aliceUpn, connection });
        assert.deepEqual(r.failures, []);
        assert.equal(r.return?.userId, IDS.aliceId);
    });
});
