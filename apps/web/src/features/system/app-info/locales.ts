import { type BilingualTable, registerBilingualLocale } from '../../../shared/i18n';

/** Strings of the public app download page /openinstall, each as [zh-CN, en-US]. */
const strings = {
  pageTitle: ['{{appName}} 下载', 'Download {{appName}}'],
  tagline: ['扫码或点击按钮下载 APP', 'Scan the code or tap the button to download the app'],
  android: ['Android', 'Android'],
  ios: ['iOS', 'iOS'],
  download: {
    android: ['下载 Android 版', 'Download for Android'],
    ios: ['下载 iOS 版', 'Download for iOS'],
  },
  latestVersion: ['最新版本 {{version}}', 'Latest version {{version}}'],
  releaseNotes: ['更新说明', "What's new"],
  noNotes: ['暂无更新说明', 'No release notes'],
  unavailable: ['暂未提供下载', 'Not available for download yet'],
  unavailableHint: [
    '该平台的下载地址尚未配置，请稍后再来。',
    'No download link has been set for this platform yet. Please come back later.',
  ],
  scanFor: {
    android: ['Android 手机扫码下载', 'Scan with an Android phone'],
    ios: ['iPhone 扫码下载', 'Scan with an iPhone'],
  },
  qrAlt: {
    android: ['Android 下载二维码', 'Android download QR code'],
    ios: ['iOS 下载二维码', 'iOS download QR code'],
  },
  yourDevice: ['适用于您的设备', 'For your device'],
  otherPlatform: ['其他平台', 'Other platform'],
  wechat: [
    '微信内无法直接下载：请点击右上角“···”，选择“在浏览器中打开”。',
    'Downloads do not start inside WeChat: tap "···" at the top right and choose "Open in Browser".',
  ],
  loading: ['加载中…', 'Loading…'],
  error: ['下载信息加载失败', 'Could not load the download information'],
  retry: ['重试', 'Retry'],
} satisfies BilingualTable;

/** Namespace "appInfo": the /openinstall page. */
export const APP_INFO_NS = registerBilingualLocale('appInfo', strings);
