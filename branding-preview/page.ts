/**
 * The sign-in page, built from one locale's branding: an approximation of the Microsoft Entra sign-in page, labelled
 * as one on the page. Its elements carry the class names of Microsoft's CSS reference for company branding
 * (`ext-*`, Entra docs "CSS template reference guide"), so a tenant's stylesheet styles it as it would the real page.
 * Layout follows `loginPageLayoutConfiguration` (Graph: `default` is a centred lightbox over a full-screen
 * background, `verticalSplit` a background on one side and a full-height lightbox on the other), the self-service
 * links and footer links follow `loginPageTextVisibilitySettings`. docs/branding-preview.md says what differs.
 */
import { directionOf, languageOf, type ImageProperty, type PageBranding, type SignInPage } from "./model";
import { pageScript, type PageScriptInput } from "./page-script";

/** The selectors of Microsoft's CSS reference for company branding, as class names. */
export const MICROSOFT_CSS_CLASSES = [
    "ext-background-image",
    "ext-header",
    "ext-header-logo",
    "ext-middle",
    "ext-vertical-split-main-section",
    "ext-vertical-split-background-image-container",
    "ext-sign-in-box",
    "ext-title",
    "ext-subtitle",
    "ext-button",
    "ext-primary",
    "ext-secondary",
    "ext-error",
    "ext-input",
    "ext-text-box",
    "ext-has-error",
    "ext-boilerplate-text",
    "ext-promoted-fed-cred-box",
    "ext-footer",
    "ext-footer-links",
    "ext-footer-item",
    "ext-debug-item",
] as const;

/** The page's own look before the tenant's CSS: the lightbox's sizes and colours as the real page has them. */
const BASE_CSS = `
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font-family:"Segoe UI","Helvetica Neue",Arial,sans-serif;font-size:15px;color:#1b1b1b;background:#fff}
a,a:link{color:#0067b8;text-decoration:none}
.ext-background-image{position:fixed;inset:0;background-color:#f2f2f2;background-size:cover;background-position:center}
.ext-header{position:fixed;inset-block-start:0;inset-inline:0;height:60px;padding:12px 24px;background:#fff;z-index:2;display:flex;align-items:center}
.ext-header-logo{max-height:36px;max-width:245px}
.ext-middle{position:relative;min-height:100%;display:flex;align-items:center;justify-content:center;padding:72px 0 48px}
.ext-sign-in-box{width:440px;min-height:338px;padding:44px;background:#fff;box-shadow:0 2px 6px rgba(0,0,0,.2)}
.ext-vertical-split-main-section{position:fixed;inset:0;display:flex}
.ext-vertical-split-main-section .ext-background-image{position:relative;inset:auto;flex:1}
.ext-vertical-split-background-image-container{width:560px;height:100%;background:#fff;display:flex;align-items:center;justify-content:center;padding-top:60px}
.ext-vertical-split-background-image-container .ext-sign-in-box{box-shadow:none}
.tk-banner-logo{display:block;max-height:36px;max-width:245px}
.tk-banner-text{font-weight:600;font-size:20px;color:#737373;height:36px;line-height:36px}
.ext-title{font-size:24px;font-weight:600;line-height:28px;margin:16px 0 12px}
.ext-input.ext-text-box{display:block;width:100%;border:none;border-block-end:1px solid #666;padding:6px 0;font:inherit;background:transparent;margin-bottom:16px}
.tk-links{margin:0 0 16px;padding:0;list-style:none;font-size:13px;line-height:22px}
.tk-buttons{display:flex;justify-content:flex-end;gap:4px;margin-bottom:16px}
.ext-button{min-width:108px;min-height:32px;border:none;font:inherit}
.ext-button.ext-primary{background:#0067b8;color:#fff}
.ext-button.ext-secondary{background:#ccc;color:#000}
.ext-boilerplate-text{font-size:13px;white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
.ext-promoted-fed-cred-box{width:440px;margin-top:16px;padding:10px 44px;background:#fff;box-shadow:0 2px 6px rgba(0,0,0,.2)}
.tk-column{display:flex;flex-direction:column;align-items:center}
.ext-footer{position:fixed;inset-block-end:0;inset-inline:0;height:28px;display:flex;justify-content:flex-end;align-items:center;background:rgba(0,0,0,.6);font-size:12px;z-index:2}
.ext-footer-links{display:flex}
.ext-footer a.ext-footer-item,.ext-footer .ext-debug-item{color:#fff;margin-inline-end:16px}
[data-tk-state="missing"].tk-hide-missing{display:none}
#tk-panel{all:initial;position:fixed;inset-block-end:36px;inset-inline-start:8px;z-index:10;max-width:460px;padding:6px 8px;background:rgba(255,255,255,.92);border:1px solid #8a8886;font:12px/16px Arial,sans-serif;color:#201f1e}
#tk-panel *{font:inherit;color:inherit}
#tk-panel img{vertical-align:middle;max-height:32px;margin-inline-end:4px}
#tk-panel .tk-dark{background:#1b1b1b;display:inline-block;padding:2px}
#tk-notices{margin:4px 0 0;padding-inline-start:16px;color:#a4262c}
`;

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
    return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A link target the page may use: an absolute http(s) URL, else nothing to follow. */
function safeHref(url: string | undefined): string {
    return url !== undefined && /^https?:\/\//i.test(url) ? url : "#";
}

/** A `#RRGGBB` colour, else undefined: nothing else reaches a style attribute. */
function safeColor(color: string | undefined): string | undefined {
    return color !== undefined && /^#[0-9a-f]{6}$/i.test(color) ? color : undefined;
}

/** Attributes of an element that shows an image once the page's script has decoded it. */
function imageAttributes(b: PageBranding, property: ImageProperty): string {
    const image = b.images[property];
    if (image === undefined) return "";
    return ` data-tk-image="${property}" data-tk-src="${escapeHtml(image.dataUrl)}" data-tk-source="${escapeHtml(image.source)}"`;
}

/** The self-service password reset links: all three hidden by `hideAccountResetCredentials`, each by its own flag. */
function selfServiceLinks(b: PageBranding): string {
    const hide = b.visibility ?? {};
    const href = escapeHtml(safeHref(b.texts.customAccountResetCredentialsUrl));
    const links: Array<[string, boolean | null | undefined, string]> = [
        ["cannotAccessYourAccount", hide.hideCannotAccessYourAccount, b.texts.customCannotAccessYourAccountText || "Can't access your account?"],
        ["forgotMyPassword", hide.hideForgotMyPassword, b.texts.customForgotMyPasswordText || "Forgot my password"],
        ["resetItNow", hide.hideResetItNow, b.texts.customResetItNowText || "Reset it now"],
    ];
    const shown = hide.hideAccountResetCredentials === true ? [] : links.filter(([, hidden]) => hidden !== true);
    const items = shown.map(([name, , text]) => `<li><a data-tk="${name}" href="${href}">${escapeHtml(text)}</a></li>`);
    return `<ul class="tk-links">${items.join("")}</ul>`;
}

/** The sign-in box and the sign-in options box below it. */
function signInBox(b: PageBranding): string {
    const banner = b.images.bannerLogo
        ? `<img class="tk-banner-logo tk-hide-missing" alt="" data-tk="bannerLogo"${imageAttributes(b, "bannerLogo")}>`
        : `<div class="tk-banner-text" data-tk="bannerLogo">Microsoft</div>`;
    const hint = b.texts.usernameHintText || "Email, phone, or Skype";
    const boilerplate = b.texts.signInPageText
        ? `<p class="ext-boilerplate-text" data-tk="signInPageText">${escapeHtml(b.texts.signInPageText)}</p>`
        : "";
    return `<div class="tk-column">
<div class="ext-sign-in-box" data-tk="signInBox">${banner}
<div class="ext-title" role="heading" aria-level="1">Sign in</div>
<input class="ext-input ext-text-box" type="email" data-tk="usernameHintText" placeholder="${escapeHtml(hint)}" aria-label="${escapeHtml(hint)}">
${selfServiceLinks(b)}
<div class="tk-buttons"><button class="ext-button ext-secondary" type="button">Back</button><button class="ext-button ext-primary" type="button">Next</button></div>
${boilerplate}
</div>
<div class="ext-promoted-fed-cred-box" data-tk="signInOptions">Sign-in options</div>
</div>`;
}

function header(b: PageBranding): string {
    if (b.layout?.isHeaderShown !== true) return "";
    const color = safeColor(b.texts.headerBackgroundColor);
    const logo = b.images.headerLogo
        ? `<img class="ext-header-logo tk-hide-missing" alt="" data-tk="headerLogo"${imageAttributes(b, "headerLogo")}>`
        : "";
    return `<div class="ext-header" data-tk="header"${color ? ` style="background-color:${color}"` : ""}>${logo}</div>`;
}

/** The footer, shown unless `isFooterShown` is false; its two links follow their hide flags. */
function footer(b: PageBranding): string {
    if (b.layout?.isFooterShown === false) return "";
    const hide = b.visibility ?? {};
    const items: string[] = [];
    if (hide.hideTermsOfUse !== true) {
        items.push(
            `<a class="ext-footer-item" data-tk="termsOfUse" href="${escapeHtml(safeHref(b.texts.customTermsOfUseUrl))}">${escapeHtml(b.texts.customTermsOfUseText || "Terms of use")}</a>`,
        );
    }
    if (hide.hidePrivacyAndCookies !== true) {
        items.push(
            `<a class="ext-footer-item" data-tk="privacyAndCookies" href="${escapeHtml(safeHref(b.texts.customPrivacyAndCookiesUrl))}">${escapeHtml(b.texts.customPrivacyAndCookiesText || "Privacy & cookies")}</a>`,
        );
    }
    return `<div class="ext-footer" data-tk="footer"><div class="ext-footer-links">${items.join("")}</div><span class="ext-debug-item">...</span></div>`;
}

/** The label saying what this is, and what the branding holds that the sign-in page does not show. */
function panel(page: SignInPage): string {
    const b = page.branding;
    const favicon = b.images.favicon ? `<img alt="favicon" data-tk="favicon" class="tk-hide-missing"${imageAttributes(b, "favicon")}>` : "";
    const square = b.images.squareLogo
        ? ` · square logo <img alt="square logo" data-tk="squareLogo" class="tk-hide-missing"${imageAttributes(b, "squareLogo")}>`
        : "";
    const dark = b.images.squareLogoDark
        ? ` · dark <span class="tk-dark"><img alt="square logo, dark theme" data-tk="squareLogoDark" class="tk-hide-missing"${imageAttributes(b, "squareLogoDark")}></span>`
        : "";
    return `<div id="tk-panel" role="note" data-tk="label"><div>${favicon}<b>Approximation</b> of the Microsoft Entra sign-in page, made by tenantkit: ${escapeHtml(page.locale)}, ${escapeHtml(page.origin)}${square}${dark}</div><ul id="tk-notices" hidden></ul></div>`;
}

/** The whole page as one HTML document: no request leaves it (images are `data:` URLs). */
export function signInPageHtml(page: SignInPage): string {
    const b = page.branding;
    const color = safeColor(b.texts.backgroundColor);
    const background = `<div class="ext-background-image" data-tk="background"${color ? ` style="background-color:${color}"` : ""}${imageAttributes(b, "backgroundImage")}></div>`;
    const split = b.layout?.layoutTemplateType === "verticalSplit";
    const body = split
        ? `<div class="ext-vertical-split-main-section" data-tk="layout-verticalSplit">${background}<div class="ext-vertical-split-background-image-container">${signInBox(b)}</div></div>`
        : `${background}<div class="ext-middle" data-tk="layout-default">${signInBox(b)}</div>`;
    const input: PageScriptInput = {
        locale: page.locale,
        label: page.label,
        css: b.customCSS ?? null,
        knownClasses: MICROSOFT_CSS_CLASSES,
        notices: page.notices,
    };
    // `<` escaped so that no text of the branding can end the script element.
    const script = `(${pageScript.toString()})(${JSON.stringify(input).replace(/</g, "\\u003c")});`;
    const favicon = b.images.favicon ? `<link rel="icon"${imageAttributes(b, "favicon")}>` : "";
    return `<!doctype html>
<html lang="${escapeHtml(languageOf(page.locale))}" dir="${directionOf(page.locale)}">
<head><meta charset="utf-8"><title>Sign in to your account</title>${favicon}<style>${BASE_CSS}</style></head>
<body>
${header(b)}${body}${footer(b)}${panel(page)}
<script>${script}</script>
</body>
</html>
`;
}
