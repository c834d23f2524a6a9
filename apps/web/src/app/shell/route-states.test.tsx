import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { RouteFallback } from './route-states.tsx';

/** Markup without whitespace between tags, attributes in the order written. */
const normalise = (html: string) =>
  html
    .replace(/>\s+</g, '><')
    .replace(/\s*\/>/g, '>')
    .replace(/<\/\w+>/g, '');

describe('the splash (issue 9)', () => {
  it('index.html and RouteFallback draw the same splash, so nothing moves when React takes over', () => {
    const index = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
    const splash = /<div id="root">\s*([\s\S]*?)\s*<!-- \/boot -->/.exec(index)?.[1];
    expect(splash, 'index.html has the splash inside #root').toBeTruthy();
    const react = renderToStaticMarkup(<RouteFallback />).replace(/\s+/g, ' ');
    expect(normalise(react)).toBe(normalise(splash!.replace(/\s+/g, ' ')));
  });
});
