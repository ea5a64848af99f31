/**
 * A small seeded PRNG (mulberry32) and helpers for realistic Chinese demo data. The same seed
 * gives the same data, so demo databases and tests are reproducible.
 */
export class DemoRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** A mainland mobile number (11 digits, common carrier prefixes). */
  phone(): string {
    const prefix = this.pick([
      '130',
      '131',
      '133',
      '135',
      '136',
      '137',
      '138',
      '139',
      '150',
      '151',
      '152',
      '158',
      '159',
      '176',
      '177',
      '180',
      '181',
      '186',
      '187',
      '188',
      '189',
    ]);
    let rest = '';
    for (let i = 0; i < 8; i++) rest += String(this.int(0, 9));
    return prefix + rest;
  }

  /** A name; with a gender, one that reads as a woman's or a man's (王秀英 is no man's name). */
  chineseName(gender?: 'female' | 'male'): string {
    const chars =
      gender === 'female'
        ? [...FEMALE_GIVEN_NAME_CHARS, ...NEUTRAL_GIVEN_NAME_CHARS]
        : gender === 'male'
          ? [...MALE_GIVEN_NAME_CHARS, ...NEUTRAL_GIVEN_NAME_CHARS]
          : GIVEN_NAME_CHARS;
    const given = this.chance(0.6) ? this.pick(chars) + this.pick(chars) : this.pick(chars);
    return this.pick(SURNAMES) + given;
  }
}

export const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '高',
  '林',
  '罗',
  '郑',
  '梁',
  '谢',
  '宋',
  '唐',
  '许',
  '韩',
  '冯',
  '邓',
  '曹',
];
/** Characters of women's given names. */
export const FEMALE_GIVEN_NAME_CHARS = [
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '艳',
  '娟',
  '秀',
  '霞',
  '桂',
  '英',
  '玉',
  '萍',
  '红',
  '欣',
  '婷',
  '雪',
  '琳',
  '思',
];
/** Characters of men's given names. */
export const MALE_GIVEN_NAME_CHARS = [
  '伟',
  '强',
  '磊',
  '军',
  '勇',
  '杰',
  '涛',
  '超',
  '刚',
  '建',
  '辉',
  '鹏',
  '浩',
  '博',
];
/** Characters of given names of either. */
export const NEUTRAL_GIVEN_NAME_CHARS = ['洋', '明', '平', '华', '文', '晨', '宇'];
export const GIVEN_NAME_CHARS = [
  ...FEMALE_GIVEN_NAME_CHARS,
  ...MALE_GIVEN_NAME_CHARS,
  ...NEUTRAL_GIVEN_NAME_CHARS,
];
