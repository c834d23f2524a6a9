import { useTranslation } from 'react-i18next';
import { DocumentPanel } from '../../../lib/document/document-view.tsx';
import type { DocumentKind } from '../api/get-loan-documents.ts';

/** One loan document in a readable, scrollable panel: `doc-<kind>` (the panel itself is in lib/document). */
export function DocumentView({
  kind,
  html,
  loading,
}: {
  kind: DocumentKind;
  html: string | undefined;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DocumentPanel
      title={t(`lending:loan.doc.${kind}`)}
      html={html}
      loading={loading}
      testId={`doc-${kind}`}
    />
  );
}
