import { type BilingualTable, registerBilingualLocale } from '../../../shared/i18n';

/** Strings of 医护工作量, each as [zh-CN, en-US]. */
const strings = {
  title: ['医护工作量', 'Staff workload'],
  period: ['统计时间', 'Period'],
  person: ['图表人员', 'Chart for'],
  everyone: ['全部人员', 'Everyone'],
  name: ['姓名', 'Name'],
  role: ['角色', 'Role'],
  roles: {
    admin: ['管理员', 'Administrator'],
    doctor: ['医生', 'Doctor'],
    assistant: ['医生助理', 'Assistant'],
    operator: ['运营', 'Operator'],
  },
  read: ['判读', 'Read'],
  readHint: ['签名的报告数', 'Reports signed'],
  published: ['发布报告', 'Reports published'],
  alertsAnswered: ['处理预警', 'Alerts answered'],
  median: ['响应时长中位数', 'Median response'],
  p90: ['响应时长 90 分位', '90th percentile response'],
  responseHint: [
    '从预警产生到回复它的报告发布',
    'From the alert being raised to its report being published',
  ],
  tasksBooked: ['预约任务', 'Tasks booked'],
  tasksDone: ['完成任务', 'Tasks done'],
  minutes: ['{{n}} 分钟', '{{n}} min'],
  hours: ['{{h}} 小时 {{m}} 分', '{{h}} h {{m}} min'],
  chart: ['每日发布报告与完成任务', 'Reports published and tasks done per day'],
  date: ['日期', 'Date'],
  export: ['导出Excel', 'Export to Excel'],
  exportFile: ['医护工作量.xlsx', 'staff-workload.xlsx'],
  exporting: ['导出中…', 'Exporting…'],
  empty: ['该时间段没有医护人员', 'No staff in this period'],
} satisfies BilingualTable;

/** Namespace "healthWorkload": the staff workload page. */
export const HEALTH_WORKLOAD_NS = registerBilingualLocale('healthWorkload', strings);
