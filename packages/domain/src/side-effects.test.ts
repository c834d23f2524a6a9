import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 9: package.json declares which of the domain's modules do something when imported
// ("sideEffects"). The bundlers trust it: a module that is not listed and none of whose exports is
// used is dropped whole, so the borrower app no longer builds the operator console's zod contracts
// on every start (7–13 KB of brotli and about a third of the module evaluation on a signed-in
// page, at Lighthouse's 4× slowdown). A module that did something at import and was not listed
// would be dropped silently: this test keeps the list equal to what the sources do.
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

/** Top-level statements that run code when the module is imported, other than binding a value. */
function effectsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements
    .filter(
      (statement) =>
        ts.isExpressionStatement(statement) ||
        ts.isIfStatement(statement) ||
        ts.isForStatement(statement) ||
        ts.isForOfStatement(statement) ||
        ts.isForInStatement(statement) ||
        ts.isWhileStatement(statement) ||
        ts.isBlock(statement) ||
        ts.isTryStatement(statement) ||
        // a bare `import './x.ts'` exists only for what x does when imported
        (ts.isImportDeclaration(statement) && !statement.importClause),
    )
    .map((statement) => statement.getText(source).split('\n')[0]!);
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
  });
});
