import { registerFeatureLocale } from '../../../shared/i18n';

/** Strings of the operation log page (namespace "operateLog"; the authority locales are helper B's). */
const zh = {
  title: '操作日志',
  col: {
    time: '时间',
    operator: '操作员',
    module: '模块',
    action: '操作',
    target: '对象',
    ip: 'IP',
    result: '结果',
    message: '说明',
    detail: '详情',
  },
  result: { success: '成功', failure: '失败' },
  view: '查看',
  exportName: '操作日志.xlsx',
  drawer: {
    title: '操作详情',
    basic: '基本信息',
    requestId: '请求编号',
    changes: '修改前后对比',
    field: '字段',
    before: '修改前',
    after: '修改后',
    value: '内容',
    noChanges: '该操作没有记录修改前后的数据',
    changedOnly: '只看有变化的字段',
    changedCount: '共 {{count}} 个字段有变化',
  },
};

const en: typeof zh = {
  title: 'Operation log',
  col: {
    time: 'Time',
    operator: 'Operator',
    module: 'Module',
    action: 'Action',
    target: 'Target',
    ip: 'IP',
    result: 'Result',
    message: 'Message',
    detail: 'Detail',
  },
  result: { success: 'Success', failure: 'Failure' },
  view: 'View',
  exportName: 'operation-log.xlsx',
  drawer: {
    title: 'Operation detail',
    basic: 'Basics',
    requestId: 'Request id',
    changes: 'Before / after',
    field: 'Field',
    before: 'Before',
    after: 'After',
    value: 'Value',
    noChanges: 'No before/after data was recorded for this operation',
    changedOnly: 'Changed fields only',
    changedCount: '{{count}} fields changed',
  },
};

registerFeatureLocale('operateLog', zh, en);
