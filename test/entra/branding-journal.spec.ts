/**
 * The branding journal's decisions (provider/entra/organizationalBranding/journal.ts), where the engine-harness crash tests
 * (test/reliability/crash.spec.ts) cannot reach cheaply: what counts as "written by the interrupted run", where the
 * file goes for identifiers that are not file-name safe, and a journal that cannot be read.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { journalOf, journalPath, readJournal, recoverPrior, type Journal } from "../../provider/entra/organizationalBranding/journal";
import type { Prior } from "../../provider/entra/organizationalBranding/state";

const ORG = "7d3f1c2a-5b9e-4f61-8a2d-0c4e6b8f9a10";
const image = (sha256: string) => ({ sha256, size: 3, contentType: "image/png", data: "AAAA" });

describe("branding journal", () => {
    let dir = "";
    before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-journal-"))));
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    const original: Prior = {
        existed: true,
        values: { signInPageText: "Contoso", loginPageTextVisibilitySettings: { hideForgotMyPassword: false, hideAccountResetCredentials: true } },
        images: { bannerLogo: image("original"), squareLogo: null },
    };
    const journal: Journal = journalOf({
        organizationId: ORG,
        locale: "0",
        prior: original,
        intended: {
            values: { signInPageText: "Program text", loginPageTextVisibilitySettings: { hideForgotMyPassword: true } },
            images: { bannerLogo: "program", squareLogo: "program-square" },
        },
        revert: [],
        now: new Date("2026-01-01T00:00:00Z"),
    });
    const managed = ["signInPageText", "loginPageTextVisibilitySettings", "bannerLogo", "squareLogo"] as const;

    it("takes the journal's prior where the tenant shows what was being written, merged complex values and case included", () => {
        const live: Prior = {
            existed: true,
            values: {
                signInPageText: "PROGRAM TEXT ",
                loginPageTextVisibilitySettings: { hideForgotMyPassword: true, hideAccountResetCredentials: true },
            },
            images: { bannerLogo: image("program"), squareLogo: image("program-square") },
        };
        assert.deepEqual(recoverPrior({ journal, live, managed: [...managed] }), { prior: original, revert: [] });
    });

    it("keeps the live value of a property changed since, and of one never written", () => {
        const live: Prior = {
            existed: true,
            values: { signInPageText: "Changed in the portal", loginPageTextVisibilitySettings: original.values.loginPageTextVisibilitySettings! },
            images: { bannerLogo: image("someone else's"), squareLogo: null },
        };
        const { prior } = recoverPrior({ journal, live, managed: [...managed] });
        assert.deepEqual(prior.values, live.values);
        assert.deepEqual(prior.images, live.images);
    });

    it("gives back a written property the program no longer manages", () => {
        const live: Prior = { existed: true, values: { signInPageText: "Program text" }, images: { bannerLogo: image("program") } };
        const { prior, revert } = recoverPrior({ journal, live, managed: ["signInPageText"] });
        assert.deepEqual(prior.values, { signInPageText: "Contoso" });
        assert.deepEqual(
            revert.map((r) => [r.property, r.prior.images.bannerLogo?.sha256]),
            [["bannerLogo", "original"]],
        );
    });

    it("keeps a branding tenantkit was creating as tenantkit's only while every property is at its prior or written value", () => {
        const created = journalOf({
            organizationId: ORG,
            locale: "fr-FR",
            prior: { existed: false, values: { signInPageText: "" }, images: {} },
            intended: { values: { signInPageText: "Accès" }, images: {} },
            revert: [],
            now: new Date(),
        });
        const empty: Prior = { existed: true, values: { signInPageText: "" }, images: {} };
        assert.equal(recoverPrior({ journal: created, live: empty, managed: ["signInPageText"] }).prior.existed, false);
        const someoneElses: Prior = { existed: true, values: { signInPageText: "Bienvenue" }, images: {} };
        assert.equal(recoverPrior({ journal: created, live: someoneElses, managed: ["signInPageText"] }).prior.existed, true);
    });

    it("names the file after safe characters only, inside .tenantkit/journal", () => {
        const file = journalPath(dir, "../../etc", "fr-FR/../x");
        assert.equal(path.dirname(file), path.join(dir, ".tenantkit", "journal"));
        assert.equal(path.basename(file), "branding-______etc-fr-FR____x.json");
    });

    it("refuses a journal it cannot read instead of ignoring the only copy of the prior", () => {
        const file = journalPath(dir, ORG, "0");
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, "{ not json");
        assert.throws(
            () => readJournal(dir, ORG, "0"),
            /the branding journal .*branding-7d3f1c2a-.*-0\.json is not one tenantkit can read: .*delete the file and run again/,
        );
        assert.equal(readJournal(dir, ORG, "de-DE"), undefined, "no journal is no journal");
    });
});
