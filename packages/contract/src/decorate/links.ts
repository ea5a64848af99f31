import { z } from 'zod';

/**
 * Where a tap in the member app goes (spec §3 "Navigation item: navType, subContent"; PRODUCT.md
 * §4 decorate): one registry of link types, each with its Chinese label and what its `subContent`
 * takes. Every link the 装修 area stores (carousel images, navigation grid items, image ads, ad
 * slots) is checked against it when saved, and again when a page is published (the target must
 * still exist and be shown).
 *
 * The spec's special types (SPECIAL_NAV_TYPES, constants.ts) are all here (a test says so); those
 * that take nothing open a built-in page of the app.
 */

/** What a link type's subContent is. */
export const LINK_TARGET_KINDS = [
  'none',
  'url',
  'goods',
  'topic',
  'packageType',
  'video',
  'notice',
] as const;
export type LinkTargetKind = (typeof LINK_TARGET_KINDS)[number];

export interface LinkTypeDef {
  label: string;
  labelEn: string;
  takes: LinkTargetKind;
}

export const LINK_TYPES = {
  /** No link: the image or item is not tappable. */
  none: { label: '无链接', labelEn: 'No link', takes: 'none' },
  ljdz: { label: '链接地址', labelEn: 'Web address', takes: 'url' },
  jjk_mall_goods: { label: '商城商品', labelEn: 'Mall goods', takes: 'goods' },
  jjkzty: { label: '专题页', labelEn: 'Topic page', takes: 'topic' },
  shhywfllb: { label: '服务分类列表', labelEn: 'Service category', takes: 'packageType' },
  video: { label: '健康视频', labelEn: 'Health video', takes: 'video' },
  notice: { label: '公告', labelEn: 'Notice', takes: 'notice' },
  jkyfspy: { label: '健康视频列表', labelEn: 'Health video list', takes: 'none' },
  jkyfzty: { label: '健康预防专题', labelEn: 'Prevention topics', takes: 'none' },
  shhzdtd: { label: '守护直达通道', labelEn: 'Care hotline', takes: 'none' },
  shh_jkglfw: { label: '健康管理服务', labelEn: 'Health management services', takes: 'none' },
  mall_home: { label: '积分商城首页', labelEn: 'Points mall', takes: 'none' },
  sign_in: { label: '每日签到', labelEn: 'Daily sign-in', takes: 'none' },
  my_devices: { label: '我的设备', labelEn: 'My devices', takes: 'none' },
  my_reports: { label: '我的健康报告', labelEn: 'My health reports', takes: 'none' },
} as const satisfies Record<string, LinkTypeDef>;
export type NavType = keyof typeof LINK_TYPES;
export const NAV_TYPES = Object.keys(LINK_TYPES) as NavType[];

export const LINK_URL_MAX = 500;

export const LinkMessages = {
  typeInvalid: '链接类型不正确',
  urlRequired: '请输入链接地址',
  urlHttps: '链接地址必须以 https:// 开头',
  urlTooLong: `链接地址最多${LINK_URL_MAX}个字符`,
  targetRequired: (label: string) => `请选择要链接的${label}`,
  targetNotExpected: (label: string) => `“${label}”类型的链接不需要链接内容`,
  /** Told to whoever takes off shelf, disables or deletes a record that live pages link to. */
  stillLinked: (names: string) =>
    `以下已发布的页面或投放中的广告链接了它，将显示“链接失效”，请及时修改：${names}`,
} as const;

/**
 * The answer of a change that can break links (off shelf, disabled, deleted): the live pages and
 * ad slots that link to the record (their names, empty when none).
 */
export const linkedByAnswerSchema = z.object({
  id: z.number().int(),
  linkedBy: z.array(z.string()),
});
export type LinkedByAnswer = z.infer<typeof linkedByAnswerSchema>;

/** Chinese words of what a kind of target is ("请选择要链接的商品"). */
export const LINK_TARGET_LABELS: Record<Exclude<LinkTargetKind, 'none' | 'url'>, string> = {
  goods: '商品',
  topic: '专题',
  packageType: '服务分类',
  video: '视频',
  notice: '公告',
};

/** An https URL with a host (no `javascript:`, `data:` or plain http). */
export function isHttpsUrl(value: string): boolean {
  return /^https:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?([/?#]\S*)?$/i.test(value);
}

/**
 * A link as stored: `{ navType, subContent }`. subContent is a URL for `ljdz`, an id (as a string,
 * the spec's field is text) for the types that link to a record, and "" for the rest.
 */
export const navLinkSchema = z
  .object({
    navType: z.enum(NAV_TYPES as [NavType, ...NavType[]], { error: LinkMessages.typeInvalid }),
    subContent: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .optional()
      .transform((v) => v ?? ''),
  })
  .superRefine((link, ctx) => {
    const def: LinkTypeDef = LINK_TYPES[link.navType];
    const issue = (message: string) =>
      ctx.addIssue({ code: 'custom', path: ['subContent'], message });
    switch (def.takes) {
      case 'none':
        if (link.subContent !== '') issue(LinkMessages.targetNotExpected(def.label));
        return;
      case 'url':
        if (link.subContent === '') issue(LinkMessages.urlRequired);
        else if (link.subContent.length > LINK_URL_MAX) issue(LinkMessages.urlTooLong);
        else if (!isHttpsUrl(link.subContent)) issue(LinkMessages.urlHttps);
        return;
      default:
        if (!/^[1-9]\d{0,15}$/.test(link.subContent))
          issue(LinkMessages.targetRequired(LINK_TARGET_LABELS[def.takes]));
    }
  });
export type NavLink = z.infer<typeof navLinkSchema>;

export const NO_LINK: NavLink = { navType: 'none', subContent: '' };

/** The record a link points to (for the checks at publish and the "链接失效" marks), if any. */
export function linkTarget(
  link: NavLink,
): { kind: Exclude<LinkTargetKind, 'none' | 'url'>; id: number } | null {
  const takes: LinkTargetKind = LINK_TYPES[link.navType].takes;
  if (takes === 'none' || takes === 'url') return null;
  const id = Number(link.subContent);
  return Number.isSafeInteger(id) && id > 0 ? { kind: takes, id } : null;
}

/**
 * An image the 装修 area shows: an upload of this site ("/uploads/…") or an https URL. Uploads
 * are checked to still exist when a page is published.
 */
export function decorateImageSchema(label: string) {
  return z
    .string({ error: `请上传${label}` })
    .trim()
    .min(1, { error: `请上传${label}`, abort: true })
    .max(LINK_URL_MAX, `${label}地址过长`)
    .refine((v) => /^\/uploads\/[\w./-]+$/.test(v) || isHttpsUrl(v), {
      message: `${label}必须是上传的图片或 https 地址`,
    });
}
