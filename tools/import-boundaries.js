// The house's import boundaries as one ESLint rule (bulletproof-react): inside the borrower app
// (apps/web/src) a feature never imports another feature, and imports flow lib → features → app;
// the domain package (packages/domain) imports no app and no Node built-in.
//
// Why a rule of our own and not no-restricted-imports: that rule matches the import's text, and a
// text pattern cannot know where a relative path lands. `../../features/servicing/x` from
// features/home/ and `../../servicing/x` from features/home/pages/ both reach another feature but
// look nothing alike, and a dynamic import() is not checked at all. This rule resolves every
// specifier (relative, absolute, a file: URL, the web package's own name, or the web app's source
// aliases should one be added) against the importing file and judges the folder it reaches. It
// needs only node:path, no resolver plugin (a plugin's native resolver would put platform-only
// entries in the lock file).
//
// What it cannot resolve it refuses wherever a boundary applies (the domain, features, lib): an
// import() whose specifier is computed at run time, and a `#` subpath import. No package of this
// repository defines subpath imports (package.json "imports"), so a `#` specifier names nothing we
// could follow; whoever adds one teaches this rule to read the mapping and lifts the refusal.
import { isBuiltin } from 'node:module';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webSrc = resolve(root, 'apps/web/src');
const appsDir = resolve(root, 'apps');
const domainSrc = resolve(root, 'packages/domain/src');

// Vite/TypeScript alias spellings for the web source root. The web app declares none today; an
// alias added later must not open a way around the rule. (`#/` is a subpath import: refused below.)
const WEB_SOURCE_ALIAS = /^(?:@|~)\/|^src\//;
const APP_PACKAGE = /^@pisonow\/(?:api|web|console)(?:\/|$)/;
// The web package by its own name: the workspace links it into node_modules and it declares no
// "exports", so `@pisonow/web/src/features/x` reaches any file of the app.
const WEB_PACKAGE_PATH = /^@pisonow\/web\//;

/** Where a path lies below `dir`, as segments, or undefined when it is not below it. */
function below(dir, path) {
  const rel = relative(dir, path);
  if (rel === '' || rel.startsWith('..') || rel.startsWith(sep) || /^[a-zA-Z]:/.test(rel)) return undefined;
  return rel.split(sep);
}

/** The web app's layer of a file or import target: a feature (with its name), lib, app or other. */
function webLayer(path) {
  const parts = below(webSrc, path);
  if (!parts) return undefined;
  if (parts[0] === 'features' && parts[1]) return { layer: 'feature', feature: parts[1] };
  if (parts[0] === 'features') return { layer: 'features' };
  if (parts[0] === 'lib' || parts[0] === 'app') return { layer: parts[0] };
  return { layer: 'other' };
}

/** The file an import specifier names, when it names a file of this repository (not a package). */
function target(filename, specifier) {
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..')
    return resolve(dirname(filename), specifier);
  if (isAbsolute(specifier)) return resolve(specifier);
  if (specifier.startsWith('file:')) {
    try {
      return fileURLToPath(specifier);
    } catch {
      return undefined;
    }
  }
  if (WEB_SOURCE_ALIAS.test(specifier)) return resolve(webSrc, specifier.replace(WEB_SOURCE_ALIAS, ''));
  if (WEB_PACKAGE_PATH.test(specifier))
    return resolve(root, 'apps/web', specifier.replace(WEB_PACKAGE_PATH, ''));
  return undefined;
}

/**
 * The specifier a module source names when it is written out: a string literal, or a template
 * literal without expressions (`import(\`../x\`)`); undefined when it is computed at run time.
 */
function specifierOf(source) {
  if (source?.type === 'Literal' && typeof source.value === 'string') return source.value;
  if (source?.type === 'TemplateLiteral' && source.expressions.length === 0)
    return source.quasis[0].value.cooked ?? undefined;
  return undefined;
}

const show = (path) => relative(root, path).split(sep).join('/');

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features never import each other; lib → features → app; the domain is pure.' },
    schema: [],
    messages: {
      crossFeature:
        'Features never import each other ({{from}} → {{to}}): move what both need to lib/ or the domain package.',
      upward: 'Imports flow lib → features → app: {{from}} may not import {{to}}.',
      domainApp: 'The domain never imports an app ({{to}}).',
      domainBuiltin: 'The domain is pure rules: no I/O, no Node built-ins ({{to}}).',
      computed:
        'A computed import() cannot be checked against the import boundaries: name the module with a literal path.',
      subpathImport:
        'No package here defines the subpath import {{to}} (package.json "imports"), so where it lands cannot be checked: import by a relative path.',
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const inDomain = below(domainSrc, filename) !== undefined;
    const from = webLayer(filename);
    if (!inDomain && !from) return {};
    // the files a boundary applies to; the app layer (and the entry file) may import anything
    const bounded = inDomain || from.layer === 'feature' || from.layer === 'features' || from.layer === 'lib';

    function check(node, source) {
      const specifier = specifierOf(source);
      if (specifier === undefined) return;
      if (specifier.startsWith('#')) {
        if (bounded) context.report({ node: source, messageId: 'subpathImport', data: { to: specifier } });
        return;
      }
      const to = target(filename, specifier);
      if (inDomain) {
        if (isBuiltin(specifier))
          context.report({ node: source, messageId: 'domainBuiltin', data: { to: specifier } });
        else if (APP_PACKAGE.test(specifier) || (to && below(appsDir, to)))
          context.report({ node: source, messageId: 'domainApp', data: { to: to ? show(to) : specifier } });
        return;
      }
      const reached = to && webLayer(to);
      if (!reached) return;
      const data = { from: show(filename), to: show(to) };
      if (from.layer === 'feature') {
        if (reached.layer === 'feature' && reached.feature !== from.feature)
          context.report({ node: source, messageId: 'crossFeature', data });
        else if (reached.layer === 'features')
          context.report({ node: source, messageId: 'crossFeature', data });
        else if (reached.layer === 'app') context.report({ node: source, messageId: 'upward', data });
      } else if (from.layer === 'lib') {
        if (reached.layer === 'feature' || reached.layer === 'features' || reached.layer === 'app')
          context.report({ node: source, messageId: 'upward', data });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => {
        if (bounded && specifierOf(node.source) === undefined)
          context.report({ node: node.source, messageId: 'computed' });
        else check(node, node.source);
      },
      // `import x = require('…')` and `import('…').Type` in TypeScript
      TSExternalModuleReference: (node) => check(node, node.expression),
      TSImportType: (node) =>
        check(
          node,
          node.source ?? (node.argument?.type === 'TSLiteralType' ? node.argument.literal : undefined),
        ),
    };
  },
};

export const housePlugin = { rules: { 'import-boundaries': importBoundaries } };
