import { z } from 'zod';
import { fromNumberOrText, optionalIdSchema } from '../ids.js';
import { contentBoolean, contentIdSchema, mainlandPhoneField } from '../content-fields.js';
import { blankToUndefined as blank, optionalText, sortQuerySchema } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';

/**
 * A member's family contacts (家庭成员管理, /member_manage/manage, and the member detail's tab).
 * Phones are masked in every answer; the reveal endpoint shows one (action 'reveal', logged).
 */
export const ContactPaths = {
  list: '/v3/member/admin/contact/list',
  add: '/v3/member/admin/contact/add',
  update: '/v3/member/admin/contact/update',
  delete: '/v3/member/admin/contact/delete',
  revealPhone: '/v3/member/admin/contact/revealPhone',
  export: '/v3/member/admin/contact/export',
} as const;

export const ContactMessages = {
  contactNotFound: '家庭成员不存在或已被删除',
  relationshipInvalid: '请选择正确的关系',
  tooManyContacts: '家庭成员最多10人',
  contactAdded: '家庭成员已新增',
  contactSaved: '家庭成员已保存',
  contactDeleted: '家庭成员已删除',
} as const;

/** Contact relationship codes of spec §3. */
export const RELATIONSHIPS: Record<number, string> = {
  0: '本人',
  1: '父母',
  2: '子女',
  3: '配偶',
  4: '朋友',
  5: '其他',
};

/** RELATIONSHIPS's English, for the English UI and the operation log. */
export const RELATIONSHIPS_EN: Record<number, string> = {
  0: 'Self',
  1: 'Parent',
  2: 'Child',
  3: 'Spouse',
  4: 'Friend',
  5: 'Other',
};

/** A missing value shows '-'; an unknown code shows empty (spec §3). */
export function relationshipLabel(code: number | string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '-';
  const n = Number(code);
  return Number.isInteger(n) ? (RELATIONSHIPS[n] ?? '') : '';
}

export const RELATIONSHIP_CODES = Object.keys(RELATIONSHIPS).map(Number);

export const relationshipField = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? null : v),
  fromNumberOrText(
    z.coerce
      .number({ error: ContactMessages.relationshipInvalid })
      .int(ContactMessages.relationshipInvalid)
      .refine((n) => RELATIONSHIP_CODES.includes(n), ContactMessages.relationshipInvalid)
      .nullable(),
  ),
);

export const contactFields = {
  name: z
    .string({ error: '请输入家庭成员姓名' })
    .trim()
    .min(1, '请输入家庭成员姓名')
    .max(30, '姓名最多30个字符'),
  phone: mainlandPhoneField,
  relationship: relationshipField,
  receiveWarningSms: contentBoolean('是否接收预警短信不正确').default(false),
};
export const contactInputSchema = z.object(contactFields);
export type ContactInput = z.input<typeof contactInputSchema>;

export const contactAddRequestSchema = z.object({ memberId: contentIdSchema, ...contactFields });
export type ContactAddRequest = z.input<typeof contactAddRequestSchema>;
export const contactUpdateRequestSchema = z.object({
  id: contentIdSchema,
  ...contactFields,
  /** Left out keeps the stored number (the form shows it masked). */
  phone: mainlandPhoneField.optional(),
});
export type ContactUpdateRequest = z.input<typeof contactUpdateRequestSchema>;
export const contactIdRequestSchema = z.object({ id: contentIdSchema });

export const contactItemSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  /** Masked. */
  memberPhone: z.string(),
  name: z.string(),
  /** Masked. */
  phone: z.string(),
  relationship: z.number().int().nullable(),
  receiveWarningSms: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ContactItem = z.infer<typeof contactItemSchema>;
export const contactListResponseSchema = pageOf(contactItemSchema);

const optionalFlag = z.preprocess(blank, contentBoolean('筛选条件不正确').optional());

const contactFilterFields = {
  /** The detail page's tab: one member's contacts. */
  memberId: optionalIdSchema('会员编号'),
  /** Part of the member's phone number. */
  memberPhone: optionalText(11),
  memberName: optionalText(30),
  /** Part of the contact's phone number. */
  phone: optionalText(11),
  relationship: z.preprocess(blank, relationshipField.optional()),
  receiveWarningSms: optionalFlag,
};

export const contactListQuerySchema = listQuerySchema
  .extend(sortQuerySchema(['createdAt'] as const).shape)
  .extend(contactFilterFields);
/** 家庭成员管理's export: the list's filter without paging. */
export const contactExportQuerySchema = sortQuerySchema(['createdAt'] as const).extend(
  contactFilterFields,
);
export type ContactExportParams = z.output<typeof contactExportQuerySchema>;
export type ContactListQuery = z.input<typeof contactListQuerySchema>;
export type ContactListParams = z.output<typeof contactListQuerySchema>;
