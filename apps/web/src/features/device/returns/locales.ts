import { type BilingualTable, registerBilingualLocale } from '../../../shared/i18n';

/** Strings of the public page /equipment-return-address, each as [zh-CN, en-US]. */
const strings = {
  pageTitle: ['设备归还', 'Return a device'],
  tagline: [
    '租借或绑定的设备需要寄回时，请按以下步骤操作',
    'To send back a lent or bound device, follow these steps',
  ],
  steps: {
    pack: ['打包设备及配件', 'Pack the device and its accessories'],
    send: ['寄到下方归还地址', 'Send it to the address below'],
    file: ['填写快递单号登记寄回', 'File the tracking number here'],
  },
  addressTitle: ['归还地址', 'Return address'],
  receiver: ['收件人', 'Receiver'],
  receiverPhone: ['收件电话', 'Phone'],
  address: ['收件地址', 'Address'],
  copyAddress: ['复制地址', 'Copy the address'],
  addressMissing: [
    '归还地址尚未配置，请联系客服获取寄回地址。',
    'The return address has not been set yet. Please contact customer service for it.',
  ],
  formTitle: ['登记寄回', 'File your return'],
  formIntro: [
    '请填写绑定或租借设备时使用的手机号和设备背面的序列号。',
    'Enter the phone number the device is registered to and the serial number on its back.',
  ],
  phone: ['手机号', 'Phone number'],
  phonePlaceholder: ['设备登记的手机号', 'The phone the device is registered to'],
  serial: ['设备序列号', 'Device serial'],
  serialPlaceholder: ['设备背面或包装上的序列号', 'On the back of the device or its box'],
  courier: ['快递公司', 'Courier'],
  courierPlaceholder: ['请选择快递公司', 'Choose the courier'],
  trackingNo: ['快递单号', 'Tracking number'],
  trackingPlaceholder: ['快递面单上的单号', 'The number on the waybill'],
  submit: ['提交登记', 'File the return'],
  successTitle: ['寄回登记成功', 'Return filed'],
  duplicateTitle: ['该快递单号已登记', 'This tracking number is already filed'],
  successDetail: [
    '设备 {{serial}} · {{courier}} {{trackingNo}}',
    'Device {{serial}} · {{courier}} {{trackingNo}}',
  ],
  nextSteps: [
    '我们收到设备并验收后会为您办理归还（押金按协议退还）。如有疑问请联系客服。',
    'Once the device arrives and is checked, we complete the return (the deposit is refunded as agreed). Contact customer service with any question.',
  ],
  fileAnother: ['登记另一台设备', 'File another device'],
  loading: ['加载中…', 'Loading…'],
  error: ['归还地址加载失败', 'Could not load the return address'],
  retry: ['重试', 'Retry'],
} satisfies BilingualTable;

/** Namespace "deviceReturn": the public return page. */
export const DEVICE_RETURN_NS = registerBilingualLocale('deviceReturn', strings);
