/**
 * The resources of the preview benchmark, shared by both programs (tenantkit's and the bare one) so that both
 * register the same names with the same inputs: `count` resources, half branding localizations (distinct
 * locales) and half push datasets.
 */

/** ISO 639-1 languages and ISO 3166 regions; their pairs give 63 x 16 = 1,008 distinct culture names. */
const LANGUAGES = [
    "ar",
    "bg",
    "bn",
    "ca",
    "cs",
    "cy",
    "da",
    "de",
    "el",
    "en",
    "es",
    "et",
    "eu",
    "fa",
    "fi",
    "fr",
    "ga",
    "gl",
    "gu",
    "he",
    "hi",
    "hr",
    "hu",
    "hy",
    "id",
    "is",
    "it",
    "ja",
    "ka",
    "kk",
    "km",
    "kn",
    "ko",
    "lt",
    "lv",
    "mk",
    "ml",
    "mn",
    "mr",
    "ms",
    "mt",
    "nb",
    "ne",
    "nl",
    "pa",
    "pl",
    "pt",
    "ro",
    "ru",
    "sk",
    "sl",
    "sq",
    "sr",
    "sv",
    "sw",
    "ta",
    "te",
    "th",
    "tr",
    "uk",
    "ur",
    "vi",
    "zh",
] as const;
const REGIONS = ["US", "GB", "FR", "DE", "ES", "IT", "NL", "BE", "CH", "AT", "CA", "AU", "IN", "JP", "BR", "MX"] as const;

/** The `n` first distinct culture names (`fr-FR` shape), languages first so that early ones vary most. */
export function locales(n: number): string[] {
    const all = REGIONS.flatMap((r) => LANGUAGES.map((l) => `${l}-${r}`));
    if (n > all.length) throw new RangeError(`at most ${all.length} distinct locales, asked for ${n}`);
    return all.slice(0, n);
}

/** One declared resource: its Pulumi name, which kind, and the args the program passes. */
export interface Declared {
    readonly name: string;
    readonly kind: "localization" | "dataset";
    readonly args: Record<string, unknown>;
}

/** The stack's resources: `count` in all, `Math.floor(count / 2)` localizations, the rest datasets. */
export function declaredResources(count: number): Declared[] {
    const out: Declared[] = locales(Math.floor(count / 2)).map((locale) => ({
        name: `loc-${locale}`,
        kind: "localization",
        args: {
            locale,
            signInPageText: `Authorized use only (${locale})`,
            usernameHintText: "name@contoso.com or phone",
            customPrivacyAndCookiesText: "Privacy",
        },
    }));
    for (let i = out.length; i < count; i++) {
        out.push({
            name: `ds-${String(i).padStart(4, "0")}`,
            kind: "dataset",
            args: {
                name: `Sales ${String(i).padStart(4, "0")}`,
                defaultRetentionPolicy: "basicFIFO",
                tables: [
                    {
                        name: "Sales",
                        columns: [
                            { name: "Date", dataType: "DateTime" },
                            { name: "Product", dataType: "String" },
                            { name: "Amount", dataType: "Double", formatString: "0.00" },
                        ],
                    },
                ],
            },
        });
    }
    return out;
}
