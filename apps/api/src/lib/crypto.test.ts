import { describe, expect, it } from 'vitest';
import { sha256Hex } from './crypto.ts';

describe('sha256Hex', () => {
  it('is SHA-256 in hex, for text and bytes alike (the FIPS 180-2 vector)', () => {
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(sha256Hex('abc')).toBe(abc);
    expect(sha256Hex(Buffer.from('abc'))).toBe(abc);
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
