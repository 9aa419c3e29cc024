/**
 * Regression (issue 37): a secret branding text leaked into state in plain text. Create and Update of a localization
 * (or the default branding) with `signInPageText: secret(...)` answered `signInPageText` secret, but `observed`
 * (what Graph showed after the write) and `prior` (what destroy restores) held the same text in plain text, and the
 * engine stores what it is not told is secret unencrypted. Found by a test draft that looked for the text in every
 * other property of Update's answer. Every property that holds a copy of it is now answered secret.
 */
import { strict as assert } from "node:assert";
import { outputSeeding } from "../../../provider/core/model/definition";
import { organizationalBranding } from "../../../provider/entra/branding/definition";
import { organizationalBrandingLocalization } from "../../../provider/entra/brandingLocalization/definition";
import { IDS, useEmulator } from "../../support/emulator";
import { isSecret, secret, type Props } from "./client";
import { configureEachTest, useProgramPlugin, LOCALIZATION } from "./fixtures";

const BRANDING = "tenantkit:entra:OrganizationalBranding";
const TEXT = "Salut secret";

/** The properties of an answer whose value holds `text` without being secret. */
const plainCopies = (answer: Props, text: string) =>
    Object.entries(answer)
        .filter(([, v]) => !isSecret(v) && JSON.stringify(v).includes(text))
        .map(([k, v]) => `${k}: ${JSON.stringify(v)}`);

describe("regression: a secret branding text has no plain-text copy in state", () => {
    const fx = useEmulator();
    const p = useProgramPlugin("secret-copies");
    configureEachTest(fx, () => p.client);

    const created = async (type: string, news: Props) => {
        const checked = await p.client.check({ type, news });
        assert.deepEqual(checked.failures, []);
        return { inputs: checked.inputs, ...(await p.client.create({ type, properties: checked.inputs })) };
    };

    it("Create of a localization with a secret signInPageText answers every copy of it secret", async () => {
        const c = await created(LOCALIZATION, { locale: "fr-FR", signInPageText: secret(TEXT) });
        assert.deepEqual(plainCopies(c.properties, TEXT), []);
    });

    it("Update of a localization to a secret signInPageText answers every copy of it secret", async () => {
        const c = await created(LOCALIZATION, { locale: "fr-FR", signInPageText: "Salut" });
        const news = (await p.client.check({ type: LOCALIZATION, olds: c.inputs, news: { locale: "fr-FR", signInPageText: secret(TEXT) } })).inputs;
        const updated = await p.client.update({ type: LOCALIZATION, id: c.id, olds: c.properties, news, oldInputs: c.inputs });
        assert.deepEqual(plainCopies(updated, TEXT), []);
    });

    it("the default branding, taken over while the tenant already shows the secret text, answers its prior secret too", async () => {
        await fx.emu.admin.updateBranding(IDS.tenantId, "0", { signInPageText: TEXT }, { create: true });
        const c = await created(BRANDING, { signInPageText: secret(TEXT), adopt: true });
        assert.deepEqual(plainCopies(c.properties, TEXT), []);
    });

    it("the dynamic resources' classes store the same properties as secrets", () => {
        for (const d of [organizationalBranding, organizationalBrandingLocalization]) {
            assert.ok(outputSeeding(d).secret.includes("prior"), `${d.token}: prior is stored in plain text`);
            assert.ok(outputSeeding(d).secret.includes("observed"), `${d.token}: observed is stored in plain text`);
        }
    });
});
