import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { verhoeffDigit, verhoeffValid } from '../../src/shared/verhoeff';
import { idNumberValid, maskIdNumber } from '../../src/server/domain/identity/rules';
import { decryptSecret, encryptSecret } from '../../src/server/domain/identity/cipher';

describe('Verhoeff check digit (Aadhaar)', () => {
  it('accepts known-good numbers and rejects every single-digit change', () => {
    expect(verhoeffValid('2363')).toBe(true); // the algorithm's textbook example
    const number = '234123412346';
    expect(verhoeffValid(number)).toBe(true);
    for (let i = 0; i < number.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === number[i]) continue;
        expect(verhoeffValid(number.slice(0, i) + d + number.slice(i + 1))).toBe(false);
      }
    }
  });

  it('catches adjacent transpositions', () => {
    expect(verhoeffValid('324123412346')).toBe(false);
  });

  it('computes the digit that makes a number valid', () => {
    for (const base of ['23412341234', '99999999999', '50000000000']) expect(verhoeffValid(base + verhoeffDigit(base))).toBe(true);
  });
});

describe('ID number rules', () => {
  it.each([
    ['aadhaar', '234123412346', true],
    ['aadhaar', '134123412346', false], // starts with 1
    ['aadhaar', '034123412346', false],
    ['aadhaar', '23412341234', false], // 11 digits
    ['aadhaar', '234123412347', false], // check digit
    ['pan', 'ABCDE1234F', true],
    ['pan', 'abcde1234f', false],
    ['pan', 'ABCD1234FF', false],
  ] as const)('%s %s → %s', (type, number, valid) => {
    expect(idNumberValid(type, number)).toBe(valid);
  });

  it('masks to the last four', () => {
    expect(maskIdNumber('aadhaar', '2346')).toBe('XXXX XXXX 2346');
    expect(maskIdNumber('pan', '234F')).toBe('XXXXXX234F');
  });
});

describe('ID numbers at rest (AES-256-GCM)', () => {
  const key = randomBytes(32);
  it('round-trips and never contains the plain text', () => {
    const sealed = encryptSecret(key, '234123412346');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('234123412346');
    expect(encryptSecret(key, '234123412346')).not.toBe(sealed); // fresh IV each time
    expect(decryptSecret(key, sealed)).toBe('234123412346');
  });

  it('refuses a tampered ciphertext and another key', () => {
    const sealed = encryptSecret(key, 'ABCDE1234F');
    const parts = sealed.split(':');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    expect(() => decryptSecret(key, [...parts.slice(0, 3), data.toString('base64url')].join(':'))).toThrow();
    expect(() => decryptSecret(randomBytes(32), sealed)).toThrow();
  });
});
