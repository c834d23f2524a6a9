/**
 * Every namespace of fil the web shows, in one chunk: a language arrives in one request, not one per
 * namespace (issue 9). index.ts loads it with loadLanguage('fil'); the server's namespaces stay out.
 */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../../../../packages/domain/src/catalogue/fil/*.json',
    '!../../../../../../packages/domain/src/catalogue/fil/{sms,notifications,documents}.json',
  ],
  { eager: true, import: 'default' },
);
