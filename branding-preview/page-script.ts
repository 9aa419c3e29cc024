/**
 * The script of the sign-in page, run by the browser: it applies the tenant's CSS rule by rule and reports the rules
 * the browser's CSS parser drops, decodes every image and shows a missing one as missing (the background falls back
 * to the colour), then lists what it found on the page and sets `data-tk-ready` on the root element. One copy serves
 * the emulator's page and the preview command. It runs from its source text (`pageScript.toString()`), so it uses
 * nothing outside its own body.
 */

// The few browser objects the script uses, declared here rather than through the DOM library, which would change the
// global types (fetch's) of everything else this project compiles.
interface PageElement {
    readonly tagName: string;
    readonly dataset: Record<string, string | undefined>;
    readonly style: { backgroundImage: string };
    id: string;
    hidden: boolean;
    textContent: string | null;
    setAttribute(name: string, value: string): void;
    appendChild(child: PageElement): void;
}
declare const document: {
    readonly head: PageElement;
    readonly documentElement: PageElement;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
    getElementById(id: string): PageElement | null;
    createElement(tag: string): PageElement;
};
declare const window: Record<string, unknown>;
declare class CSSStyleSheet {
    readonly cssRules: ArrayLike<{ readonly selectorText?: string; readonly style?: { readonly length: number } }>;
    replaceSync(text: string): void;
}
declare class Image {
    src: string;
    decode(): Promise<void>;
}

/** What the page passes to its script. */
export interface PageScriptInput {
    readonly locale: string;
    /** How messages name the page (`fr-FR`, `fr-FR, as applied`). */
    readonly label: string;
    readonly css: string | null;
    /** Class names of Microsoft's CSS reference for company branding. */
    readonly knownClasses: readonly string[];
    /** Notices found before the page was built. */
    readonly notices: ReadonlyArray<{ property: string | null; locale: string; message: string }>;
}

/** What the page leaves in `window.tenantkitPreview` once ready. */
export interface PageScriptResult {
    readonly notices: Array<{ property: string | null; locale: string; message: string }>;
}

export function pageScript(input: PageScriptInput): void {
    const notices = [...input.notices];
    const note = (property: string | null, message: string): void => {
        if (!notices.some((n) => n.message === message)) notices.push({ property, locale: input.locale, message });
    };
    const where = (property: string): string => `${property} (${input.label})`;

    // The tenant's CSS, split into its top-level rules so a rule the parser drops can be named by its line.
    function applyCss(css: string): void {
        const rules: Array<{ text: string; line: number }> = [];
        let depth = 0;
        let start = 0;
        let startLine = 1;
        let line = 1;
        let opened = 1;
        let i = 0;
        while (i < css.length) {
            const c = css[i];
            if (c === "\n") line++;
            if (c === "/" && css[i + 1] === "*") {
                const end = css.indexOf("*/", i + 2);
                if (end < 0) {
                    note("customCSS", `${where("customCSS")}: line ${line}: a comment is not closed with "*/"; the rest of the file is ignored`);
                    break;
                }
                line += css.slice(i, end).split("\n").length - 1;
                i = end + 2;
                continue;
            }
            if (c === '"' || c === "'") {
                let j = i + 1;
                while (j < css.length && css[j] !== c && css[j] !== "\n") j += css[j] === "\\" ? 2 : 1;
                if (css[j] !== c) note("customCSS", `${where("customCSS")}: line ${line}: a string is not closed`);
                i = j + 1;
                continue;
            }
            if (depth === 0 && css.slice(start, i).trim() === "") {
                start = i;
                startLine = line;
            }
            if (c === "{") {
                if (depth === 0) opened = line;
                depth++;
            } else if (c === "}") {
                if (depth === 0) {
                    note("customCSS", `${where("customCSS")}: line ${line}: "}" closes nothing; the browser ignores it`);
                    start = i + 1;
                } else if (--depth === 0) {
                    rules.push({ text: css.slice(start, i + 1), line: startLine });
                    start = i + 1;
                }
            } else if (c === ";" && depth === 0) {
                rules.push({ text: css.slice(start, i + 1), line: startLine });
                start = i + 1;
            }
            i++;
        }
        if (depth > 0) note("customCSS", `${where("customCSS")}: line ${opened}: "{" is never closed; the browser ignores the rule`);
        const known = new Set(input.knownClasses);
        const kept: string[] = [];
        for (const rule of rules) {
            const head = rule.text.slice(0, rule.text.indexOf("{") < 0 ? undefined : rule.text.indexOf("{")).trim();
            const sheet = new CSSStyleSheet();
            try {
                sheet.replaceSync(rule.text);
            } catch {
                // replaceSync throws only for a sheet it cannot take at all; the rule is reported below as dropped
            }
            const parsed = sheet.cssRules[0];
            if (parsed === undefined) {
                note("customCSS", `${where("customCSS")}: line ${rule.line}: "${head}" does not parse; the browser ignores this rule`);
                continue;
            }
            if (parsed.selectorText !== undefined && parsed.style?.length === 0 && /[^\s{}]/.test(rule.text.slice(rule.text.indexOf("{") + 1, -1))) {
                note("customCSS", `${where("customCSS")}: line ${rule.line}: no declaration of "${head}" is valid CSS; the browser ignores them`);
            }
            for (const m of head.matchAll(/\.(ext-[A-Za-z0-9_-]+)/g)) {
                if (!known.has(m[1]))
                    note(
                        "customCSS",
                        `${where("customCSS")}: line ${rule.line}: .${m[1]} is not a class of Microsoft's CSS reference for company branding`,
                    );
            }
            kept.push(rule.text);
        }
        const style = document.createElement("style");
        style.id = "tk-tenant-css";
        style.textContent = kept.join("\n");
        document.head.appendChild(style);
    }

    // An image the browser cannot decode is shown as missing: the page then shows what it shows without that image.
    async function checkImages(): Promise<void> {
        const checks = Array.from(document.querySelectorAll("[data-tk-image]")).map(async (el) => {
            const property = el.dataset.tkImage ?? "image";
            const url = el.dataset.tkSrc ?? "";
            const image = new Image();
            image.src = url;
            try {
                await image.decode();
                if (el.tagName === "IMG") el.setAttribute("src", url);
                else if (el.tagName === "LINK") el.setAttribute("href", url);
                else el.style.backgroundImage = `url("${url}")`;
                el.dataset.tkState = "shown";
            } catch {
                el.dataset.tkState = "missing";
                note(
                    property,
                    `${where(property)}: the browser cannot decode the image (${el.dataset.tkSource ?? "no source"}); the page is shown without it`,
                );
            }
        });
        await Promise.all(checks);
    }

    async function run(): Promise<void> {
        if (input.css !== null) applyCss(input.css);
        await checkImages();
        const list = document.getElementById("tk-notices");
        if (list !== null) {
            for (const n of notices) {
                const item = document.createElement("li");
                item.textContent = n.message;
                list.appendChild(item);
            }
            list.hidden = notices.length === 0;
        }
        const result: PageScriptResult = { notices };
        window.tenantkitPreview = result;
        document.documentElement.dataset.tkReady = "true";
    }
    void run();
}
