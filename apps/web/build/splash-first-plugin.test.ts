import { describe, expect, it } from 'vitest';
import { moveEntryStylesAfterSplash } from './splash-first-plugin.ts';

const built = `<!doctype html>
<html lang="en-US">
  <head>
    <style>.boot{display:flex}</style>
    <script type="module" crossorigin src="/assets/shell-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/shell-1.css">
    <link rel="stylesheet" crossorigin href="/assets/antd-1.css">
  </head>
  <body>
    <div id="root"><div class="boot"></div><!-- /boot --></div>
  </body>
</html>`;

describe('the splash paints before the entry stylesheet has arrived (issue 9)', () => {
  it('issue 9: the entry stylesheets leave <head> for the end of <body>, in order; nothing else moves', () => {
    const html = moveEntryStylesAfterSplash(built);
    const head = html.slice(0, html.indexOf('</head>'));
    const body = html.slice(html.indexOf('<body>'));
    expect(head).not.toContain('rel="stylesheet"');
    expect(head).toContain('<style>.boot{display:flex}</style>');
    expect(head).toContain('src="/assets/shell-1.js"');
    // after the splash, before </body>, still parser-inserted (so they still block the module scripts)
    expect(body.indexOf('id="root"')).toBeLessThan(body.indexOf('shell-1.css'));
    expect(body.indexOf('shell-1.css')).toBeLessThan(body.indexOf('antd-1.css'));
    expect(body.indexOf('antd-1.css')).toBeLessThan(body.indexOf('</body>'));
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(2);
  });

  it('issue 9: a page without stylesheets is left as it is', () => {
    const plain = built.replace(/\s*<link rel="stylesheet"[^>]*>/g, '');
    expect(moveEntryStylesAfterSplash(plain)).toBe(plain);
  });
});
