import { bilingualLabels, ECG_EPISODE_LABELS, ECG_EPISODE_LABELS_EN } from '@health/contract';
import { registerBilingualLocale } from '../i18n';

/** The ECG viewer's own strings (shared: the report pages and the doctor's workbench use it). */
export const ECG_VIEWER_NS = registerBilingualLocale('ecgViewer', {
  episode: bilingualLabels(ECG_EPISODE_LABELS, ECG_EPISODE_LABELS_EN),
  toolbar: {
    label: ['心电图工具栏', 'ECG toolbar'],
    speed: ['走纸速度', 'Paper speed'],
    gain: ['增益', 'Gain'],
    measure: ['测量', 'Measure'],
    snap: ['吸附R波', 'Snap to R'],
    marchOut: ['分规步进', 'March out'],
    clear: ['清除测量', 'Clear calipers'],
    calibrate: ['屏幕校准', 'Calibrate screen'],
    print: ['打印', 'Print'],
  },
  unit: {
    mmPerS: ['{{v}} mm/s', '{{v}} mm/s'],
    mmPerMv: ['{{v}} mm/mV', '{{v}} mm/mV'],
    bpm: ['{{v}} 次/分', '{{v}} bpm'],
    ms: ['{{v}} 毫秒', '{{v}} ms'],
    mv: ['{{v}} mV', '{{v}} mV'],
    seconds: ['{{v}} 秒', '{{v}} s'],
    hoursMinutes: ['{{h}} 小时 {{m}} 分', '{{h}} h {{m}} min'],
    minutesSeconds: ['{{m}} 分 {{s}} 秒', '{{m}} min {{s}} s'],
  },
  readout: {
    offset: ['记录时间', 'Recording time'],
    clock: ['时钟', 'Clock'],
    heartRate: ['心率', 'Heart rate'],
    scale: ['比例', 'Scale'],
    none: ['—', '—'],
    loading: ['加载中…', 'Loading…'],
    error: ['数据加载失败：{{msg}}', 'Failed to load the data: {{msg}}'],
  },
  caliper: {
    hintFirst: ['点击第一个测量点', 'Click the first point'],
    hintSecond: ['点击第二个测量点', 'Click the second point'],
    dt: ['Δt {{v}} 毫秒', 'Δt {{v}} ms'],
    dmv: ['ΔV {{v}} mV', 'ΔV {{v}} mV'],
    bpm: ['{{v}} 次/分', '{{v}} bpm'],
    intervals: ['（{{n}} 个RR间期）', ' ({{n}} R-R intervals)'],
    result: ['测量结果', 'Measurement'],
  },
  overview: {
    label: ['全程概览：点击或拖动跳转到该时间', 'Whole recording: click or drag to jump to a time'],
    trend: ['心率趋势', 'Heart-rate trend'],
    window: ['当前窗口', 'Current window'],
    noEpisodes: ['未发现心律失常事件', 'No arrhythmic episodes found'],
    episodeAt: ['{{kind}}，{{from}}–{{to}}', '{{kind}}, {{from}}–{{to}}'],
    episodeRate: ['，{{v}} 次/分', ', {{v}} bpm'],
  },
  aria: {
    paper: [
      '心电图：{{name}}，{{count}} 个导联（{{leads}}），时长 {{duration}}，平均心率 {{hr}}。左右方向键移动 1 秒，Shift 加方向键或 PageUp/PageDown 翻屏，Home/End 到首尾。',
      'ECG of {{name}}: {{count}} leads ({{leads}}), {{duration}} long, mean heart rate {{hr}}. Left and right arrows move 1 second, Shift+arrows or PageUp/PageDown a screen, Home/End to either end.',
    ],
  },
  calibration: {
    title: ['屏幕校准', 'Screen calibration'],
    hint: [
      '把一张银行卡（85.60 × 53.98 毫米）贴在屏幕上，拖动滑块或矩形右下角，使矩形与卡片一样大。结果保存在本机浏览器，所有心电图都按它显示真实毫米。',
      'Hold a bank card (85.60 × 53.98 mm) against the screen and drag the slider or the rectangle’s corner until the rectangle matches the card. The result is kept in this browser and every ECG uses it to show true millimetres.',
    ],
    card: ['银行卡', 'Bank card'],
    scale: ['1 毫米 = {{v}} 像素', '1 mm = {{v}} px'],
    slider: ['矩形大小', 'Rectangle size'],
    current: ['当前：{{v}}', 'Current: {{v}}'],
    notCalibrated: ['未校准（按 96 像素/英寸）', 'Not calibrated (96 px per inch)'],
    calibrated: ['已校准（1 毫米 = {{v}} 像素）', 'Calibrated (1 mm = {{v}} px)'],
    save: ['保存', 'Save'],
    reset: ['恢复默认', 'Reset to default'],
    cancel: ['取消', 'Cancel'],
    zoomChanged: [
      '浏览器缩放已改变，建议重新校准',
      'The browser zoom has changed since calibrating: calibrate again',
    ],
  },
  print: {
    title: ['心电图', 'ECG'],
    line: ['{{label}}：{{value}}', '{{label}}: {{value}}'],
    member: ['会员', 'Member'],
    measuredAt: ['测量时间', 'Measured at'],
    segment: ['片段', 'Segment'],
    scale: ['比例', 'Scale'],
    printedAt: ['打印时间', 'Printed at'],
    note: [
      '按实际尺寸打印（缩放 100%，不要"适合页面"）',
      'Print at actual size (100 %, not "fit to page")',
    ],
    blocked: ['无法打开打印窗口', 'The print window could not be opened'],
  },
});
