import { type BilingualTable, registerBilingualLocale } from '../../shared/i18n';

/** Strings of 统计中心, each as [zh-CN, en-US]. */
const strings = {
  period: ['统计时间', 'Period'],
  presets: {
    today: ['今天', 'Today'],
    yesterday: ['昨天', 'Yesterday'],
    last7: ['近7天', 'Last 7 days'],
    last30: ['近30天', 'Last 30 days'],
    thisMonth: ['本月', 'This month'],
    lastMonth: ['上月', 'Last month'],
  },
  asOf: ['数据截至 {{time}}', 'As of {{time}}'],
  change: ['环比', 'vs previous'],
  changeUp: ['较上一周期增加 {{pct}}%', 'Up {{pct}}% on the previous period'],
  changeDown: ['较上一周期减少 {{pct}}%', 'Down {{pct}}% on the previous period'],
  changeNone: ['上一周期为 0，无法计算环比', 'The previous period was 0'],
  previous: ['上一周期 {{value}}', 'Previous period {{value}}'],
  todayHint: ['今天与昨天同一时刻比较', 'Today is compared with yesterday up to this time'],
  dailyTitle: ['每日趋势', 'By day'],
  tableTitle: ['每日数据', 'Daily table'],
  date: ['日期', 'Date'],
  periodTotal: ['本期', 'This period'],
  previousTotal: ['上一周期', 'Previous period'],
  export: ['导出Excel', 'Export to Excel'],
  exporting: ['导出中…', 'Exporting…'],
  empty: ['该时间段没有数据', 'No data in this period'],
  other: ['其他', 'Other'],
  loadFailed: [
    '统计数据加载失败，请稍后重试',
    'The statistics could not be loaded; try again later',
  ],
  byDimension: ['{{metric}} · 按{{dimension}}', '{{metric}} by {{dimension}}'],
  rangeTooLong: ['统计时间段最长366天', 'A period is at most 366 days'],
  member: {
    title: ['会员统计', 'Member statistics'],
    exportFile: ['会员统计.xlsx', 'member-statistics.xlsx'],
    chart: ['新增与活跃会员', 'New and active members'],
  },
  health: {
    title: ['健康数据统计', 'Health data statistics'],
    exportFile: ['健康数据统计.xlsx', 'health-statistics.xlsx'],
    chart: ['测量、预警与报告', 'Readings, alerts and reports'],
  },
  mall: {
    title: ['积分统计', 'Points statistics'],
    exportFile: ['积分统计.xlsx', 'points-statistics.xlsx'],
    chart: ['积分发放与兑换', 'Points issued and redeemed'],
  },
  device: {
    title: ['设备统计', 'Device statistics'],
    exportFile: ['设备统计.xlsx', 'device-statistics.xlsx'],
    chart: ['测量与设备绑定', 'Readings and devices bound'],
    now: ['当前设备', 'Devices now'],
    byStatus: ['按状态', 'By state'],
    byType: ['按类型', 'By type'],
    total: ['设备总数 {{n}} 台', '{{n}} devices in all'],
    silent: ['沉默设备', 'Silent devices'],
    silentHint: [
      '已绑定但超过所选天数没有上传数据的设备，按沉默时间从长到短',
      'Bound devices with no upload for the chosen days, longest silent first',
    ],
    silentDays: ['未上传天数', 'Days without upload'],
    days: ['{{n}} 天', '{{n}} days'],
    serial: ['设备编号', 'Serial'],
    model: ['型号', 'Model'],
    member: ['会员', 'Member'],
    phone: ['手机号', 'Phone'],
    boundAt: ['绑定时间', 'Bound'],
    lastUpload: ['最后上传', 'Last upload'],
    never: ['从未上传', 'Never'],
    noSilent: ['没有沉默设备', 'No silent devices'],
  },
  rates: {
    abnormalRate: {
      name: ['异常率', 'Abnormal rate'],
      definition: [
        '异常测量条数 ÷ 测量总数（同一时间段）',
        'Abnormal readings ÷ all readings (the same period)',
      ],
    },
  },
} satisfies BilingualTable;

/** Namespace "statistics": 统计中心's pages. */
export const STATISTICS_NS = registerBilingualLocale('statistics', strings);
