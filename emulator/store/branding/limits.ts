/**
 * The limits the Graph docs state for the string properties of a branding and the id of a localization, enforced on
 * every body that writes them. Sources, all Graph v1.0 pages (docs/api-facts.md section B):
 * - organizationalBrandingProperties (resources/organizationalbrandingproperties.md, ms.date 2024-05-22), per property:
 *   `signInPageText` "must be in Unicode format and not exceed 1024 characters"; `usernameHintText` "can't exceed 64
 *   characters"; the other texts (`custom*Text`) "not exceed 256 characters"; the custom URLs (`custom*Url`) "must be in
 *   ASCII format or non-ASCII characters must be URL encoded, and not exceed 128 characters"; `backgroundColor`
 *   "Specify this in hexadecimal format, for example, white is #FFFFFF".
 * - the same page, `id`: "culture names ... a lowercase two-letter code derived from ISO 639-1 and ... an uppercase
 *   two-letter code derived from ISO 3166. For example, U.S. English is en-US"; the official list example also shows a
 *   language-only id (`fr`).
 *
 * What the docs leave open is left open: `headerBackgroundColor` is only "the RGB color" (no format), "without links or
 * code" for `usernameHintText` names no rule a server could apply, and "DO NOT USE" properties are still properties.
 * "Characters" are counted as code points: the docs say Unicode characters and nothing about UTF-16 units.
 */
import type { BrandingString } from "./model";

/** Why a value breaks a documented limit, or undefined when it does not. */
type Rule = (value: string) => string | undefined;

const chars = (s: string): number => [...s].length;

const maxChars =
    (max: number): Rule =>
    (s) =>
        chars(s) > max ? `at most ${max} characters` : undefined;

/** ASCII (non-ASCII characters must be URL-encoded) and at most 128 characters. */
const customUrl: Rule = (s) => {
    // eslint-disable-next-line no-control-regex
    if (!/^[\x00-\x7f]*$/.test(s)) return "ASCII only: URL-encode other characters";
    return s.length > 128 ? "at most 128 characters" : undefined;
};

/** `#RRGGBB`, as the docs' example `#FFFFFF`. */
const hexColor: Rule = (s) => (/^#[0-9A-Fa-f]{6}$/.test(s) ? undefined : "a hexadecimal color such as #FFFFFF");

/** The documented rule of each string property; "" always passes (it is how the service shows an unset text). */
export const STRING_RULES: Readonly<Partial<Record<BrandingString, Rule>>> = {
    backgroundColor: hexColor,
    customAccountResetCredentialsUrl: customUrl,
    customCannotAccessYourAccountText: maxChars(256),
    customCannotAccessYourAccountUrl: customUrl,
    customForgotMyPasswordText: maxChars(256),
    customPrivacyAndCookiesText: maxChars(256),
    customPrivacyAndCookiesUrl: customUrl,
    customResetItNowText: maxChars(256),
    customTermsOfUseText: maxChars(256),
    customTermsOfUseUrl: customUrl,
    signInPageText: maxChars(1024),
    usernameHintText: maxChars(64),
};

/** Why `value` is refused for `property`, or undefined. */
export function stringViolation(property: BrandingString, value: string): string | undefined {
    if (value === "") return undefined;
    return STRING_RULES[property]?.(value);
}

/** A localization id as the docs write culture names: `fr-FR` (language lowercase, region uppercase) or `fr`. */
export function isCultureName(id: string): boolean {
    return /^[a-z]{2}(?:-[A-Z]{2})?$/.test(id);
}
