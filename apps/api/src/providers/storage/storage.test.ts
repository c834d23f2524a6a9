import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { assertStorageKey } from './object-storage.ts';

/**
 * A tiny S3 stand-in on 127.0.0.1: path-style PutObject, GetObject and DeleteObject, enough to
 * prove the adapter's requests (method, path, headers, signature present) and its handling of the
 * answers (404 NoSuchKey → null). It does not check the signature itself.
 */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; url: string; headers: IncomingMessage['headers'] }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      const key = decodeURIComponent((req.url ?? '').split('?')[0]!);
      if (req.method === 'PUT') {
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: String(req.headers['content-type'] ?? ''),
        });
        res.writeHead(200, { etag: '"fake"' }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end(
              '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
            );
          return;
        }
        res
          .writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length })
          .end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  return { server, objects, requests };
}

describe('object storage (BE-03)', () => {
  it('BE-03 refuses keys that could escape the storage folder', () => {
    for (const bad of ['../x.jpg', 'a/../../b', '/etc/passwd', 'a//b', '', 'a/.hidden', 'photos/x.jpg/'])
      expect(() => assertStorageKey(bad), bad).toThrow();
    expect(() =>
      assertStorageKey(
        'photos/0c1d3e8a-1111-4222-8333-444455556666/0c1d3e8a-1111-4222-8333-444455556666.jpg',
      ),
    ).not.toThrow();
  });

  describe('LocalDiskStorage', () => {
    let dir = '';
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'pisonow-storage-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('BE-03 puts, gets and deletes private files (0600), leaving no temporary files', async () => {
      const storage = new LocalDiskStorage(dir);
      await storage.put('photos/a/b.jpg', Buffer.from('hello'), 'image/jpeg');
      expect(await storage.get('photos/a/b.jpg')).toEqual({
        body: Buffer.from('hello'),
        contentType: 'image/jpeg',
      });
      expect((await stat(path.join(dir, 'photos/a/b.jpg'))).mode & 0o777).toBe(0o600);
      expect(await readdir(path.join(dir, 'photos/a'))).toEqual(['b.jpg']);
      await storage.delete('photos/a/b.jpg');
      expect(await storage.get('photos/a/b.jpg')).toBeNull();
      await storage.delete('photos/a/b.jpg'); // deleting again is fine
    });
  });

  describe('S3Storage against a fake S3 server', () => {
    const fake = fakeS3();
    let endpoint = '';
    beforeAll(async () => {
      await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
      endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => fake.server.close(resolve));
    });

    it('BE-03 PutObject / GetObject / DeleteObject with signed, path-style requests', async () => {
      const storage = new S3Storage({
        bucket: 'kyc-photos',
        region: 'ap-southeast-1',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      });
      const body = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
      await storage.put('photos/c/d.jpg', body, 'image/jpeg');
      const put = fake.requests.at(-1)!;
      expect(put.method).toBe('PUT');
      expect(put.url.split('?')[0]).toBe('/kyc-photos/photos/c/d.jpg');
      expect(put.headers['content-type']).toBe('image/jpeg');
      expect(put.headers['x-amz-server-side-encryption']).toBe('AES256');
      expect(put.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ap-southeast-1\/s3\/aws4_request/,
      );
      expect(put.headers['x-amz-acl']).toBeUndefined(); // never public-read
      expect(fake.objects.get('/kyc-photos/photos/c/d.jpg')?.body).toEqual(body);

      expect(await storage.get('photos/c/d.jpg')).toEqual({ body, contentType: 'image/jpeg' });
      expect(fake.requests.at(-1)!.method).toBe('GET');

      await storage.delete('photos/c/d.jpg');
      expect(fake.requests.at(-1)!.method).toBe('DELETE');
      expect(await storage.get('photos/c/d.jpg')).toBeNull(); // 404 NoSuchKey → null
    });
  });
});
