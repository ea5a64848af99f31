import { registerBilingualLocale } from '../../shared/i18n';

/**
 * The labels of the member area's enumerations (the contract's *_LABELS maps, which the server
 * uses in exports), keyed by value, in both languages: `t(`pointsType.${type}`)` with
 * `useTranslation(MEMBER_ENUMS_NS)`.
 */
export const MEMBER_ENUMS_NS = registerBilingualLocale('memberEnums', {
  /** Between the items of a list in a sentence ("VIP、普通会员"). */
  listSeparator: ['、', ', '],
  pointsType: {
    register: ['注册奖励', 'Registration'],
    check_in: ['每日签到', 'Daily check-in'],
    check_in_streak: ['连续签到奖励', 'Streak reward'],
    measurement: ['上传测量', 'Measurement'],
    health_task: ['完成健康任务', 'Health task'],
    purchase: ['消费奖励', 'Purchase reward'],
    redeem: ['积分兑换', 'Redemption'],
    refund: ['兑换退回', 'Redemption refund'],
    adjust: ['后台调整', 'Manual adjustment'],
    expire: ['积分过期', 'Expired'],
  },
  expiryPolicy: {
    never: ['永不过期', 'Never expire'],
    yearly: [
      '按年清零（第N年获得的积分在第N+1年年底过期）',
      'Yearly (points earned in year N expire at the end of year N+1)',
    ],
    rolling: ['滚动过期（获得后N个月过期）', 'Rolling (expire N months after earning)'],
  },
  signSource: {
    byOperator: ['{{source}}（{{operator}}）', '{{source}} ({{operator}})'],
    app: ['APP 签到', 'App'],
    admin: ['后台代签', 'By an operator'],
  },
  noticeStatus: {
    draft: ['草稿', 'Draft'],
    scheduled: ['待发送', 'Scheduled'],
    sent: ['已发送', 'Sent'],
    withdrawn: ['已撤回', 'Withdrawn'],
  },
  noticeTarget: {
    withNames: ['{{target}}：{{names}}', '{{target}}: {{names}}'],
    all: ['全部会员', 'All members'],
    grade: ['指定等级', 'By grade'],
    channel: ['指定渠道', 'By channel'],
  },
  logoffStatus: {
    pending: ['待审核', 'Pending'],
    approved: ['已通过', 'Approved'],
    rejected: ['已驳回', 'Rejected'],
  },
  gradeReason: {
    growth: ['成长值变化', 'Growth'],
    manual: ['手动调整', 'Manual'],
  },
  /** Contact relationship codes of spec §3. */
  relationship: {
    0: ['本人', 'Self'],
    1: ['父母', 'Parent'],
    2: ['子女', 'Child'],
    3: ['配偶', 'Spouse'],
    4: ['朋友', 'Friend'],
    5: ['其他', 'Other'],
  },
  memberAction: {
    register: ['注册', 'Register'],
    login: ['登录', 'Log in'],
    logout: ['退出登录', 'Log out'],
    profile: ['修改资料', 'Edit profile'],
    measure: ['测量', 'Measure'],
    check_in: ['签到', 'Check in'],
    redeem: ['积分兑换', 'Redeem points'],
    points: ['积分变动', 'Points change'],
    bind_device: ['绑定设备', 'Bind device'],
    unbind_device: ['解绑设备', 'Unbind device'],
    consult: ['在线问诊', 'Consultation'],
    view_report: ['查看报告', 'View report'],
    logoff_apply: ['申请注销', 'Log-off request'],
    logoff: ['账号注销', 'Account logged off'],
  },
});
