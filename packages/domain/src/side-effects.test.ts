import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 9: package.json declares which of the domain's modules do something when imported
// ("sideEffects"). The bundlers trust it: a module that is not listed and none of whose exports is
// used is dropped whole, so the borrower app no longer builds the operator console's zod contracts
// on every start. A module that did something at import and was not listed would be dropped
// silently: this test keeps the list equal to what the sources visibly do at import (see
// effectsOf for what it looks at, and what it cannot see).
const root = path.resolve(import.meta.dirname, '..');
const declared = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { sideEffects: string[] }
).sideEffects;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** An assignment, `delete` or `++`/`--` run while the module loads (not inside a function body). */
function mutatesWhileLoading(node: ts.Node): boolean {
  if (ts.isFunctionLike(node)) return false; // runs when called, not when imported
  if (
    (ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) ||
    ts.isDeleteExpression(node) ||
    ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken))
  )
    return true;
  return ts.forEachChild(node, mutatesWhileLoading) ?? false;
}

/**
 * Top-level code that acts when the module is imported, rather than binding a value: statements
 * (calls, loops, branches, blocks, throws), bare imports, class static blocks and static fields,
 * and assignments, deletes or increments anywhere in a value's initializer. Calls inside an
 * initializer count as building the value (zod schemas, frozen tables, maps): a call that changed
 * something else there would not be seen, which is why such code belongs in a statement.
 */
function effectsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements
    .filter(
      (statement) =>
        ts.isExpressionStatement(statement) ||
        ts.isIfStatement(statement) ||
        ts.isIterationStatement(statement, false) ||
        ts.isSwitchStatement(statement) ||
        ts.isLabeledStatement(statement) ||
        ts.isThrowStatement(statement) ||
        ts.isBlock(statement) ||
        ts.isTryStatement(statement) ||
        ts.isExportAssignment(statement) ||
        // a bare `import './x.ts'` exists only for what x does when imported
        (ts.isImportDeclaration(statement) && !statement.importClause) ||
        (ts.isVariableStatement(statement) &&
          statement.declarationList.declarations.some(
            (d) => d.initializer && mutatesWhileLoading(d.initializer),
          )) ||
        (ts.isClassDeclaration(statement) &&
          statement.members.some(
            (member) =>
              ts.isClassStaticBlockDeclaration(member) ||
              (ts.isPropertyDeclaration(member) &&
                !!member.initializer &&
                member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)),
          )),
    )
    .map((statement) => statement.getText(source).split('\n')[0]!);
}

/** effectsOf for a snippet (the checker's own test) */
function effectsOfText(text: string): string[] {
  const file = path.join(tmpdir(), `side-effects-${randomUUID()}.ts`);
  writeFileSync(file, text);
  try {
    return effectsOf(file);
  } finally {
    rmSync(file);
  }
}

describe('the domain package\'s "sideEffects" list (issue 9)', () => {
  const files = sourceFiles(path.join(root, 'src'));

  it('lists exactly the modules that act when imported', () => {
    const acting = files
      .filter((file) => effectsOf(file).length > 0)
      .map((file) => `./${path.relative(root, file)}`)
      .sort();
    expect(acting).toEqual([...declared].sort());
  });

  it('finds an effect where there is one (the checker can fail)', () => {
    expect(effectsOf(path.join(root, 'src/catalogue/all.ts'))).toEqual(['setCatalogue(catalogue);']);
    expect(effectsOf(path.join(root, 'src/money.ts'))).toEqual([]);
    // the shapes a review tried to slip past an earlier version of this check
    expect(effectsOfText('export const r = (globalThis.x = 1);')).toHaveLength(1);
    expect(effectsOfText('class A { static { (globalThis as any).y = 1; } }')).toHaveLength(1);
    expect(effectsOfText('class B { static registry = new Map(); }')).toHaveLength(1);
    expect(effectsOfText('switch (1) { default: }')).toHaveLength(1);
    // binding values, including ones built by calls and functions that assign when called
    expect(
      effectsOfText(
        'export const s = Object.freeze([1, 2].map((n) => n * 2));\n' +
          'export function f() { let x = 0; x += 1; return x; }\n' +
          'export const g = () => { const o: Record<string, number> = {}; o.a = 1; return o; };',
      ),
    ).toEqual([]);
  });
});
