import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLIBC_MALLOC_TUNABLES, PRODUCTION_MEMORY_SETTINGS, repoRoot } from './test/server-process.ts';

// Issue 8 (memory): the server's process settings are written in three places, `npm start`, the
// Dockerfile and the harness that the bench, the soak and the scale tests start servers with. A
// figure measured by the soak is only the production figure while the three agree.
const startScript = (
  JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts.start!;
const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('production process settings (issue 8)', () => {
  it('npm start sets the allocator tunables (overridable) and the semi-space the harness uses', () => {
    expect(startScript).toContain(`GLIBC_TUNABLES=\${GLIBC_TUNABLES:-${GLIBC_MALLOC_TUNABLES}} node`);
    expect(startScript).toContain(`node ${PRODUCTION_MEMORY_SETTINGS.NODE_OPTIONS} `);
  });

  it('the image sets the same tunables and semi-space', () => {
    expect(dockerfile).toMatch(new RegExp(`^\\s+GLIBC_TUNABLES=${literally(GLIBC_MALLOC_TUNABLES)}$`, 'm'));
    expect(dockerfile).toMatch(
      new RegExp(
        `^CMD \\["node", "${PRODUCTION_MEMORY_SETTINGS.NODE_OPTIONS}", "apps/api/dist/server.mjs"\\]$`,
        'm',
      ),
    );
  });

  it('the harness (bench, soak, scale tests) starts servers with exactly these settings', () => {
    expect(PRODUCTION_MEMORY_SETTINGS).toEqual({
      NODE_OPTIONS: '--max-semi-space-size=4',
      GLIBC_TUNABLES: GLIBC_MALLOC_TUNABLES,
    });
  });

  it('names only tunables glibc knows, with whole numbers (glibc ignores a misspelt one silently)', () => {
    const known = new Set([
      'glibc.malloc.arena_max',
      'glibc.malloc.mmap_threshold',
      'glibc.malloc.trim_threshold',
    ]);
    const pairs = GLIBC_MALLOC_TUNABLES.split(':').map((pair) => pair.split('='));
    // each of the three once
    expect(new Set(pairs.map(([name]) => name))).toEqual(known);
    expect(pairs.length).toBe(3);
    for (const [, value] of pairs) expect(value).toMatch(/^[1-9]\d*$/);
    // setting the threshold at all stops glibc raising it; it must stay below the size of a decoded
    // photo or a re-encoded JPEG (hundreds of KB and up), which are what should go back on free
    const threshold = Number(pairs.find(([name]) => name === 'glibc.malloc.mmap_threshold')![1]);
    expect(threshold).toBeLessThanOrEqual(256 * 1024);
  });
});
