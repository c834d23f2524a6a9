import { Activity, Fragment, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * SH-03. KeepAlive routes are rendered once and then kept mounted inside React's <Activity>: when
 * the user leaves, the page is hidden (display: none, effects paused) but its state and DOM stay,
 * so typed input survives; coming back shows the same instance. Other routes get a fresh instance
 * on every visit (keyed by route name). The document scrolls (not a page box), so the scroll offset
 * of each kept route is remembered here and restored on return.
 */
export function KeepAliveOutlet({
  name,
  keepAlive,
  element,
  resetKey,
}: {
  name: string;
  keepAlive: boolean;
  element: ReactNode;
  /** when this changes (logout), every kept page is dropped: no borrower data may linger */
  resetKey: string;
}) {
  const [cache, setCache] = useState<{ resetKey: string; pages: ReadonlyMap<string, ReactNode> }>({
    resetKey,
    pages: new Map(),
  });

  // "Adjusting state while rendering": cache the first element of a kept route, drop all on reset.
  let pages = cache.pages;
  if (cache.resetKey !== resetKey) pages = new Map();
  if (keepAlive && element && !pages.has(name)) pages = new Map(pages).set(name, element);
  if (pages !== cache.pages || cache.resetKey !== resetKey) setCache({ resetKey, pages });

  useScrollMemory(name, keepAlive);

  return (
    <>
      {[...pages].map(([pageName, pageElement]) => (
        <Activity key={pageName} mode={pageName === name ? 'visible' : 'hidden'} name={pageName}>
          {pageElement}
        </Activity>
      ))}
      {!keepAlive && <Fragment key={name}>{element}</Fragment>}
    </>
  );
}

function useScrollMemory(name: string, keepAlive: boolean): void {
  const positions = useRef(new Map<string, number>());
  const current = useRef(name);

  useLayoutEffect(() => {
    current.current = name;
    window.scrollTo(0, keepAlive ? (positions.current.get(name) ?? 0) : 0);
  }, [name, keepAlive]);

  useLayoutEffect(() => {
    const onScroll = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
}
