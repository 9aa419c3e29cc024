/**
 * The properties both branding resources manage (Graph `organizationalBrandingProperties`), declared once
 * (core/model/definition.ts): texts and complex values go in one JSON PATCH, images each in their own PUT, so every one of
 * them changes in place; only the organization (and a localization's locale) replaces. branding/definition.ts and
 * brandingLocalization/definition.ts build the two resources from these tables.
 */
import {
    arrayOf,
    asset,
    boolean,
    enumOf,
    integer,
    json,
    objectOf,
    string,
    type InputRule,
    type ObjectDefinition,
    type PropertyTables,
} from "../../core/model/definition";
import type {
    BrandingKeyValue,
    BrandingProperties,
    BrandingState,
    ContentCustomization,
    ImageState,
    LoginPageLayoutConfiguration,
    LoginPageTextVisibilitySettings,
} from "./types";

const LayoutConfiguration: ObjectDefinition<LoginPageLayoutConfiguration> = {
    name: "LoginPageLayoutConfiguration",
    fields: {
        layoutTemplateType: { type: enumOf({ name: "LayoutTemplateType", values: [{ value: "default" }, { value: "verticalSplit" }] }) },
        isHeaderShown: { type: boolean },
        isFooterShown: { type: boolean },
    },
};

const TextVisibilitySettings: ObjectDefinition<LoginPageTextVisibilitySettings> = {
    name: "LoginPageTextVisibilitySettings",
    fields: {
        hideAccountResetCredentials: { type: boolean },
        hideCannotAccessYourAccount: { type: boolean },
        hideForgotMyPassword: { type: boolean },
        hidePrivacyAndCookies: { type: boolean },
        hideResetItNow: { type: boolean },
        hideTermsOfUse: { type: boolean },
    },
};

const KeyValue: ObjectDefinition<BrandingKeyValue> = {
    name: "BrandingKeyValue",
    fields: { key: { type: string, required: true }, value: { type: string, required: true } },
};

const Content: ObjectDefinition<ContentCustomization> = {
    name: "ContentCustomization",
    fields: {
        attributeCollection: { type: arrayOf(objectOf(KeyValue)) },
        registrationCampaign: { type: arrayOf(objectOf(KeyValue)) },
    },
};

const Image: ObjectDefinition<ImageState> = {
    name: "ImageState",
    fields: {
        path: { type: string, required: true },
        sha256: { type: string, required: true },
        size: { type: integer, required: true },
        contentType: { type: string, required: true },
        width: { type: integer, required: true },
        height: { type: integer, required: true },
    },
};

/** A text, written in the JSON PATCH and kept in state as applied. */
const text = { type: string, change: "update", output: true } as const;
/** An image: a file as input, its SHA-256, size and type as output; new content under the same path is an update. */
const image = { type: asset, change: "update", output: objectOf(Image) } as const;
/** A property Graph says must not be used: refused at preview, so it never reaches state. */
const refused = (deprecated: string) => ({ type: string, change: "update", deprecated }) as const;

/**
 * What both branding resources keep in state besides their inputs: the public outputs, and what state keeps for destroy
 * and refresh (state.ts `Prior` and `Observed`), which no schema declares.
 */
export type BrandingOutputOnly = Omit<BrandingState, keyof BrandingProperties> & { readonly prior: unknown; readonly observed: unknown };

/** An image's read-only URL: in the dynamic resources' state, a member of `cdn` (state.ts). */
const relativeUrl = { type: string, carrier: "cdn" } as const;

export const brandingTables: PropertyTables<BrandingProperties, BrandingOutputOnly> = {
    inputs: {
        backgroundColor: text,
        headerBackgroundColor: text,
        customAccountResetCredentialsUrl: text,
        customCannotAccessYourAccountText: text,
        customCannotAccessYourAccountUrl: refused("Graph replaced it by customAccountResetCredentialsUrl; set that instead"),
        customForgotMyPasswordText: text,
        customPrivacyAndCookiesText: text,
        customPrivacyAndCookiesUrl: text,
        customResetItNowText: refused("the service does not support customizing this text"),
        customTermsOfUseText: text,
        customTermsOfUseUrl: text,
        signInPageText: text,
        usernameHintText: text,
        // Complex values: Graph replaces each as a unit, so a change sends the whole value.
        loginPageLayoutConfiguration: { type: objectOf(LayoutConfiguration), change: "update", output: true },
        loginPageTextVisibilitySettings: { type: objectOf(TextVisibilitySettings), change: "update", output: true },
        contentCustomization: { type: objectOf(Content), change: "update", output: true },
        backgroundImage: image,
        bannerLogo: image,
        squareLogo: image,
        squareLogoDark: image,
        headerLogo: image,
        favicon: image,
        customCSS: image,
        // What destroy will do: a change is recorded in state and sends nothing.
        onDestroy: {
            type: enumOf({ name: "OnDestroy", values: [{ value: "restore" }, { value: "reset" }, { value: "retain" }] }),
            change: "state",
            default: "restore",
            output: true,
        },
        // Another organization is another tenant's branding.
        organizationId: { type: string, change: "replace", output: true, filled: true },
        // Whether a create takes over a branding that already shows the program's values; read by the create only.
        adopt: { type: boolean, change: "ignore" },
    },
    outputs: {
        managed: { type: arrayOf(string), always: true },
        cdnList: { type: arrayOf(string), always: true, carrier: "cdn", onUpdate: "kept" },
        // Every upload gets a new URL: each changes with its file.
        backgroundImageRelativeUrl: { ...relativeUrl, onUpdate: ["backgroundImage"] },
        bannerLogoRelativeUrl: { ...relativeUrl, onUpdate: ["bannerLogo"] },
        squareLogoRelativeUrl: { ...relativeUrl, onUpdate: ["squareLogo"] },
        squareLogoDarkRelativeUrl: { ...relativeUrl, onUpdate: ["squareLogoDark"] },
        headerLogoRelativeUrl: { ...relativeUrl, onUpdate: ["headerLogo"] },
        faviconRelativeUrl: { ...relativeUrl, onUpdate: ["favicon"] },
        customCSSRelativeUrl: { ...relativeUrl, onUpdate: ["customCSS"] },
        // The dynamic resources seed one output for the eight above (state.ts says why).
        cdn: { type: json, dynamicOnly: true },
        // Copies of the managed values: the prior ones destroy restores and those Graph showed after the last write. A
        // value the program gives as a secret is one of them, and neither the engine nor the plugin marks a copy under
        // another name secret, nor can a handler tell which of its inputs were secret (the dynamic provider host gets
        // them in plain text), so both are always stored as secrets. Out of the schema: they are not outputs to read.
        prior: { type: json, dynamicOnly: true, secret: true },
        observed: { type: json, dynamicOnly: true, secret: true },
    },
};

/** The locale of a localization: another locale is another localization. */
export const localeRule: InputRule<{ locale: string }, "locale"> = { type: string, required: true, change: "replace", output: true };
