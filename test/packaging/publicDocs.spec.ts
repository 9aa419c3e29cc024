/**
 * Every public declaration carries a doc comment, so that a program's editor shows what each export, property and
 * method is for. "Public" is every declaration file the package's entry point reaches (publicDeclarations.ts).
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { publicDeclarations, ROOT } from "./publicDeclarations";

/** Where to write the missing comment: the provider/ source of a bin/ declaration file, else the file itself. */
function sourceOf(file: string): string {
    const rel = path.relative(ROOT, file);
    const source = rel.replace(/^bin[\\/]/, `provider${path.sep}`).replace(/\.d\.ts$/, ".ts");
    return (fs.existsSync(path.join(ROOT, source)) ? source : rel).split(path.sep).join("/");
}

const hasDoc = (node: ts.Node): boolean => ts.getJSDocCommentsAndTags(node).length > 0;

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind): boolean =>
    (ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined)?.some((m) => m.kind === kind) ?? false;

/** The names a declaration statement declares (a variable statement may declare several). */
function declaredNames(statement: ts.Statement): string[] {
    if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.map((d) => d.name.getText());
    if (
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isFunctionDeclaration(statement) ||
        ts.isEnumDeclaration(statement) ||
        ts.isModuleDeclaration(statement)
    ) {
        return statement.name ? [statement.name.getText()] : ["default"];
    }
    return [];
}

/** Members of an interface or class a program reads: properties, methods and accessors that are not private. */
function publicMembers(declaration: ts.InterfaceDeclaration | ts.ClassDeclaration): ts.ClassElement[] | ts.TypeElement[] {
    const members = declaration.members as ts.NodeArray<ts.ClassElement | ts.TypeElement>;
    return members.filter(
        (m) =>
            (ts.isPropertySignature(m) ||
                ts.isPropertyDeclaration(m) ||
                ts.isMethodSignature(m) ||
                ts.isMethodDeclaration(m) ||
                ts.isGetAccessorDeclaration(m) ||
                ts.isSetAccessorDeclaration(m)) &&
            !hasModifier(m, ts.SyntaxKind.PrivateKeyword) &&
            !ts.isPrivateIdentifier(m.name),
    ) as ts.ClassElement[];
}

/** The undocumented exports of one declaration file and members of its exported interfaces and classes, as "file: Name.member". */
function undocumented(file: string): string[] {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const where = sourceOf(file);
    // Local declarations exported by a list (`declare const x; export { x }`) are exported too.
    const listed = new Set<string>();
    for (const s of source.statements) {
        if (ts.isExportDeclaration(s) && !s.moduleSpecifier && s.exportClause && ts.isNamedExports(s.exportClause)) {
            for (const e of s.exportClause.elements) listed.add((e.propertyName ?? e.name).getText());
        }
    }
    const missing: string[] = [];
    for (const s of source.statements) {
        const names = declaredNames(s);
        if (names.length === 0 || !(hasModifier(s, ts.SyntaxKind.ExportKeyword) || names.some((n) => listed.has(n)))) continue;
        if (!hasDoc(s)) missing.push(...names.map((n) => `${where}: ${n}`));
        if (ts.isInterfaceDeclaration(s) || ts.isClassDeclaration(s)) {
            for (const m of publicMembers(s)) if (!hasDoc(m)) missing.push(`${where}: ${names[0]}.${m.name!.getText()}`);
        }
    }
    return missing;
}

describe("public documentation", () => {
    it("every exported declaration, and every non-private property and method of an exported interface or class, has a doc comment", () => {
        const missing = publicDeclarations().files.flatMap(undocumented);
        assert.deepEqual(missing, [], `${missing.length} public declarations have no doc comment:\n${missing.join("\n")}`);
    });
});
