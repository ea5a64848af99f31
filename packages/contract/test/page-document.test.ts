import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMPONENT_TYPES,
  LINK_TYPES,
  PAGE_BLOCKS_MAX,
  SPECIAL_NAV_TYPES,
  diffDocuments,
  documentProblems,
  duplicateBlock,
  emptyDocument,
  insertBlock,
  moveBlock,
  navLinkSchema,
  newBlock,
  pageDocumentSchema,
  removeBlock,
  updateBlock,
  updateRoot,
  type ComponentType,
  type PageBlock,
  type PageDocument,
} from '@health/contract';

describe('the link registry', () => {
  it('holds every special navigation type of the spec (§9) with a Chinese label', () => {
    for (const type of SPECIAL_NAV_TYPES) {
      expect(LINK_TYPES[type].label).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('takes only https web addresses', () => {
    const link = (subContent: string) => navLinkSchema.safeParse({ navType: 'ljdz', subContent });
    expect(link('https://www.example.com/a?b=1#c').success).toBe(true);
    for (const bad of [
      'http://www.example.com',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://',
      'https://exa mple.com',
      '//example.com',
    ]) {
      const result = link(bad);
      expect(result.success, bad).toBe(false);
    }
    expect(link('').error?.issues[0]?.message).toBe('请输入链接地址');
  });

  it('wants a picked record for a record link, and nothing for a built-in page', () => {
    expect(
      navLinkSchema.safeParse({ navType: 'jjk_mall_goods', subContent: '' }).error?.issues[0]
        ?.message,
    ).toBe('请选择要链接的商品');
    expect(navLinkSchema.safeParse({ navType: 'jjk_mall_goods', subContent: '12' }).success).toBe(
      true,
    );
    expect(navLinkSchema.safeParse({ navType: 'shh_jkglfw', subContent: '12' }).success).toBe(
      false,
    );
    expect(navLinkSchema.safeParse({ navType: 'shh_jkglfw' }).data).toEqual({
      navType: 'shh_jkglfw',
      subContent: '',
    });
  });
});

describe('the page document', () => {
  it('accepts a new block of every component with its defaults', () => {
    const doc = emptyDocument('首页');
    doc.content = COMPONENT_TYPES.map((type, i) => newBlock(type, `block-${i}`) as PageBlock);
    expect(pageDocumentSchema.safeParse(doc).success).toBe(true);
  });

  it('says what stops a page from being published, each pointing at its block', () => {
    const doc = emptyDocument('');
    const carousel = newBlock('carousel', 'carousel-1');
    const notice = newBlock('notice', 'notice-1');
    notice.props.text = '通知';
    notice.props.link = { navType: 'ljdz', subContent: 'http://x.example.com' };
    const goods = newBlock('goodsList', 'goods-1');
    goods.props.source = 'picked';
    doc.content = [carousel, notice, goods];
    const problems = documentProblems(doc);
    expect(problems).toEqual([
      { blockId: null, field: 'title', message: '页面设置：页面标题不能为空' },
      {
        blockId: 'carousel-1',
        field: 'items',
        message: '第1个组件（轮播图）：轮播图片至少需要一项',
      },
      {
        blockId: 'notice-1',
        field: 'link',
        message: '第2个组件（公告栏）：链接：链接地址必须以 https:// 开头',
      },
      { blockId: 'goods-1', field: 'goodsIds', message: '第3个组件（商品列表）：商品至少需要一项' },
    ]);

    // A goods list of the newest goods needs no picked goods.
    goods.props.source = 'newest';
    carousel.props.items = [{ image: '', link: { navType: 'none', subContent: '' } }];
    expect(documentProblems(doc).map((p) => p.field)).toEqual(['title', 'items.0.image', 'link']);
  });
});

describe('the builder operations', () => {
  const op = fc.oneof(
    fc.record({
      kind: fc.constant('insert' as const),
      type: fc.constantFrom(...COMPONENT_TYPES),
      at: fc.integer({ min: -2, max: 30 }),
    }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    fc.record({
      kind: fc.constant('move' as const),
      pick: fc.nat(),
      to: fc.integer({ min: -2, max: 30 }),
    }),
    fc.record({ kind: fc.constant('duplicate' as const), pick: fc.nat() }),
    fc.record({
      kind: fc.constant('update' as const),
      pick: fc.nat(),
      patch: fc.dictionary(
        fc.constantFrom('title', 'text', 'height', 'columns', 'count', 'items', 'id', 'source'),
        fc.oneof(fc.string({ maxLength: 50 }), fc.integer(), fc.constant(null), fc.array(fc.nat())),
      ),
    }),
    fc.record({ kind: fc.constant('root' as const), title: fc.string({ maxLength: 30 }) }),
  );

  type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

  /** Frozen all the way down: an operation that changed its input would throw. */
  function deepFreeze<T>(value: T): T {
    if (value && typeof value === 'object') {
      Object.values(value).forEach(deepFreeze);
      Object.freeze(value);
    }
    return value;
  }

  function apply(doc: PageDocument, o: Op): PageDocument {
    const pick = (n: number) =>
      doc.content[n % Math.max(doc.content.length, 1)]?.props.id ?? 'none';
    switch (o.kind) {
      case 'insert':
        return insertBlock(doc, o.type as ComponentType, o.at);
      case 'remove':
        return removeBlock(doc, pick(o.pick));
      case 'move':
        return moveBlock(doc, pick(o.pick), o.to);
      case 'duplicate':
        return duplicateBlock(doc, pick(o.pick));
      case 'update':
        return updateBlock(doc, pick(o.pick), o.patch);
      case 'root':
        return updateRoot(doc, { title: o.title });
    }
  }

  it('give, in any sequence, a document the schema accepts and that survives a save and load', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let doc = emptyDocument('测试');
        // Operations never change their input (the undo history keeps the old documents).
        for (const o of ops) doc = apply(deepFreeze(doc), o);
        const parsed = pageDocumentSchema.safeParse(JSON.parse(JSON.stringify(doc)));
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(doc);
        expect(doc.content.length).toBeLessThanOrEqual(PAGE_BLOCKS_MAX);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the comparison of two versions', () => {
  it('tells blocks added, removed, moved and changed, with the fields that changed', () => {
    const older = emptyDocument('首页');
    const a = newBlock('title', 'a0001');
    a.props.text = '推荐';
    const b = newBlock('blank', 'b0001');
    const c = newBlock('notice', 'c0001');
    older.content = [a, b, c];
    const newer = JSON.parse(JSON.stringify(older)) as PageDocument;
    newer.root.props.title = '新首页';
    // c moves to the top, b goes, a changes its text, d is new.
    const [na, , nc] = newer.content as [typeof a, typeof b, typeof c];
    na.props.text = '热门推荐';
    newer.content = [nc, na, newBlock('search', 'd0001')];

    const diff = diffDocuments(older, newer);
    expect(diff.root).toEqual([{ path: 'title', before: '首页', after: '新首页' }]);
    const byId = Object.fromEntries(diff.blocks.map((x) => [x.id, x]));
    expect(byId.d0001).toMatchObject({ kind: 'added', to: 2, label: '搜索框' });
    expect(byId.b0001).toMatchObject({ kind: 'removed', from: 1 });
    expect(byId.a0001!.fields).toEqual([{ path: 'text', before: '推荐', after: '热门推荐' }]);
    // One of a and c moved (the other kept its order relative to it).
    expect(diff.blocks.filter((x) => x.kind === 'moved')).toHaveLength(1);
    expect(diffDocuments(older, older)).toEqual({ root: [], blocks: [] });
  });
});
