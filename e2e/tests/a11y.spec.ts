import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { animationsSettled } from '../support/axe.ts';
import { loginThroughUi } from '../support/login.ts';

// Issue 9: 0 serious or critical axe violations on every route × visitor and borrower, on the
// iPhone and the desktop project (this file runs in both). The routes come from THE route table.
const here = path.dirname(fileURLToPath(import.meta.url));
const table = readFileSync(path.resolve(here, '../../apps/web/src/app/router/routes.ts'), 'utf8');
const ROUTES = [...table.matchAll(/route\('(\w+)'/g)].map((m) => `/${m[1]}`);

interface Finding {
  route: string;
  id: string;
  impact: string;
  nodes: string[];
}

async function audit(page: Page, route: string): Promise<Finding[]> {
  await page.goto(route);
  await expect(page.getByTestId('page-title').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await animationsSettled(page);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route,
      id: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.route}: ${f.impact} ${f.id} → ${f.nodes.join(' | ')}`).join('\n');
}

test.describe('accessibility (axe-core, issue 9)', () => {
  test.describe.configure({ timeout: 240_000 });

  test('every route as a visitor: no serious or critical violations', async ({ page }) => {
    const findings: Finding[] = [];
    for (const route of ROUTES) findings.push(...(await audit(page, route)));
    expect(findings, report(findings)).toEqual([]);
  });

  test('every route as a borrower: no serious or critical violations', async ({ page }) => {
    await loginThroughUi(page);
    const findings: Finding[] = [];
    for (const route of ROUTES) findings.push(...(await audit(page, route)));
    expect(findings, report(findings)).toEqual([]);
  });
});
