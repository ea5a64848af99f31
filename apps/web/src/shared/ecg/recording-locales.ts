import { registerBilingualLocale } from '../i18n';

/** The strings of a recording's view and drawer (report centre, doctor workbench); the viewer's own are in locales.ts. */
export const ECG_RECORDING_NS = registerBilingualLocale('ecgRecording', {
  ecg: {
    title: ['心电记录', 'ECG recording'],
    loading: ['正在加载心电记录…', 'Loading the ECG recording…'],
    loadFailed: ['心电记录加载失败', 'The ECG recording could not be loaded'],
    retry: ['重试', 'Retry'],
    member: ['会员', 'Member'],
    phone: ['手机号', 'Phone'],
    device: ['设备序列号', 'Device serial'],
    measuredAt: ['测量时间', 'Measured at'],
    duration: ['时长', 'Duration'],
    leads: ['导联', 'Leads'],
    sampleRate: ['采样率', 'Sample rate'],
    sampleRateValue: ['{{v}} Hz', '{{v}} Hz'],
    level: ['预警级别', 'Level'],
    deviceHeartRate: ['设备心率', 'Device heart rate'],
    deviceArrhythmia: ['设备提示心律不齐', 'Device flagged arrhythmia'],
    analysisHeartRate: ['分析心率（平均/最低/最高）', 'Analysed heart rate (mean / min / max)'],
    heartRateTriple: ['{{mean}} / {{min}} / {{max}} 次/分', '{{mean}} / {{min}} / {{max}} bpm'],
    bpm: ['{{v}} 次/分', '{{v}} bpm'],
    beats: ['心搏数', 'Beats'],
    episodes: ['心律失常事件', 'Arrhythmic episodes'],
    episodeCount: ['{{n}} 次', '{{n}}'],
    none: ['无', 'None'],
    seconds: ['{{v}} 秒', '{{v}} s'],
    minutesSeconds: ['{{m}} 分 {{s}} 秒', '{{m}} min {{s}} s'],
    hoursMinutes: ['{{h}} 小时 {{m}} 分', '{{h}} h {{m}} min'],
  },
});
