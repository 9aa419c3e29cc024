/**
 * Differential: the provider's `check` and the emulator (written from the docs, emulator/store/branding/limits.ts) refuse
 * the same branding and localization inputs. From the hostile-input generators (valid, near-valid and garbage cases),
 * each input goes through the compiled handler's check; then every property the emulator judges (the JSON members of a
 * branding and a localization's id) is sent alone to the emulator as a Graph PATCH (POST for the id) with a Graph token,
 * whether check accepted it or not, and each checked-valid input is sent whole. Both sides must agree, except in the
 * cases named in {@link ON_PURPOSE}, where the provider is stricter on purpose (DESIGN.md, "Emulator", says why).
 * Images are never in a JSON body (the service takes them by PUT, one by one), so they are not compared; nor are
 * `onDestroy` and `organizationId`, which only the provider knows.
 */
import { strict as assert } from "node:assert";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import type * as pulumi from "@pulumi/pulumi";
import { brandingPath, graphCall, localePath } from "../emulator/branding-helpers";
import { appToken, useEmulator } from "../support/emulator";
import { type Case, type CheckReply, cases, describeCase, preview, UNKNOWN } from "./hostile-arbitraries";
import { brandingModel, localizationModel } from "./hostile-models";
import { compiledHandler, handlerConfig, IMAGE_PROPERTIES, useProgramFolder } from "./hostile-support";

const SEED = 20251126;
const RUNS = 200;

/** Members only the provider knows: never sent to the service. */
const PROVIDER_ONLY = new Set<string>(["onDestroy", "organizationId", ...IMAGE_PROPERTIES]);

const URLS = ["customAccountResetCredentialsUrl", "customPrivacyAndCookiesUrl", "customTermsOfUseUrl"];
/** The provider's reading of "without links or code" (provider schema), which the docs leave to the service. */
const LINK_OR_CODE = /(https?:\/\/|www\.|[<>{}`]|javascript:)/i;

/**
 * Where the provider refuses what the documented service takes, on purpose: a name for each (the test reports it),
 * decided on the property and the value sent. The emulator is never the stricter side.
 */
const ON_PURPOSE: ReadonlyArray<{ name: string; applies: (property: string, value: unknown) => boolean }> = [
    {
        name: "customResetItNowText: the docs say DO NOT USE (not supported); the provider refuses any value",
        applies: (p) => p === "customResetItNowText",
    },
    {
        name: "customCannotAccessYourAccountUrl: the docs say DO NOT USE (use customAccountResetCredentialsUrl); the provider refuses any value",
        applies: (p) => p === "customCannotAccessYourAccountUrl",
    },
    {
        name: "null: the service clears a member sent as null; a program leaves it out, and the provider refuses null",
        applies: (_p, v) => v === null || (typeof v === "object" && v !== null && Object.values(v).includes(null)),
    },
    {
        name: "custom URLs: the provider also wants an absolute http(s) URL without spaces or control characters; the docs ask ASCII and 128",
        applies: (p, v) => URLS.includes(p) && typeof v === "string" && (!/^[\x21-\x7e]*$/.test(v) || (v !== "" && !/^https?:\/\/[^/?#]+/i.test(v))),
    },
    {
        name: 'backgroundColor "": how the service shows a colour never set; the provider wants a colour, or the property left out',
        applies: (p, v) => p === "backgroundColor" && v === "",
    },
    {
        name: "headerBackgroundColor: the provider wants #RRGGBB; the docs say only 'the RGB color'",
        applies: (p) => p === "headerBackgroundColor",
    },
    {
        name: "usernameHintText: the provider refuses links and code; the docs give no rule a server could apply",
        applies: (p, v) => p === "usernameHintText" && typeof v === "string" && LINK_OR_CODE.test(v),
    },
    {
        name: "layoutTemplateType unknownFutureValue: an OData enum sentinel, no layout; the provider refuses it",
        applies: (p, v) =>
            p === "loginPageLayoutConfiguration" && (v as { layoutTemplateType?: unknown } | null)?.layoutTemplateType === "unknownFutureValue",
    },
    {
        name: "contentCustomization: the provider wants a non-empty key in each keyValue; the docs state no rule",
        applies: (p, v) => p === "contentCustomization" && JSON.stringify(v).includes('"key":""'),
    },
    {
        name: "OData instance annotations (@...): the service ignores them in a body; the provider knows no such property",
        applies: (p) => p.startsWith("@"),
    },
    {
        name: "id: the entity's own key, which the service tolerates in a PATCH body; the provider knows no such property",
        applies: (p) => p === "id",
    },
];

/**
 * True when `v` is known and reaches the service as it is: not holding the unknown sentinel anywhere (a preview's
 * value, never sent), and unchanged through JSON (NaN, -0 and undefined members are not).
 */
function survivesJson(v: unknown): boolean {
    if (v === undefined || JSON.stringify(v)?.includes(UNKNOWN)) return false;
    try {
        return isDeepStrictEqual(JSON.parse(JSON.stringify(v)), v);
    } catch {
        return false;
    }
}

const refusedAt = (reply: CheckReply, key: string) =>
    (reply.failures ?? []).some(
        (f) => typeof f.property === "string" && (f.property === key || f.property.startsWith(`${key}.`) || f.property.startsWith(`${key}[`)),
    ) || (reply.failures ?? []).some((f) => typeof f.reason === "string" && f.reason.includes(`unknown property "${key}"`));

describe("differential: the provider's check refuses exactly what the documented service (the emulator) refuses", function () {
    this.timeout(120_000);
    const fx = useEmulator();
    useProgramFolder({ chdir: true });

    const subjects = [
        { type: "OrganizationalBranding", module: "entra/branding", model: brandingModel, locale: false },
        { type: "OrganizationalBrandingLocalization", module: "entra/brandingLocalization", model: localizationModel, locale: true },
    ] as const;

    subjects.forEach((s, i) => {
        it(`${s.type}: ${RUNS} generated inputs, member by member and whole`, async () => {
            const handler: pulumi.dynamic.ResourceProvider = compiledHandler(s.module);
            await handler.configure!(handlerConfig(fx));
            const token = await appToken(fx.emu);
            const patch = (json: unknown) => graphCall(fx.emu, "PATCH", brandingPath(), { token, json, headers: { "accept-language": "0" } });
            /** The emulator's verdict on a localization id: POST it, and remove what it created. */
            const postId = async (id: unknown) => {
                const res = await graphCall(fx.emu, "POST", `${brandingPath()}/localizations`, { token, json: id === undefined ? {} : { id } });
                if (res.status === 201) await graphCall(fx.emu, "DELETE", localePath(String(id)), { token });
                return res.status;
            };

            const named = new Map<string, number>();
            const mismatches: string[] = [];
            let compared = 0;
            let whole = 0;
            const sample = fc.sample(cases(s.model), { seed: SEED + i, numRuns: RUNS });
            for (const c of sample as Case[]) {
                const reply: CheckReply = await handler.check!({}, c.input);
                const members = Object.entries(c.input).filter(([k, v]) => !PROVIDER_ONLY.has(k) && v !== UNKNOWN && k !== "locale");
                if (s.locale) members.push(["locale", c.input.locale]);
                for (const [key, value] of members) {
                    if (key === "locale" ? value !== undefined && !survivesJson(value) : !survivesJson(value)) continue;
                    compared++;
                    const provider = refusedAt(reply, key);
                    const status = key === "locale" ? await postId(value) : (await patch({ [key]: value })).status;
                    const emulator = status === 400;
                    assert.ok([200, 201, 204, 400].includes(status), `${key}: the emulator answered ${status}`);
                    if (provider === emulator) continue;
                    const reason = provider ? ON_PURPOSE.find((o) => o.applies(key, value)) : undefined;
                    if (reason !== undefined) named.set(reason.name, (named.get(reason.name) ?? 0) + 1);
                    else
                        mismatches.push(
                            `${describeCase(c)}: ${key}=${preview(value).slice(0, 120)}: check ${provider ? "refuses" : "accepts"}, emulator ${status}`,
                        );
                }
                if ((reply.failures ?? []).length === 0) {
                    // What check accepted, as the provider would write it: its JSON members in one body.
                    const inputs = reply.inputs as Record<string, unknown>;
                    const body = Object.fromEntries(
                        Object.entries(inputs).filter(([k, v]) => !PROVIDER_ONLY.has(k) && k !== "locale" && v !== UNKNOWN),
                    );
                    if (!survivesJson(body)) continue;
                    whole++;
                    const res = s.locale
                        ? await graphCall(fx.emu, "POST", `${brandingPath()}/localizations`, { token, json: { ...body, id: inputs.locale } })
                        : await patch(body);
                    if (res.status === 201) await graphCall(fx.emu, "DELETE", localePath(String(inputs.locale)), { token });
                    if (![201, 204].includes(res.status))
                        mismatches.push(`checked-valid ${preview(body).slice(0, 200)}: emulator ${res.status} ${res.text}`);
                }
            }
            assert.deepEqual(mismatches, [], "check and the emulator disagree outside the named cases");
            assert.ok(compared > RUNS, `only ${compared} members compared`);
            assert.ok(whole > RUNS / 5, `only ${whole} checked-valid inputs sent whole`);
            console.log(
                `      ${s.type}: ${compared} members, ${whole} whole bodies; stricter on purpose: ${JSON.stringify(Object.fromEntries(named))}`,
            );
        });
    });
});
