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

  chineseName(): string {
    const given = this.chance(0.6)
      ? this.pick(GIVEN_NAME_CHARS) + this.pick(GIVEN_NAME_CHARS)
      : this.pick(GIVEN_NAME_CHARS);
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
export const GIVEN_NAME_CHARS = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀',
  '霞',
  '平',
  '刚',
  '桂',
  '英',
  '华',
  '玉',
  '萍',
  '红',
  '建',
  '文',
  '辉',
  '鹏',
  '晨',
  '欣',
  '宇',
  '浩',
  '婷',
  '雪',
  '琳',
  '博',
  '思',
];
