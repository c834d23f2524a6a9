import { useMemo } from 'react';
import './document-view.css';

/*
 * Moved here from features/lending (issue 7): the signed loan documents (lending) and the fresh
 * disclosure statement of an extension (servicing) are shown by the same panel, and features do not
 * import each other.
 */

const DROP = 'script, style, link, meta, iframe, object, embed, form, base, title';

/**
 * The body of a server-generated document (already escaped by the server) as markup for a panel.
 * Defence in depth all the same: parsed inert with DOMParser (nothing runs), active elements,
 * inline handlers and javascript: links dropped. The CSP forbids inline scripts in any case.
 */
export function documentBody(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.body.querySelectorAll(DROP).forEach((el) => el.remove());
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      if (
        name.startsWith('on') ||
        name === 'style' ||
        ((name === 'href' || name === 'src') && /^\s*javascript:/i.test(attr.value))
      )
        el.removeAttribute(attr.name);
    }
  });
  return doc.body.innerHTML;
}

/** One document in a readable, scrollable panel; `testId` marks the panel. */
export function DocumentPanel({
  title,
  html,
  loading,
  testId,
}: {
  title: string;
  html: string | undefined;
  loading?: boolean;
  testId: string;
}) {
  const body = useMemo(() => (html ? documentBody(html) : ''), [html]);
  return (
    <section className="ln-doc" aria-label={title}>
      <h2 className="ln-doc__title">{title}</h2>
      <div className="ln-doc__panel" data-testid={testId} tabIndex={0} aria-busy={loading || !html}>
        {body ? (
          <div className="ln-doc__body" dangerouslySetInnerHTML={{ __html: body }} />
        ) : (
          <p className="ln-doc__loading">…</p>
        )}
      </div>
    </section>
  );
}
