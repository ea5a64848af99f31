import {
  EXPIRY_POLICY_LABELS,
  GRADE_CHANGE_REASON_LABELS,
  GENDER_LABELS,
  LOGOFF_STATUS_LABELS,
  MEMBER_STATUS_LABELS,
  NOTICE_STATUS_LABELS,
  NOTICE_TARGET_LABELS,
  POINTS_TYPE_LABELS,
  RELATIONSHIPS,
  RELATIONSHIPS_EN,
  SIGN_SOURCE_LABELS,
  GENDER_LABELS_EN,
  MEMBER_STATUS_LABELS_EN,
  LOGOFF_STATUS_LABELS_EN,
  GRADE_CHANGE_REASON_LABELS_EN,
  POINTS_TYPE_LABELS_EN,
  SIGN_SOURCE_LABELS_EN,
  NOTICE_TARGET_LABELS_EN,
  NOTICE_STATUS_LABELS_EN,
  EXPIRY_POLICY_LABELS_EN,
} from '@health/contract';
import { enumFormat, type AuditLabels, type Bilingual } from '../../platform/audit-labels.js';

/** Snapshots keep the relationship's Chinese label (contacts) or its code: both read. */
const relationship = {
  values: {
    ...Object.fromEntries(
      Object.entries(RELATIONSHIPS).flatMap(([code, zh]) => {
        const pair: Bilingual = [zh, RELATIONSHIPS_EN[Number(code)] ?? zh];
        return [
          [code, pair],
          [zh, pair],
        ];
      }),
    ),
    // relationshipLabel's reading of a contact without one.
    '-': ['未填写', 'Not set'],
  } satisfies Record<string, Bilingual>,
};

const contactFields = {
  relationship: { label: ['关系', 'Relationship'], format: relationship },
  receiveWarningSms: ['接收预警短信', 'Warning SMS'],
} as const;

/** What the member area writes to the operation log, in both languages. */
export const MEMBER_AUDIT_LABELS: AuditLabels = {
  modules: {
    member: ['会员管理', 'Members'],
    points: ['积分管理', 'Points'],
    sign: ['签到管理', 'Check-ins'],
    notice: ['消息通知', 'Notices'],
  },
  actions: {
    freeze: ['冻结会员', 'Freeze member'],
    unfreeze: ['解冻会员', 'Unfreeze member'],
    points: ['调整积分', 'Adjust points'],
    changeGrade: ['调整会员等级', 'Change grade'],
    contactAdd: ['新增家庭成员', 'Add family member'],
    contactEdit: ['编辑家庭成员', 'Edit family member'],
    contactDelete: ['删除家庭成员', 'Delete family member'],
    logoffApprove: ['通过注销申请', 'Approve log-off'],
    logoffReject: ['驳回注销申请', 'Reject log-off'],
    checkIn: ['代会员签到', 'Check in for member'],
    schedule: ['定时发送', 'Schedule'],
    send: ['发送通知', 'Send notice'],
    withdraw: ['撤回通知', 'Withdraw notice'],
  },
  fields: {
    member: {
      name: ['姓名', 'Name'],
      gender: {
        label: ['性别', 'Gender'],
        format: enumFormat(GENDER_LABELS, GENDER_LABELS_EN),
      },
      birthday: ['生日', 'Birthday'],
      province: ['省份', 'Province'],
      city: ['城市', 'City'],
      address: ['详细地址', 'Address'],
      grade: ['会员等级', 'Grade'],
      gradeId: ['会员等级编号', 'Grade ID'],
      channel: ['注册渠道', 'Channel'],
      channelId: ['注册渠道编号', 'Channel ID'],
      status: {
        label: ['状态', 'Status'],
        format: enumFormat(MEMBER_STATUS_LABELS, MEMBER_STATUS_LABELS_EN),
      },
      frozenReason: ['冻结原因', 'Freeze reason'],
      growthValue: ['成长值', 'Growth value'],
      contacts: ['家庭成员', 'Family members'],
      'contacts.name': ['姓名', 'Name'],
      ...contactFields,
      // Grades.
      icon: ['等级图标', 'Icon'],
      growthRequired: ['所需成长值', 'Growth required'],
      benefits: ['等级权益', 'Benefits'],
      pointsMultiplierPct: ['积分倍率（%）', 'Points multiplier (%)'],
      membersRegraded: ['调整等级的会员数', 'Members regraded'],
      // Log-off requests.
      requestStatus: {
        label: ['申请状态', 'Request status'],
        format: enumFormat(LOGOFF_STATUS_LABELS, LOGOFF_STATUS_LABELS_EN),
      },
      rejectReason: ['驳回原因', 'Reject reason'],
      contactsDeleted: ['删除的家庭成员数', 'Family members deleted'],
      // Exports' filters.
      gradeName: ['会员等级', 'Grade'],
      memberId: ['会员编号', 'Member ID'],
      memberName: ['会员姓名', 'Member name'],
      memberPhone: { label: ['会员手机号', 'Member phone'], format: 'phone' },
      action: ['行为', 'Action'],
      phonePrefix: ['手机号', 'Phone'],
      registeredStart: { label: ['注册时间起', 'Registered from'], format: 'time' },
      registeredEnd: { label: ['注册时间止', 'Registered to'], format: 'time' },
      activeStart: { label: ['最近活跃起', 'Last active from'], format: 'time' },
      activeEnd: { label: ['最近活跃止', 'Last active to'], format: 'time' },
      fromGradeId: ['原等级编号', 'From grade ID'],
      toGradeId: ['新等级编号', 'To grade ID'],
      reason: {
        label: ['变更原因', 'Reason'],
        format: enumFormat(GRADE_CHANGE_REASON_LABELS, GRADE_CHANGE_REASON_LABELS_EN),
      },
      ip: ['IP', 'IP'],
    },
    points: {
      pointsBalance: ['积分余额', 'Points balance'],
      amount: ['调整积分', 'Points change'],
      reason: ['调整原因', 'Reason'],
      memberId: ['会员编号', 'Member ID'],
      type: {
        label: ['积分类型', 'Type'],
        format: enumFormat(POINTS_TYPE_LABELS, POINTS_TYPE_LABELS_EN),
      },
      sign: {
        label: ['收支', 'Direction'],
        format: { values: { plus: ['收入', 'In'], minus: ['支出', 'Out'] } },
      },
    },
    sign: {
      recordId: ['签到记录编号', 'Check-in record ID'],
      signDate: ['签到日期', 'Check-in date'],
      streak: ['连续签到天数', 'Streak (days)'],
      basePoints: ['签到积分', 'Check-in points'],
      rewardPoints: ['连续签到奖励积分', 'Streak reward points'],
      pointsAwarded: ['获得积分', 'Points awarded'],
      memberId: ['会员编号', 'Member ID'],
      source: {
        label: ['签到来源', 'Source'],
        format: enumFormat(SIGN_SOURCE_LABELS, SIGN_SOURCE_LABELS_EN),
      },
      date: ['日期', 'Date'],
      minStreak: ['连续签到天数不少于', 'Streak at least'],
    },
    notice: {
      cover: ['封面图', 'Cover'],
      contentLength: ['内容字数', 'Content length'],
      targetType: {
        label: ['发送对象', 'Recipients'],
        format: enumFormat(NOTICE_TARGET_LABELS, NOTICE_TARGET_LABELS_EN),
      },
      targetIds: ['指定等级/渠道编号', 'Grade / channel IDs'],
      status: {
        label: ['状态', 'Status'],
        format: enumFormat(NOTICE_STATUS_LABELS, NOTICE_STATUS_LABELS_EN),
      },
      scheduledAt: { label: ['定时发送时间', 'Scheduled at'], format: 'time' },
      recipients: ['接收人数', 'Recipients'],
    },
    // The points rules and check-in settings are saved as settings (module system).
    system: {
      registerPoints: ['注册奖励积分', 'Registration points'],
      measurementPoints: ['上传测量积分', 'Measurement points'],
      healthTaskPoints: ['完成健康任务积分', 'Health task points'],
      dailyCap: ['每日获取上限', 'Daily cap'],
      expiryPolicy: {
        label: ['过期策略', 'Expiry policy'],
        format: enumFormat(EXPIRY_POLICY_LABELS, EXPIRY_POLICY_LABELS_EN),
      },
      expiryMonths: ['过期月数', 'Expiry months'],
      basePoints: ['每日签到积分', 'Daily check-in points'],
      streakRewards: ['连续签到奖励', 'Streak rewards'],
      'streakRewards.day': ['连续签到天数', 'Streak day'],
      'streakRewards.points': ['奖励积分', 'Reward points'],
      reminderEnabled: ['签到提醒', 'Reminder'],
      reminderTime: ['提醒时间', 'Reminder time'],
      ruleText: ['签到规则说明', 'Rules text'],
    },
  },
  targetWords: {
    会员等级: 'Member grade',
    会员: 'Member',
    的家庭成员: "'s family member",
    代签到: '(check-in on behalf)',
    注销申请: 'Log-off request',
    渠道: 'Channel',
    通知: 'Notice',
    积分明细: 'Points ledger',
    会员列表: 'Members',
    会员行为日志: 'Member action log',
    签到记录: 'Check-in records',
    家庭成员: 'Family members',
    等级变更记录: 'Grade changes',
  },
  messages: {
    查看会员手机号明文: "Revealed the member's phone number",
    查看会员身份证号明文: "Revealed the member's ID number",
    查看家庭成员手机号明文: "Revealed the family member's phone number",
  },
  messagePatterns: [
    [/^增加积分 (\d+)$/, 'Added $1 points'],
    [/^扣减积分 (\d+)$/, 'Deducted $1 points'],
    [/^已发送给(\d+)位会员$/, 'Sent to $1 members'],
  ],
};
