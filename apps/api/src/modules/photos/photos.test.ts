import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { uploadGrantResponse } from '@pisonow/domain';
import { client, createTestApp, type TestApp } from '../../test/test-app.ts';
import { photos, uploadGrants } from '../../db/schema/index.ts';
import { ImageWorkerPool } from '../../workers/image-pool.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/photos');
const fixture = (name: string) => readFile(path.join(fixtures, name));

describe('photos: upload grants, uploads, links (BE-03, VAL-16, ST-05)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let dataDir = '';
  let alice: { token: string; customerId: string };
  let bob: { token: string; customerId: string };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pisonow-photos-'));
    t = await createTestApp({ DATA_DIR: dataDir, PHOTO_MAX_BYTES: '1000000' });
    await (t.app.providers.face as ImageWorkerPool).warmUp(); // the worker loads the model once per file
    api = client(t.app);
    alice = await api.signIn('09171234567');
    bob = await api.signIn('09181234567');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const storedFiles = async (): Promise<string[]> => {
    const root = path.join(dataDir, 'objects');
    try {
      return (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.jpg'));
    } catch {
      return [];
    }
  };
  const grant = async (kind: 'idCard' | 'selfie', who = alice) => {
    const res = await api.json('POST', '/api/photos/upload-grants', { kind }, api.authed(who.token));
    expect(res.status).toBe(201);
    return res.body as {
      grantId: string;
      uploadUrl: string;
      method: 'PUT';
      expiresAt: string;
      maxBytes: number;
    };
  };
  const put = async (url: string, body: Buffer, contentType = 'image/jpeg') => {
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': contentType },
      payload: body,
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const upload = async (kind: 'idCard' | 'selfie', name: string, who = alice) =>
    put((await grant(kind, who)).uploadUrl, await fixture(name));

  it('BE-03 a grant is short-lived, for one kind, and carries no storage credentials', async () => {
    const g = await grant('idCard');
    expect(g.method).toBe('PUT');
    expect(g.uploadUrl).toMatch(/^\/api\/photos\/uploads\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(g.expiresAt).getTime() - t.clock.now().getTime()).toBe(600_000);
    expect(g.maxBytes).toBe(1_000_000);
    // nothing but our own one-use path: no presigned storage URL, no credential of any kind (the
    // markers are matched exactly: the grant's random token may spell "key" by chance)
    expect(Object.keys(g).sort()).toEqual(Object.keys(uploadGrantResponse.shape).sort());
    expect(JSON.stringify(g)).not.toMatch(/X-Amz-|AWSAccessKeyId|Signature=|secret/);
    expect((await api.json('POST', '/api/photos/upload-grants', { kind: 'idCard' })).status).toBe(401);
    expect(
      (await api.json('POST', '/api/photos/upload-grants', { kind: 'passport' }, api.authed(alice.token)))
        .status,
    ).toBe(400);
  });

  it('BE-03 a sharp ID card is accepted, stored privately, re-encoded, hashed, and served back to its owner', async () => {
    const res = await upload('idCard', 'id-card-sharp.jpg');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'idCard', status: 'accepted', width: 1600, height: 1200 });
    const photoId = res.body.photoId as string;
    const [row] = await t.database.db.select().from(photos).where(eq(photos.id, photoId));
    expect(row).toMatchObject({
      customerId: alice.customerId,
      status: 'accepted',
      mime: 'image/jpeg',
      rejectionCode: null,
    });
    const stored = await readFile(path.join(dataDir, 'objects', row!.storageKey));
    expect(row!.contentHash).toBe(createHash('sha256').update(stored).digest('hex'));
    expect(row!.bytes).toBe(stored.length);

    const link = await api.json('GET', `/api/photos/${photoId}/link`, undefined, api.authed(alice.token));
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/^\/api\/photos\/files\/[\w-]{50}\.[\w-]{32}$/);
    expect(new Date(link.body.expiresAt).getTime() - t.clock.now().getTime()).toBe(300_000);
    const file = await t.app.inject({ method: 'GET', url: link.body.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('private, max-age=300');
    expect(file.rawPayload.equals(stored)).toBe(true);
  });

  it('VAL-16 a blurred ID card is refused with PHOTO_RETAKE (recorded as rejected, nothing stored)', async () => {
    const before = await storedFiles();
    const res = await upload('idCard', 'id-card-blurred.jpg');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('PHOTO_RETAKE');
    expect(res.body.message).toBe('There is a problem with the photo, please retake it.');
    const rejected = await t.database.db.select().from(photos).where(eq(photos.status, 'rejected'));
    expect(
      rejected.some(
        (p) =>
          p.rejectionCode === 'PHOTO_RETAKE' &&
          (p.checks as { problems: string[] }).problems.includes('blurred'),
      ),
    ).toBe(true);
    expect(await storedFiles()).toEqual(before);
  });

  it('VAL-16 a glared ID card is refused with PHOTO_RETAKE', async () => {
    const res = await upload('idCard', 'id-card-glare.jpg');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('PHOTO_RETAKE');
  });

  it('VAL-16 a cropped ID card (corners out of the frame) is refused with PHOTO_RETAKE', async () => {
    const res = await upload('idCard', 'id-card-cropped.jpg');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('PHOTO_RETAKE');
  });

  it('VAL-16 a selfie with one face is accepted', async () => {
    const res = await upload('selfie', 'selfie-one-face.jpg');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'selfie', status: 'accepted' });
  });

  it('face detection and image work run in the worker pool; no server code loads TensorFlow.js or face-api', async () => {
    expect((await upload('selfie', 'selfie-one-face.jpg')).status).toBe(201);
    const pool = t.app.providers.face as ImageWorkerPool;
    expect(pool).toBeInstanceOf(ImageWorkerPool);
    expect(t.app.providers.images).toBe(pool);
    expect(pool.threads).toBeGreaterThanOrEqual(1);
    // Read from the sources, not from this process's module cache: API test files share a module
    // graph per worker (vitest isolate: false), and the face network's reference test loads
    // face-api on TensorFlow.js on purpose. The server only locates face-api's weights file.
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const files = (await readdir(src, { recursive: true })).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith(`test${path.sep}`),
    );
    expect(files.length).toBeGreaterThan(100);
    const loadsModel: string[] = [];
    for (const f of files) {
      const text = await readFile(path.join(src, f), 'utf8');
      if (/['"]@tensorflow\/|face-api\/dist|from ['"]@vladmandic\/face-api['"]/.test(text))
        loadsModel.push(f);
    }
    expect(loadsModel).toEqual([]);
  });

  it('VAL-16 ER-01 a selfie with no face or two faces fails with FACE_FAILED', async () => {
    for (const name of ['selfie-no-face.jpg', 'selfie-two-faces.jpg']) {
      const res = await upload('selfie', name);
      expect(res.status, name).toBe(422);
      expect(res.body.code).toBe('FACE_FAILED');
      expect(res.body.message).toBe('Facial recognition failed, please retry.');
    }
  });

  it('BE-03 an oversized upload is refused with 413 and nothing is stored', async () => {
    const before = await storedFiles();
    const g = await grant('idCard');
    const big = Buffer.concat([await fixture('id-card-sharp.jpg'), Buffer.alloc(1_000_001 - 148_000)]);
    const res = await put(g.uploadUrl, big);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedFiles()).toEqual(before);
  });

  it('BE-03 a wrong type is refused: 415 for non-image and HEIC, IMAGE_INVALID when the bytes are not the declared type', async () => {
    const g = await grant('idCard');
    const jpeg = await fixture('id-card-sharp.jpg');
    expect((await put(g.uploadUrl, Buffer.from('hello'), 'text/plain')).status).toBe(415);
    expect((await put(g.uploadUrl, jpeg, 'image/heic')).body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await put(g.uploadUrl, jpeg, 'application/json')).status).toBe(400); // Fastify's JSON parser refuses it first
    const png = await sharp(jpeg).resize(800).png().toBuffer();
    const mismatch = await put(g.uploadUrl, png, 'image/jpeg');
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.code).toBe('IMAGE_INVALID');
    // …and the grant was not spent by the refusals: the right file still goes through
    expect((await put(g.uploadUrl, png, 'image/png')).status).toBe(201);
  });

  it('BE-03 a corrupt or tiny image is refused with IMAGE_INVALID, never a 5xx, nothing stored', async () => {
    const before = await storedFiles();
    const g = await grant('idCard');
    const jpeg = await fixture('id-card-sharp.jpg');
    const cases: Buffer[] = [
      jpeg.subarray(0, Math.floor(jpeg.length / 2)), // truncated
      Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(5000, 0x41)]), // JPEG magic, garbage after
      Buffer.alloc(0),
      await sharp({ create: { width: 200, height: 120, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer(), // too small
    ];
    for (const body of cases) {
      const res = await put(g.uploadUrl, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.code).toBe('IMAGE_INVALID');
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('BE-03 an upload grant expires after 10 minutes', async () => {
    const g = await grant('idCard');
    t.clock.advanceSeconds(601);
    const res = await put(g.uploadUrl, await fixture('id-card-sharp.jpg'));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('UPLOAD_GRANT_EXPIRED');
  });

  it('BE-03 an upload grant is single use; an unknown token is not found', async () => {
    const g = await grant('idCard');
    const jpeg = await fixture('id-card-sharp.jpg');
    expect((await put(g.uploadUrl, jpeg)).status).toBe(201);
    const again = await put(g.uploadUrl, jpeg);
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('UPLOAD_GRANT_EXPIRED');
    const [row] = await t.database.db.select().from(uploadGrants).where(eq(uploadGrants.id, g.grantId));
    expect(row!.usedAt).not.toBeNull();
    expect((await put(`/api/photos/uploads/${'A'.repeat(43)}`, jpeg)).status).toBe(404);
    expect((await put('/api/photos/uploads/short', jpeg)).status).toBe(400);
  });

  it('BE-03 EXIF (GPS position, camera) is stripped from the stored photo', async () => {
    const withGps = await sharp(await fixture('id-card-sharp.jpg'))
      .withExif({
        IFD0: { Make: 'PisoPhone', Copyright: 'borrower' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '14/1 35/1 4/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '120/1 59/1 2/1',
        },
      })
      .jpeg()
      .toBuffer();
    const meta = await sharp(withGps).metadata();
    expect(meta.exif?.includes(Buffer.from('PisoPhone'))).toBe(true); // the upload really carries EXIF
    const res = await put((await grant('idCard')).uploadUrl, withGps);
    expect(res.status).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(photos)
      .where(eq(photos.id, res.body.photoId as string));
    const stored = await readFile(path.join(dataDir, 'objects', row!.storageKey));
    const storedMeta = await sharp(stored).metadata();
    expect(storedMeta.exif).toBeUndefined();
    expect(storedMeta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('PisoPhone'))).toBe(false);
  });

  it("BE-03 another borrower's photo is simply not found", async () => {
    const mine = await upload('idCard', 'id-card-sharp.jpg', alice);
    const res = await api.json(
      'GET',
      `/api/photos/${mine.body.photoId as string}/link`,
      undefined,
      api.authed(bob.token),
    );
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect((await api.json('GET', `/api/photos/${mine.body.photoId as string}/link`)).status).toBe(401);
    // a rejected photo has no link either
    const rejected = await upload('idCard', 'id-card-blurred.jpg', alice);
    expect(rejected.status).toBe(422);
  });

  it('BE-03 a photo link expires after 5 minutes and cannot be forged', async () => {
    const mine = await upload('idCard', 'id-card-sharp.jpg');
    const link = await api.json(
      'GET',
      `/api/photos/${mine.body.photoId as string}/link`,
      undefined,
      api.authed(alice.token),
    );
    t.clock.advanceSeconds(200);
    const early = await t.app.inject({ method: 'GET', url: link.body.url });
    expect(early.statusCode).toBe(200);
    expect(early.headers['cache-control']).toBe('private, max-age=100'); // never cached past the link's life
    t.clock.advanceSeconds(101);
    const late = await t.app.inject({ method: 'GET', url: link.body.url });
    expect(late.statusCode).toBe(404);
    expect(late.json().code).toBe('NOT_FOUND');
    // a link re-signed for a later expiry without the key is refused
    const [payload, signature] = (link.body.url as string).split('/').at(-1)!.split('.');
    const bytes = Buffer.from(payload!, 'base64url');
    bytes.writeUIntBE(Math.floor(t.clock.now().getTime() / 1000) + 300, 32, 5);
    const forged = `${bytes.toString('base64url')}.${signature}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/photos/files/${forged}` })).statusCode).toBe(404);
  });
});
