import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  formatChinaDate,
  formatDate,
  isExternal,
  isValidUrl,
  maskIdNumber,
  maskPhone,
  relationshipLabel,
  relativeTime,
  thousands,
  toMillis,
} from '@health/contract';

const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));

describe('maskPhone', () => {
  it('hides the middle four digits of any eleven-digit phone number', () => {
    fc.assert(
      fc.property(digits(11), (phone) => {
        const masked = maskPhone(phone);
        expect(masked).toHaveLength(11);
        expect(masked.slice(0, 3)).toBe(phone.slice(0, 3));
        expect(masked.slice(3, 7)).toBe('****');
        expect(masked.slice(7)).toBe(phone.slice(7));
      }),
    );
  });
  it('leaves other values as they are', () => {
    expect(maskPhone('12345')).toBe('12345');
    expect(maskPhone('010-12345678')).toBe('010-12345678');
    expect(maskPhone(null)).toBe('');
    expect(maskPhone('13812345678')).toBe('138****5678');
  });
});

describe('maskIdNumber', () => {
  it('hides the eight digits after the first six', () => {
    fc.assert(
      fc.property(digits(17), fc.constantFrom('0', '5', 'X'), (body, check) => {
        const id = body + check;
        const masked = maskIdNumber(id);
        expect(masked.slice(0, 6)).toBe(id.slice(0, 6));
        expect(masked.slice(6, 14)).toBe('********');
        expect(masked.slice(14)).toBe(id.slice(14));
      }),
    );
    expect(maskIdNumber('110101199003078515')).toBe('110101********8515');
  });
});

describe('links', () => {
  it('treats http, https, mailto and tel as external, nothing else', () => {
    for (const link of ['http://a.cn', 'https://a.cn/x', 'mailto:a@b.cn', 'tel:10086']) {
      expect(isExternal(link)).toBe(true);
    }
    for (const link of ['/member_manage/lists', 'ftp://a.cn', 'javascript:alert(1)', 'member']) {
      expect(isExternal(link)).toBe(false);
    }
  });
  it('accepts http, https and ftp URLs and refuses other schemes', () => {
    expect(isValidUrl('https://www.example.com/path?a=1')).toBe(true);
    expect(isValidUrl('ftp://files.example.org/a.zip')).toBe(true);
    expect(isValidUrl('http://192.168.1.10:8080/x')).toBe(true);
    expect(isValidUrl('mailto:a@b.cn')).toBe(false);
    expect(isValidUrl('javascript:alert(1)')).toBe(false);
    expect(isValidUrl('www.example.com')).toBe(false);
  });
});

describe('relative time', () => {
  const now = new Date(2026, 10, 22, 12, 0, 0).getTime();
  it('follows the spec’s thresholds', () => {
    expect(relativeTime(now - 29_000, now)).toBe('刚刚');
    expect(relativeTime(now - 31_000, now)).toBe('1分钟前');
    expect(relativeTime(now - 59 * 60_000, now)).toBe('59分钟前');
    expect(relativeTime(now - 3 * 3600_000, now)).toBe('3小时前');
    expect(relativeTime(now - 36 * 3600_000, now)).toBe('1天前');
    expect(relativeTime(now - 3 * 86_400_000, now)).toBe('2026-11-19 12:00:00');
  });
  it('reads ten-digit timestamps as seconds', () => {
    expect(relativeTime(Math.floor((now - 10_000) / 1000), now)).toBe('刚刚');
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }), (s) => {
        expect(toMillis(s)).toBe(s * 1000);
      }),
    );
  });
  it('is never in the future bucket order: older times never read as newer', () => {
    const rank = (s: string) =>
      s === '刚刚'
        ? 0
        : s.endsWith('分钟前')
          ? 1
          : s.endsWith('小时前')
            ? 2
            : s === '1天前'
              ? 3
              : 4;
    fc.assert(
      fc.property(fc.nat(10 * 86_400_000), fc.nat(10 * 86_400_000), (a, b) => {
        const [young, old] = a <= b ? [a, b] : [b, a];
        expect(rank(relativeTime(now - young, now))).toBeLessThanOrEqual(
          rank(relativeTime(now - old, now)),
        );
      }),
    );
  });
});

describe('formatDate', () => {
  it('uses year-month-day hour:minute:second by default', () => {
    expect(formatDate(new Date(2026, 0, 5, 8, 7, 6))).toBe('2026-01-05 08:07:06');
    expect(formatDate(new Date(2026, 0, 5), '{y}/{m}/{d}')).toBe('2026/01/05');
    expect(formatDate(null)).toBe('');
  });
  it('formats in China time whatever the machine zone (server exports)', () => {
    // 16:30:05 UTC on 1 January is 00:30:05 the next day in China (UTC+8).
    expect(formatChinaDate(Date.UTC(2026, 0, 1, 16, 30, 5))).toBe('2026-01-02 00:30:05');
    expect(formatChinaDate(Date.UTC(2026, 0, 1, 16, 30, 5), '{y}-{m}-{d} 周{a}')).toBe(
      '2026-01-02 周五',
    );
    expect(formatChinaDate(undefined)).toBe('');
  });
});

describe('numbers', () => {
  it('abbreviates with k, M, G, T, P, E', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1000)).toBe('1k');
    expect(abbreviateNumber(12_345)).toBe('12.3k');
    expect(abbreviateNumber(2_500_000)).toBe('2.5M');
    expect(abbreviateNumber(3e9)).toBe('3G');
    expect(abbreviateNumber(4e12)).toBe('4T');
    expect(abbreviateNumber(5e15)).toBe('5P');
    expect(abbreviateNumber(6e18)).toBe('6E');
  });
  it('groups the integer part in threes without changing the digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => {
        const grouped = thousands(n);
        expect(grouped.replace(/,/g, '')).toBe(String(n));
        for (const group of grouped.replace('-', '').split(',').slice(1)) {
          expect(group).toHaveLength(3);
        }
      }),
    );
    expect(thousands(1234567.891)).toBe('1,234,567.891');
  });
});

describe('relationship labels', () => {
  it('shows - for a missing value and empty for an unknown code', () => {
    expect(relationshipLabel(0)).toBe('本人');
    expect(relationshipLabel('3')).toBe('配偶');
    expect(relationshipLabel(5)).toBe('其他');
    expect(relationshipLabel(null)).toBe('-');
    expect(relationshipLabel(undefined)).toBe('-');
    expect(relationshipLabel(9)).toBe('');
  });
});
