import { describe, expect, it } from 'vitest';
import { attributionConfig, originOf, tutorialConfig } from './client-config.ts';

const base = {
  NODE_ENV: 'production' as const,
  SANDBOX: false,
  ATTRIBUTION_APP_TOKEN: 'abc123def456',
  ATTRIBUTION_SDK_URL: 'https://cdn.adjust.com/adjust-latest.min.js',
  ATTRIBUTION_REGISTRATION_EVENT: 'reg01',
};

describe('public config for the app: attribution and tutorial', () => {
  it('SH-16 the attribution SDK is configured only in production, with the token from the environment', () => {
    expect(attributionConfig(base)).toEqual({
      appToken: 'abc123def456',
      sdkUrl: 'https://cdn.adjust.com/adjust-latest.min.js',
      registrationEvent: 'reg01',
    });
    expect(attributionConfig({ ...base, NODE_ENV: 'development' })).toBeNull();
    expect(attributionConfig({ ...base, NODE_ENV: 'test' })).toBeNull();
    expect(attributionConfig({ ...base, SANDBOX: true })).toBeNull();
    expect(attributionConfig({ ...base, ATTRIBUTION_APP_TOKEN: undefined })).toBeNull();
  });

  it('issue 10 the tutorial has one captions file per language; empty settings mean none', () => {
    expect(
      tutorialConfig({
        TUTORIAL_VIDEO_URL: '/t.mp4',
        TUTORIAL_POSTER_URL: '/t.jpg',
        TUTORIAL_CAPTIONS_URL: '/t.{lang}.vtt',
      }),
    ).toEqual({
      videoUrl: '/t.mp4',
      posterUrl: '/t.jpg',
      captions: { 'en-US': '/t.en-US.vtt', fil: '/t.fil.vtt', 'zh-CN': '/t.zh-CN.vtt' },
    });
    expect(
      tutorialConfig({ TUTORIAL_VIDEO_URL: '', TUTORIAL_POSTER_URL: '', TUTORIAL_CAPTIONS_URL: '' }),
    ).toEqual({ videoUrl: null, posterUrl: null, captions: null });
    expect(originOf('https://cdn.example.com/a/b.mp4')).toBe('https://cdn.example.com');
    expect(originOf('/tutorial/a.mp4')).toBeNull();
  });
});

describe('GET /api/config/public outside production', () => {
  it('SH-16 a token configured on a test server still gives the app no attribution and the CSP no SDK origin', async () => {
    const { createTestApp } = await import('../../test/test-app.ts');
    const t = await createTestApp({ ATTRIBUTION_APP_TOKEN: 'abc123def456' });
    try {
      const res = await t.app.inject('/api/config/public');
      expect(res.json()).toMatchObject({
        attribution: null,
        tutorial: {
          videoUrl: '/tutorial/how-to-borrow.mp4',
          posterUrl: '/tutorial/how-to-borrow.jpg',
          captions: { fil: '/tutorial/how-to-borrow.fil.vtt' },
        },
      });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toMatch(/connect-src 'self'(;|$)/);
    } finally {
      await t.close();
    }
  });
});
