/**
 * The stack config check (core/settings/stackConfig.ts): keys tenantkit does not know and credentials in plain text stop the
 * program with the command that fixes each, before anything is sent or saved.
 */
import { strict as assert } from "node:assert";
import { nearestWord } from "../../provider/core/model/nearest";
import { connectionKeyProblems, stackConfigProblems, STACK_CONFIG_KEYS } from "../../provider/core/settings/stackConfig";
import { connectionSettings } from "../../provider/core/settings/connection";
import type { Connection } from "../../provider/core/settings/connectionTypes";

const secretKeys =
    (...keys: string[]) =>
    (key: string) =>
        keys.includes(key);

describe("stack config check", () => {
    it("names the key a misspelled one most likely meant, with the command that renames it", () => {
        assert.deepEqual(stackConfigProblems({ "tenantkit:emulater": "http://127.0.0.1:8787" }, secretKeys()), [
            'tenantkit:emulater is not a tenantkit setting: did you mean tenantkit:emulator? Rename it with `pulumi config set tenantkit:emulator "$(pulumi config get tenantkit:emulater)" && pulumi config rm tenantkit:emulater`',
        ]);
    });

    it("takes a key that differs only in letter case for the known one", () => {
        const [problem] = stackConfigProblems({ "tenantkit:tenantID": "contoso.onmicrosoft.com", "tenantkit:tenantId": "x" }, secretKeys());
        assert.match(problem!, /^tenantkit:tenantID is not a tenantkit setting: did you mean tenantkit:tenantId\?/);
    });

    it("renames a misspelled credential as a secret", () => {
        const [problem] = stackConfigProblems({ "tenantkit:clientSecrt": "s" }, secretKeys("tenantkit:clientSecrt"));
        assert.match(problem!, /`pulumi config set --secret tenantkit:clientSecret "\$\(pulumi config get tenantkit:clientSecrt\)"/);
    });

    it("lists the settings when no known key is near", () => {
        const [problem] = stackConfigProblems({ "tenantkit:subscription": "x" }, secretKeys());
        assert.match(problem!, /^tenantkit:subscription is not a tenantkit setting \(they are: cloud, tenantId, .*quotaWarnAt\): remove it/);
    });

    it("refuses every credential of the settings table in plain text, with the command that makes it a secret", () => {
        const plain = {
            "tenantkit:clientSecret": "a",
            "tenantkit:graphToken": "b",
            "tenantkit:powerBiToken": "c",
            "tenantkit:devopsToken": "d",
            "tenantkit:devopsPat": "e",
        };
        const problems = stackConfigProblems(plain, secretKeys());
        assert.equal(problems.length, 5);
        assert.equal(
            problems.find((p) => p.startsWith("tenantkit:clientSecret")),
            'tenantkit:clientSecret is stored in plain text (in Pulumi.<stack>.yaml, and the state would copy it): make it a secret with `pulumi config set --secret tenantkit:clientSecret "$(pulumi config get tenantkit:clientSecret)"`; if that file was shared or committed, rotate the credential',
        );
        for (const p of problems) assert.ok(!/: "?[a-e]"?$/.test(p), "a value is never shown");
    });

    it("accepts credentials stored as secrets, the quota keys and other namespaces", () => {
        const config = {
            "tenantkit:clientSecret": "a",
            "tenantkit:devopsPat": "b",
            "tenantkit:tenantId": "contoso.onmicrosoft.com",
            "tenantkit:quotaExisting": "{}",
            "tenantkit:quotaWarnAt": "0.8",
            "azure-native:location": "westeurope",
            "myproject:emulater": "anything",
        };
        assert.deepEqual(stackConfigProblems(config, secretKeys("tenantkit:clientSecret", "tenantkit:devopsPat")), []);
    });

    it("knows every setting and the quota keys", () => {
        assert.ok(STACK_CONFIG_KEYS.includes("emulator") && STACK_CONFIG_KEYS.includes("quotaExisting"));
    });

    it("finds no near key for a word that is merely short", () => {
        assert.equal(nearestWord("foo", STACK_CONFIG_KEYS), undefined);
        assert.equal(nearestWord("clientid", STACK_CONFIG_KEYS), "clientId");
        assert.equal(nearestWord("grpahToken", STACK_CONFIG_KEYS), "graphToken");
    });

    it("names an unknown key of a connection with the one it most likely meant", () => {
        assert.deepEqual(connectionKeyProblems({ tenantID: "x", clientId: "y" }), [
            "connection.tenantID: not a connection setting; did you mean connection.tenantId?",
        ]);
    });

    it("refuses a connection with an unknown key before resolving it", () => {
        const connection = { emulater: "http://127.0.0.1:8787", tenantId: "contoso.onmicrosoft.com" } as unknown as Connection;
        assert.throws(() => connectionSettings(connection), /connection\.emulater: not a connection setting; did you mean connection\.emulator\?/);
    });
});
