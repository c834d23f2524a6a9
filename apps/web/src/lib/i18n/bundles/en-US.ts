/**
 * Every namespace of en-US the web shows, in one chunk: a language arrives in one request, not one per
 * namespace (issue 9). index.ts loads it with loadLanguage('en-US'); the server's namespaces stay out.
 */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../../../../packages/domain/src/catalogue/en-US/*.json',
    // common, routes, auth and errors are in the app shell already (index.ts)
    '!../../../../../../packages/domain/src/catalogue/en-US/{common,routes,auth,errors}.json',
    '!../../../../../../packages/domain/src/catalogue/en-US/{sms,notifications,documents}.json',
  ],
  { eager: true, import: 'default' },
);
