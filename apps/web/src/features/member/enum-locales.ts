import {
  bilingualLabels,
  EXPIRY_POLICY_LABELS,
  EXPIRY_POLICY_LABELS_EN,
  GRADE_CHANGE_REASON_LABELS,
  GRADE_CHANGE_REASON_LABELS_EN,
  LOGOFF_STATUS_LABELS,
  LOGOFF_STATUS_LABELS_EN,
  MEMBER_ACTION_LABELS,
  MEMBER_ACTION_LABELS_EN,
  NOTICE_STATUS_LABELS,
  NOTICE_STATUS_LABELS_EN,
  NOTICE_TARGET_LABELS,
  NOTICE_TARGET_LABELS_EN,
  POINTS_TYPE_LABELS,
  POINTS_TYPE_LABELS_EN,
  RELATIONSHIPS,
  RELATIONSHIPS_EN,
  SIGN_SOURCE_LABELS,
  SIGN_SOURCE_LABELS_EN,
} from '@health/contract';
import { registerBilingualLocale } from '../../shared/i18n';

/**
 * The labels of the member area's enumerations, keyed by value, in both languages (the contract's
 * *_LABELS and *_LABELS_EN maps, which the server's exports and operation log read too): `t(`pointsType.${type}`)` with
 * `useTranslation(MEMBER_ENUMS_NS)`.
 */
export const MEMBER_ENUMS_NS = registerBilingualLocale('memberEnums', {
  /** Between the items of a list in a sentence ("VIP、普通会员"). */
  listSeparator: ['、', ', '],
  pointsType: bilingualLabels(POINTS_TYPE_LABELS, POINTS_TYPE_LABELS_EN),
  expiryPolicy: bilingualLabels(EXPIRY_POLICY_LABELS, EXPIRY_POLICY_LABELS_EN),
  signSource: {
    byOperator: ['{{source}}（{{operator}}）', '{{source}} ({{operator}})'],
    ...bilingualLabels(SIGN_SOURCE_LABELS, SIGN_SOURCE_LABELS_EN),
  },
  noticeStatus: bilingualLabels(NOTICE_STATUS_LABELS, NOTICE_STATUS_LABELS_EN),
  noticeTarget: {
    withNames: ['{{target}}：{{names}}', '{{target}}: {{names}}'],
    ...bilingualLabels(NOTICE_TARGET_LABELS, NOTICE_TARGET_LABELS_EN),
  },
  logoffStatus: bilingualLabels(LOGOFF_STATUS_LABELS, LOGOFF_STATUS_LABELS_EN),
  gradeReason: bilingualLabels(GRADE_CHANGE_REASON_LABELS, GRADE_CHANGE_REASON_LABELS_EN),
  /** Contact relationship codes of spec §3. */
  relationship: bilingualLabels(RELATIONSHIPS, RELATIONSHIPS_EN),
  memberAction: bilingualLabels(MEMBER_ACTION_LABELS, MEMBER_ACTION_LABELS_EN),
});
