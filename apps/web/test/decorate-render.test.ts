import { describe, expect, it } from 'vitest';
import { imageSource } from '../src/features/decorate/pages/render/image-source';
import { expiryText, previewExpiry } from '../src/features/decorate/pages/render/preview-link';

/** A token as the server signs it: base64url(JSON {l, e}) + "." + a signature. */
const tokenOf = (claims: unknown) =>
  `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJl`;

describe('the page renderer’s images', () => {
  it('shows uploads of this site and https addresses, nothing else', () => {
    expect(imageSource('/uploads/images/202604/a.png')).toBe('/uploads/images/202604/a.png');
    expect(imageSource(' https://img.example.com/a.png ')).toBe('https://img.example.com/a.png');
    for (const bad of [
      '',
      '   ',
      null,
      undefined,
      'http://img.example.com/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example.com/a.png',
      '/\\evil.example.com/a.png',
      'https://',
      'uploads/a.png',
    ])
      expect(imageSource(bad)).toBeNull();
  });
});

describe('a preview link’s expiry, from its token', () => {
  it('reads the signed expiry the server checked', () => {
    const e = Date.UTC(2026, 3, 20, 6, 30);
    expect(previewExpiry(tokenOf({ l: 7, e }))).toBe(e);
  });

  it('is null for a token without one', () => {
    for (const token of [
      '',
      'not-a-token',
      '!!!.sig',
      tokenOf({ l: 7 }),
      tokenOf({ l: 7, e: 'soon' }),
      tokenOf({ l: 7, e: -5 }),
      tokenOf(null),
      `${Buffer.from('not json').toString('base64url')}.sig`,
    ])
      expect(previewExpiry(token)).toBeNull();
  });

  it('says the time today, and the day too on another day, in China time', () => {
    const china = (iso: string) => Date.parse(`${iso}+08:00`);
    const now = china('2026-04-20T09:00:00');
    expect(expiryText(china('2026-04-20T09:30:00'), now)).toBe('09:30');
    expect(expiryText(china('2026-04-21T08:05:00'), now)).toBe('04-21 08:05');
    // 23:50 in Beijing is 15:50 UTC: still today there, whatever the machine's zone.
    expect(expiryText(china('2026-04-20T23:50:00'), now)).toBe('23:50');
  });
});
