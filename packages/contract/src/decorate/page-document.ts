import { z } from 'zod';
import { LINK_TYPES, LINK_URL_MAX, NAV_TYPES, navLinkSchema, type NavType } from './links.js';

/**
 * The page document of the 装修 builder (issue 33; ARCHITECTURE.md "Page documents"), in Puck's
 * shape: `{ schemaVersion, root: { props }, content: [{ type, props: { id, … } }] }`.
 *
 * Each component type is ONE definition here: its draft props schema (what any save must satisfy:
 * types and limits, but a field may still be empty while the operator works), its defaults, and
 * its settings fields — what the builder draws its settings panel from and what publishing
 * requires (`required`). The server validates every save with `pageDocumentSchema` and every
 * publish with `documentProblems` plus its checks of the linked records; the builder draws from
 * `COMPONENTS`. A new component is one entry here plus one renderer in the web.
 *
 * Records (goods, topics, videos, package types) are stored as ids, never copied: the public API
 * resolves them when the page is read, so names, prices and stock are always current.
 */

export const PAGE_SCHEMA_VERSION = 1;
/** Blocks a page may hold. */
export const PAGE_BLOCKS_MAX = 200;
/** Characters of a rich-text block's HTML. */
export const RICH_TEXT_BLOCK_MAX = 20_000;

/* ------------------------------------------------------------------ fields */

const text = (max: number) => z.string().trim().max(max, `最多${max}个字`).default('');
const int = (min: number, max: number, fallback: number) =>
  z
    .number({ error: '请输入数字' })
    .int('必须是整数')
    .min(min, `应在${min}到${max}之间`)
    .max(max, `应在${min}到${max}之间`)
    .default(fallback);
const image = z.string().trim().max(LINK_URL_MAX, '图片地址过长').default('');
const color = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{6})?$/, '颜色格式应为 #RRGGBB')
  .default('');
const recordId = z.number().int().positive().nullable().default(null);
const recordIds = (max: number) =>
  z.array(z.number().int().positive()).max(max, `最多选择${max}项`).default([]);

/** A link while the page is a draft: any registered type; its target is checked at publish. */
export const draftLinkSchema = z
  .object({
    navType: z.enum(NAV_TYPES as [NavType, ...NavType[]], { error: '链接类型不正确' }),
    subContent: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .pipe(z.string().max(LINK_URL_MAX, '链接内容过长'))
      .default(''),
  })
  .default({ navType: 'none', subContent: '' });
export type DraftLink = z.infer<typeof draftLinkSchema>;

const imageWithLink = z.object({ image, link: draftLinkSchema });
const blockId = z
  .string({ error: '区块编号不正确' })
  .regex(/^[A-Za-z0-9_-]{4,40}$/, '区块编号不正确');

/** What a settings field is: the builder picks the antd control by `kind`. */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'switch'
  | 'select'
  | 'color'
  | 'image'
  | 'link'
  | 'richText'
  | 'goods'
  | 'goodsMany'
  | 'packageType'
  | 'packageTypeMany'
  | 'video'
  | 'list';

export interface FieldDef {
  /** The prop's name. */
  name: string;
  label: string;
  labelEn: string;
  kind: FieldKind;
  /** Publishing needs a value (a non-empty text, image, id or list). */
  required?: boolean;
  /** select: its values and labels. */
  options?: readonly { value: string; label: string; labelEn: string }[];
  min?: number;
  max?: number;
  /** text / textarea: the most characters. */
  maxLength?: number;
  /** list: the fields of each item, and its new item. */
  itemFields?: readonly FieldDef[];
  newItem?: () => Record<string, unknown>;
  /** Only shown (and required) when another prop has one of these values. */
  when?: { field: string; in: readonly string[] };
}

/* -------------------------------------------------------------- components */

export const COMPONENT_GROUPS = {
  media: { label: '图文', labelEn: 'Media' },
  mall: { label: '商城', labelEn: 'Mall' },
  health: { label: '健康', labelEn: 'Health' },
  layout: { label: '布局', labelEn: 'Layout' },
} as const;
export type ComponentGroup = keyof typeof COMPONENT_GROUPS;

const NO_LINK = { navType: 'none', subContent: '' } as const;
const linkField = (label = '链接', labelEn = 'Link'): FieldDef => ({
  name: 'link',
  label,
  labelEn,
  kind: 'link',
});

const carouselProps = z.object({
  items: z.array(imageWithLink).max(8, '轮播图最多8张').default([]),
  intervalMs: int(2000, 10_000, 4000),
  /** Height in px at 375 wide. */
  height: int(100, 400, 180),
});
const navGridProps = z.object({
  columns: int(3, 5, 4),
  /** Rows a page of the grid shows; more items go on further pages, swiped sideways. */
  rows: int(1, 4, 2),
  items: z
    .array(z.object({ icon: image, title: text(8), link: draftLinkSchema }))
    .max(20, '导航最多20个')
    .default([]),
});
const noticeProps = z.object({
  text: text(100),
  link: draftLinkSchema,
  scroll: z.boolean().default(true),
});
const IMAGE_AD_LAYOUTS = ['one', 'two', 'three'] as const;
const imageAdProps = z.object({
  layout: z.enum(IMAGE_AD_LAYOUTS).default('one'),
  items: z.array(imageWithLink).max(3, '图片广告最多3张').default([]),
});
export const GOODS_SOURCES = ['picked', 'packageType', 'newest', 'bestSelling'] as const;
export type GoodsSource = (typeof GOODS_SOURCES)[number];
const GOODS_LAYOUTS = ['grid2', 'list', 'scroll'] as const;
const goodsListProps = z.object({
  title: text(20),
  source: z.enum(GOODS_SOURCES).default('newest'),
  goodsIds: recordIds(20),
  packageTypeId: recordId,
  count: int(1, 20, 4),
  layout: z.enum(GOODS_LAYOUTS).default('grid2'),
});
const videoProps = z.object({ title: text(20), videoId: recordId });
const healthServiceProps = z.object({
  title: text(20),
  packageTypeIds: recordIds(8),
  showPlans: z.boolean().default(true),
});
const titleProps = z.object({
  text: text(20),
  subtitle: text(40),
  align: z.enum(['left', 'center']).default('left'),
  link: draftLinkSchema,
});
const searchProps = z.object({ placeholder: text(20) });
const blankProps = z.object({
  height: int(4, 100, 16),
  divider: z.boolean().default(false),
  color: color,
});
const richTextProps = z.object({
  html: z.string().max(RICH_TEXT_BLOCK_MAX, `富文本最多${RICH_TEXT_BLOCK_MAX}个字符`).default(''),
});

interface ComponentDef<S extends z.ZodObject = z.ZodObject> {
  label: string;
  labelEn: string;
  group: ComponentGroup;
  props: S;
  fields: readonly FieldDef[];
}

const option = (value: string, label: string, labelEn: string) => ({ value, label, labelEn });

export const COMPONENTS = {
  carousel: {
    label: '轮播图',
    labelEn: 'Carousel',
    group: 'media',
    props: carouselProps,
    fields: [
      {
        name: 'items',
        label: '轮播图片',
        labelEn: 'Slides',
        kind: 'list',
        required: true,
        max: 8,
        itemFields: [
          { name: 'image', label: '图片', labelEn: 'Image', kind: 'image', required: true },
          linkField(),
        ],
        newItem: () => ({ image: '', link: { ...NO_LINK } }),
      },
      {
        name: 'intervalMs',
        label: '切换间隔（毫秒）',
        labelEn: 'Interval (ms)',
        kind: 'number',
        min: 2000,
        max: 10_000,
      },
      { name: 'height', label: '高度', labelEn: 'Height', kind: 'number', min: 100, max: 400 },
    ],
  },
  navGrid: {
    label: '导航',
    labelEn: 'Navigation grid',
    group: 'media',
    props: navGridProps,
    fields: [
      { name: 'columns', label: '每行个数', labelEn: 'Per row', kind: 'number', min: 3, max: 5 },
      { name: 'rows', label: '每页行数', labelEn: 'Rows a page', kind: 'number', min: 1, max: 4 },
      {
        name: 'items',
        label: '导航项',
        labelEn: 'Items',
        kind: 'list',
        required: true,
        max: 20,
        itemFields: [
          { name: 'icon', label: '图标', labelEn: 'Icon', kind: 'image', required: true },
          {
            name: 'title',
            label: '名称',
            labelEn: 'Title',
            kind: 'text',
            maxLength: 8,
            required: true,
          },
          linkField(),
        ],
        newItem: () => ({ icon: '', title: '', link: { ...NO_LINK } }),
      },
    ],
  },
  notice: {
    label: '公告栏',
    labelEn: 'Notice bar',
    group: 'media',
    props: noticeProps,
    fields: [
      {
        name: 'text',
        label: '公告内容',
        labelEn: 'Text',
        kind: 'text',
        maxLength: 100,
        required: true,
      },
      linkField(),
      { name: 'scroll', label: '滚动显示', labelEn: 'Scroll', kind: 'switch' },
    ],
  },
  imageAd: {
    label: '图片广告',
    labelEn: 'Image ad',
    group: 'media',
    props: imageAdProps,
    fields: [
      {
        name: 'layout',
        label: '布局',
        labelEn: 'Layout',
        kind: 'select',
        options: [
          option('one', '一张', 'One'),
          option('two', '两张并排', 'Two side by side'),
          option('three', '三张并排', 'Three side by side'),
        ],
      },
      {
        name: 'items',
        label: '广告图片',
        labelEn: 'Ad images',
        kind: 'list',
        required: true,
        max: 3,
        itemFields: [
          { name: 'image', label: '图片', labelEn: 'Image', kind: 'image', required: true },
          linkField(),
        ],
        newItem: () => ({ image: '', link: { ...NO_LINK } }),
      },
    ],
  },
  goodsList: {
    label: '商品列表',
    labelEn: 'Goods list',
    group: 'mall',
    props: goodsListProps,
    fields: [
      { name: 'title', label: '标题', labelEn: 'Title', kind: 'text', maxLength: 20 },
      {
        name: 'source',
        label: '商品来源',
        labelEn: 'Goods from',
        kind: 'select',
        options: [
          option('picked', '手动选择', 'Picked'),
          option('packageType', '按套餐类型', 'By package type'),
          option('newest', '最新上架', 'Newest'),
          option('bestSelling', '销量最高', 'Best-selling'),
        ],
      },
      {
        name: 'goodsIds',
        label: '商品',
        labelEn: 'Goods',
        kind: 'goodsMany',
        required: true,
        max: 20,
        when: { field: 'source', in: ['picked'] },
      },
      {
        name: 'packageTypeId',
        label: '套餐类型',
        labelEn: 'Package type',
        kind: 'packageType',
        required: true,
        when: { field: 'source', in: ['packageType'] },
      },
      {
        name: 'count',
        label: '显示数量',
        labelEn: 'How many',
        kind: 'number',
        min: 1,
        max: 20,
        when: { field: 'source', in: ['packageType', 'newest', 'bestSelling'] },
      },
      {
        name: 'layout',
        label: '布局',
        labelEn: 'Layout',
        kind: 'select',
        options: [
          option('grid2', '两列', 'Two columns'),
          option('list', '列表', 'List'),
          option('scroll', '横向滑动', 'Side scroll'),
        ],
      },
    ],
  },
  video: {
    label: '健康视频',
    labelEn: 'Health video',
    group: 'health',
    props: videoProps,
    fields: [
      { name: 'title', label: '标题', labelEn: 'Title', kind: 'text', maxLength: 20 },
      { name: 'videoId', label: '视频', labelEn: 'Video', kind: 'video', required: true },
    ],
  },
  healthService: {
    label: '健康服务入口',
    labelEn: 'Health services',
    group: 'health',
    props: healthServiceProps,
    fields: [
      { name: 'title', label: '标题', labelEn: 'Title', kind: 'text', maxLength: 20 },
      {
        name: 'packageTypeIds',
        label: '服务套餐',
        labelEn: 'Service packages',
        kind: 'packageTypeMany',
        required: true,
        max: 8,
      },
      { name: 'showPlans', label: '显示健康方案', labelEn: 'Show plans', kind: 'switch' },
    ],
  },
  title: {
    label: '标题',
    labelEn: 'Title',
    group: 'layout',
    props: titleProps,
    fields: [
      {
        name: 'text',
        label: '标题',
        labelEn: 'Title',
        kind: 'text',
        maxLength: 20,
        required: true,
      },
      { name: 'subtitle', label: '副标题', labelEn: 'Subtitle', kind: 'text', maxLength: 40 },
      {
        name: 'align',
        label: '对齐',
        labelEn: 'Align',
        kind: 'select',
        options: [option('left', '居左', 'Left'), option('center', '居中', 'Centre')],
      },
      linkField('“更多”链接', '"More" link'),
    ],
  },
  search: {
    label: '搜索框',
    labelEn: 'Search bar',
    group: 'layout',
    props: searchProps,
    fields: [
      {
        name: 'placeholder',
        label: '提示文字',
        labelEn: 'Placeholder',
        kind: 'text',
        maxLength: 20,
      },
    ],
  },
  blank: {
    label: '空白 / 分割线',
    labelEn: 'Blank / divider',
    group: 'layout',
    props: blankProps,
    fields: [
      { name: 'height', label: '高度', labelEn: 'Height', kind: 'number', min: 4, max: 100 },
      { name: 'divider', label: '显示分割线', labelEn: 'Divider line', kind: 'switch' },
      { name: 'color', label: '线条颜色', labelEn: 'Line colour', kind: 'color' },
    ],
  },
  richText: {
    label: '富文本',
    labelEn: 'Rich text',
    group: 'layout',
    props: richTextProps,
    fields: [{ name: 'html', label: '内容', labelEn: 'Content', kind: 'richText', required: true }],
  },
} as const satisfies Record<string, ComponentDef>;

export type ComponentType = keyof typeof COMPONENTS;
export const COMPONENT_TYPES = Object.keys(COMPONENTS) as ComponentType[];
export type ComponentProps<T extends ComponentType> = z.infer<(typeof COMPONENTS)[T]['props']> & {
  id: string;
};

/** A block of type T with its props. */
export type PageBlockOf<T extends ComponentType> = { type: T; props: ComponentProps<T> };
export type PageBlock = { [T in ComponentType]: PageBlockOf<T> }[ComponentType];

const blockSchema = z.discriminatedUnion(
  'type',
  COMPONENT_TYPES.map((type) =>
    z.object({
      type: z.literal(type),
      props: COMPONENTS[type].props.extend({ id: blockId }),
    }),
  ) as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]],
  { error: '组件类型不正确' },
);

/** The page's own settings (root). */
export const rootPropsSchema = z.object({
  title: text(20),
  backgroundColor: color,
  backgroundImage: image,
  shareTitle: text(30),
  shareImage: image,
});
export type RootProps = z.infer<typeof rootPropsSchema>;

export const ROOT_FIELDS: readonly FieldDef[] = [
  {
    name: 'title',
    label: '页面标题',
    labelEn: 'Page title',
    kind: 'text',
    maxLength: 20,
    required: true,
  },
  { name: 'backgroundColor', label: '背景颜色', labelEn: 'Background colour', kind: 'color' },
  { name: 'backgroundImage', label: '背景图片', labelEn: 'Background image', kind: 'image' },
  { name: 'shareTitle', label: '分享标题', labelEn: 'Share title', kind: 'text', maxLength: 30 },
  { name: 'shareImage', label: '分享图片', labelEn: 'Share image', kind: 'image' },
];

export const PageDocumentMessages = {
  tooManyBlocks: `一个页面最多${PAGE_BLOCKS_MAX}个组件`,
  duplicateId: '区块编号重复',
  schemaVersion: '页面格式版本不正确，请刷新后重试',
} as const;

export const pageDocumentSchema = z
  .object({
    schemaVersion: z.literal(PAGE_SCHEMA_VERSION, { error: PageDocumentMessages.schemaVersion }),
    root: z.object({ props: rootPropsSchema }),
    content: z.array(blockSchema).max(PAGE_BLOCKS_MAX, PageDocumentMessages.tooManyBlocks),
  })
  .superRefine((doc, ctx) => {
    const seen = new Set<string>();
    doc.content.forEach((block, i) => {
      const id = (block.props as { id: string }).id;
      if (seen.has(id))
        ctx.addIssue({
          code: 'custom',
          path: ['content', i, 'props', 'id'],
          message: PageDocumentMessages.duplicateId,
        });
      seen.add(id);
    });
  });
export interface PageDocument {
  schemaVersion: typeof PAGE_SCHEMA_VERSION;
  root: { props: RootProps };
  content: PageBlock[];
}

/** A new block of a type with its defaults. */
export function newBlock<T extends ComponentType>(type: T, id: string): PageBlockOf<T> {
  const props = COMPONENTS[type].props.parse({}) as z.infer<(typeof COMPONENTS)[T]['props']>;
  return { type, props: { ...props, id } } as PageBlockOf<T>;
}

/** A new, empty page titled `title`. */
export function emptyDocument(title = ''): PageDocument {
  return {
    schemaVersion: PAGE_SCHEMA_VERSION,
    root: { props: { ...rootPropsSchema.parse({}), title } },
    content: [],
  };
}

/**
 * What the member app shows before anything is published (the public API never answers an empty
 * page): a search bar and the goods members can redeem — the newest, and on the mall home the
 * best-selling too — read when the page is read, like any goods list.
 */
export function defaultDocument(kind: 'home' | 'mall', title: string): PageDocument {
  const doc = emptyDocument(title);
  const search = newBlock('search', 'default-search');
  search.props.placeholder = '搜索商品、健康服务';
  const newest = newBlock('goodsList', 'default-newest');
  newest.props.title = '新品上架';
  newest.props.source = 'newest';
  newest.props.count = 6;
  doc.content = [search, newest];
  if (kind === 'mall') {
    const best = newBlock('goodsList', 'default-best');
    best.props.title = '兑换排行';
    best.props.source = 'bestSelling';
    best.props.count = 6;
    doc.content.push(best);
  }
  return doc;
}

/**
 * The document with every link in `dead` (by its place: block id and field path, as
 * documentLinks names them) replaced by no link: what the member app is served when a linked
 * goods item, topic or video is no longer shown to members (the page itself is not changed).
 */
export function withoutLinks(
  doc: PageDocument,
  dead: readonly { blockId: string; field: string }[],
): PageDocument {
  if (dead.length === 0) return doc;
  const copy = JSON.parse(JSON.stringify(doc)) as PageDocument;
  for (const { blockId, field } of dead) {
    const block = copy.content.find((b) => b.props.id === blockId);
    if (!block) continue;
    const path = field.split('.');
    let at: Record<string, unknown> = block.props as Record<string, unknown>;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
    at[path.at(-1)!] = { navType: 'none', subContent: '' };
  }
  return copy;
}

/* ---------------------------------------------------------------- problems */

/** One reason a page cannot be published, pointing at its block (null: the page's settings). */
export interface PageProblem {
  blockId: string | null;
  /** The prop path inside the block ("items.0.image"), when there is one. */
  field: string;
  message: string;
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/** Plain text of rich text (for "is it empty"). */
const plainText = (html: string) =>
  html
    .replace(/<(img|video|iframe)\b/gi, 'x<')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();

function checkFields(
  fields: readonly FieldDef[],
  props: Record<string, unknown>,
  blockId: string | null,
  prefix: string,
  blockLabel: string,
  out: PageProblem[],
): void {
  for (const field of fields) {
    if (field.when && !field.when.in.includes(String(props[field.when.field]))) continue;
    const value = props[field.name];
    const path = `${prefix}${field.name}`;
    const where = `${blockLabel}：${field.label}`;
    if (field.required) {
      const empty =
        field.kind === 'richText' ? plainText(String(value ?? '')) === '' : isEmpty(value);
      if (empty) {
        out.push({
          blockId,
          field: path,
          message: Array.isArray(value) ? `${where}至少需要一项` : `${where}不能为空`,
        });
        continue;
      }
    }
    if (field.kind === 'link') {
      const parsed = navLinkSchema.safeParse(value);
      if (!parsed.success)
        out.push({ blockId, field: path, message: `${where}：${parsed.error.issues[0]!.message}` });
    }
    if (field.kind === 'image' && typeof value === 'string' && value !== '') {
      if (!/^\/uploads\/[\w./-]+$/.test(value) && !/^https:\/\//i.test(value))
        out.push({ blockId, field: path, message: `${where}必须是上传的图片或 https 地址` });
    }
    if (field.kind === 'list' && Array.isArray(value) && field.itemFields) {
      value.forEach((item, i) =>
        checkFields(
          field.itemFields!,
          item as Record<string, unknown>,
          blockId,
          `${path}.${i}.`,
          `${where}第${i + 1}项`,
          out,
        ),
      );
    }
  }
}

/**
 * What stops a page from being published that the document alone shows: an empty required field,
 * a link of the wrong shape (an http or `javascript:` address, a goods link with nothing picked),
 * an image that is neither an upload nor https. The server adds what needs the database (a linked
 * record gone or hidden, an upload that no longer exists).
 */
export function documentProblems(doc: PageDocument): PageProblem[] {
  const out: PageProblem[] = [];
  checkFields(ROOT_FIELDS, doc.root.props as Record<string, unknown>, null, '', '页面设置', out);
  doc.content.forEach((block, i) => {
    const def = COMPONENTS[block.type];
    checkFields(
      def.fields,
      block.props as Record<string, unknown>,
      block.props.id,
      '',
      `第${i + 1}个组件（${def.label}）`,
      out,
    );
  });
  return out;
}

/** Every link of a document with where it is (for the server's check of their targets). */
export function documentLinks(
  doc: PageDocument,
): { blockId: string; field: string; link: DraftLink; where: string }[] {
  const out: { blockId: string; field: string; link: DraftLink; where: string }[] = [];
  const walk = (
    fields: readonly FieldDef[],
    props: Record<string, unknown>,
    blockId: string,
    prefix: string,
    where: string,
  ) => {
    for (const field of fields) {
      if (field.when && !field.when.in.includes(String(props[field.when.field]))) continue;
      const value = props[field.name];
      if (field.kind === 'link' && value)
        out.push({
          blockId,
          field: `${prefix}${field.name}`,
          link: value as DraftLink,
          where: `${where}：${field.label}`,
        });
      if (field.kind === 'list' && Array.isArray(value) && field.itemFields)
        value.forEach((item, i) =>
          walk(
            field.itemFields!,
            item as Record<string, unknown>,
            blockId,
            `${prefix}${field.name}.${i}.`,
            `${where}：${field.label}第${i + 1}项`,
          ),
        );
    }
  };
  doc.content.forEach((block, i) => {
    const def = COMPONENTS[block.type];
    walk(
      def.fields,
      block.props as Record<string, unknown>,
      block.props.id,
      '',
      `第${i + 1}个组件（${def.label}）`,
    );
  });
  return out;
}

/** The kinds of record a block picks by id (not through a link). */
const RECORD_FIELD_KINDS = {
  goods: 'goods',
  goodsMany: 'goods',
  packageType: 'packageType',
  packageTypeMany: 'packageType',
  video: 'video',
} as const satisfies Partial<Record<FieldKind, string>>;
export type PickedRecordKind = (typeof RECORD_FIELD_KINDS)[keyof typeof RECORD_FIELD_KINDS];

/** Every record a document picks by id (goods, package types, videos) with where it is. */
export function documentRecords(
  doc: PageDocument,
): { blockId: string; field: string; kind: PickedRecordKind; id: number; where: string }[] {
  const out: ReturnType<typeof documentRecords> = [];
  doc.content.forEach((block, i) => {
    const def = COMPONENTS[block.type];
    const props = block.props as Record<string, unknown>;
    const fields: readonly FieldDef[] = def.fields;
    for (const field of fields) {
      if (field.when && !field.when.in.includes(String(props[field.when.field]))) continue;
      const kind = RECORD_FIELD_KINDS[field.kind as keyof typeof RECORD_FIELD_KINDS];
      if (!kind) continue;
      const value = props[field.name];
      const ids = Array.isArray(value) ? value : value === null ? [] : [value];
      ids.forEach((id, k) =>
        out.push({
          blockId: block.props.id,
          field: Array.isArray(value) ? `${field.name}.${k}` : field.name,
          kind,
          id: id as number,
          where: `第${i + 1}个组件（${def.label}）：${field.label}`,
        }),
      );
    }
  });
  return out;
}

/** The label of a link type (for messages). */
export const linkTypeLabel = (navType: NavType): string => LINK_TYPES[navType].label;
