/**
 * Every namespace of zh-CN the web shows, in one chunk: a language arrives in one request, not one per
 * namespace (issue 9). index.ts loads it with loadLanguage('zh-CN'); the server's namespaces stay out.
 */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../../../../packages/domain/src/catalogue/zh-CN/*.json',
    '!../../../../../../packages/domain/src/catalogue/zh-CN/{sms,notifications,documents}.json',
  ],
  { eager: true, import: 'default' },
);
