import { parseSmsPlaceholders, renderSmsTemplate } from '@health/contract';
import type { Kysely } from 'kysely';
import { sanitizeRichText } from '../../../platform/rich-text.js';
import type { Database } from '../../../db/schema.js';
import type { DemoContext } from '../../../db/demo/context.js';

/**
 * Demo content of the settings area: hot and default search words (with the suggestion list built
 * from them), SMS templates with a few weeks of outbox, and the four agreements the apps link to.
 */

const PLATFORM = '居家健康服务平台';

const HOT_WORDS = [
  '血压计',
  '心电贴',
  '血糖试纸',
  '家庭医生',
  '体检套餐',
  '尿酸检测仪',
  '积分兑换',
  '高血压饮食',
  '胆固醇',
  '睡眠监测',
];
const DEFAULT_WORDS = ['搜索设备、服务或健康知识', '血压管理方案', '在线问诊'];

const SMS_TEMPLATES = [
  {
    code: 'verify_code',
    name: '验证码',
    scene: 'verify_code',
    content: '【居家健康】您的验证码为${code}，${minutes}分钟内有效，请勿泄露给他人。',
    provider: 'SMS_270145001',
  },
  {
    code: 'bp_warning',
    name: '预警通知',
    scene: 'warning',
    content:
      '【居家健康】${name}您好，您于${time}测量的${item}为${value}，超出正常范围，医生将尽快与您联系，如有不适请及时就医。',
    provider: 'SMS_270145002',
  },
  {
    code: 'family_warning',
    name: '家属预警通知',
    scene: 'warning',
    content:
      '【居家健康】您的家人${name}于${time}测量的${item}为${value}，属于${level}，请及时关注其身体状况。',
    provider: 'SMS_270145003',
  },
  {
    code: 'device_return',
    name: '设备归还提醒',
    scene: 'device_return',
    content:
      '【居家健康】${name}您好，您借用的${device}（编号${serial}）将于${date}到期，请按时寄回，寄回地址可在APP“我的设备”中查看。',
    provider: 'SMS_270145004',
  },
  {
    code: 'order_shipped',
    name: '积分订单发货通知',
    scene: 'order',
    content: '【居家健康】您兑换的${goods}已发货，${courier}运单号${trackingNo}，请注意查收。',
    provider: 'SMS_270145005',
  },
  {
    code: 'health_report',
    name: '健康报告发布通知',
    scene: 'other',
    content: '【居家健康】${name}您好，医生已为您出具${report}，请登录APP查看详情。',
    provider: '',
  },
  {
    // The member's warning of an ECG (device/ingest/warning-sms.ts), not the BP wording.
    code: 'ecg_warning',
    name: '心电预警通知',
    scene: 'warning',
    content:
      '【居家健康】${name}您好，您于${time}上传的心电图（${value}）提示${level}，医生将尽快为您判读，如有胸闷、心慌、头晕等不适请立即就医。',
    provider: 'SMS_270145006',
  },
] as const;

const SAMPLE_VALUES: Record<string, string[]> = {
  code: ['382915', '604127', '927340', '115806'],
  minutes: ['5'],
  name: ['王秀英', '李建国', '张桂兰', '刘志强', '陈淑珍'],
  item: ['血压', '空腹血糖', '心率'],
  value: ['168/102mmHg', '8.6mmol/L', '128次/分'],
  time: ['今天 07:32', '今天 08:15', '昨天 21:40'],
  date: ['2024年7月15日', '2024年8月2日'],
  level: ['二级高血压', '血糖偏高', '心率过快'],
  device: ['欧姆龙电子血压计', '心电记录仪', '血糖仪'],
  serial: ['BP2024060013', 'ECG2024050021', 'BG2024070108'],
  goods: ['电子体温计', '血糖试纸（50片）', '按摩眼罩'],
  courier: ['顺丰速运', '中通快递'],
  trackingNo: ['SF1408823750512', 'ZT7532098841230'],
  report: ['心电分析报告', '血压月度报告'],
};

const section = (title: string, ...paragraphs: string[]) =>
  `<h3>${title}</h3>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`;

const AGREEMENTS = [
  {
    code: 'user_agreement',
    title: '用户服务协议',
    content: [
      `<p>欢迎您使用${PLATFORM}（以下简称“本平台”）。在注册和使用本平台服务前，请您务必仔细阅读并充分理解本协议各条款，特别是免除或限制责任的条款。您点击“同意”或实际使用本平台服务，即视为您已阅读并同意本协议的全部内容。</p>`,
      section(
        '一、服务内容',
        '本平台为用户提供家庭健康监测设备的购买与借用、健康数据的采集与管理、医生在线解读、健康任务提醒、积分商城等服务。具体服务内容以平台实际提供的为准。',
        '本平台提供的健康数据解读与建议仅供参考，不能替代医疗机构的诊断与治疗。如出现身体不适，请及时前往正规医疗机构就诊。',
      ),
      section(
        '二、账号注册与使用',
        '您应使用本人真实有效的手机号码注册账号，并妥善保管账号及验证码。因您保管不善导致的损失由您自行承担。',
        '您不得将账号出借、转让或用于任何违法违规用途。发现账号被盗用时，请立即联系客服处理。',
      ),
      section(
        '三、用户行为规范',
        '您在使用服务时应遵守国家法律法规，不得上传虚假测量数据，不得干扰平台的正常运行，不得利用平台从事任何损害他人合法权益的行为。',
      ),
      section(
        '四、协议的变更与终止',
        '本平台有权根据业务发展需要修订本协议，修订后的协议将在平台公布。您继续使用服务即视为接受修订后的协议。您可随时在APP内申请注销账号，注销后本协议终止。',
      ),
      `<p>如您对本协议有任何疑问，可拨打客服电话 <a href="tel:4008001234">400-800-1234</a> 或发送邮件至 <a href="mailto:service@jiankang.example.com">service@jiankang.example.com</a>。</p>`,
    ].join(''),
  },
  {
    code: 'privacy_policy',
    title: '隐私政策',
    content: [
      `<p>${PLATFORM}深知个人信息对您的重要性，我们将按照《中华人民共和国个人信息保护法》等法律法规的要求，采取相应的安全保护措施，保护您的个人信息。</p>`,
      section(
        '一、我们收集的信息',
        '<strong>账号信息：</strong>手机号码、昵称、头像。',
        '<strong>健康信息：</strong>您使用设备测量的血压、血糖、心电、总胆固醇、尿酸等数据，以及您主动填写的既往病史、用药情况。健康信息属于敏感个人信息，我们仅在取得您单独同意后收集。',
        '<strong>家庭联系人信息：</strong>您添加的紧急联系人姓名、关系及手机号码，用于在测量结果异常时通知您的家人。',
      ),
      section(
        '二、我们如何使用信息',
        '用于为您提供健康监测、异常预警、医生解读、健康任务等服务；用于改进产品与服务质量。未经您的同意，我们不会将您的个人信息用于其他目的。',
      ),
      section(
        '三、信息的共享与披露',
        '除为您提供服务所必需（如签约医生查看您的测量数据）或法律法规另有规定外，我们不会向第三方共享您的个人信息。',
      ),
      section(
        '四、您的权利',
        '您有权查询、更正、删除您的个人信息，有权撤回授权同意，有权注销账号。您可以在APP“我的—设置”中行使上述权利。',
      ),
      '<p>本政策自发布之日起生效。</p>',
    ].join(''),
  },
  {
    code: 'device_lending',
    title: '设备借用协议',
    content: [
      '<p>为方便会员在家中开展健康监测，本平台向符合条件的会员提供健康监测设备借用服务。借用前请仔细阅读本协议。</p>',
      section(
        '一、借用条件与押金',
        '借用人须为本平台实名注册会员。借用设备需缴纳押金，押金金额以借用页面显示为准，设备完好归还后七个工作日内原路退还。',
      ),
      section(
        '二、借用期限',
        '借用期限自设备签收之日起计算，默认为30天。到期前3天平台将以短信方式提醒您归还，如需续借请在到期前通过APP申请。',
      ),
      section(
        '三、使用与保管',
        '<ul><li>请按照说明书正确使用设备，不得拆卸、改装；</li><li>设备仅限借用人及其家庭成员使用，不得转借他人；</li><li>因人为原因造成设备损坏或遗失的，将按设备折旧价值从押金中扣除。</li></ul>',
      ),
      section(
        '四、归还方式',
        '请将设备及全部配件装箱后寄回平台指定地址，并在APP“设备归还”页面填写快递单号。归还地址以APP显示为准。',
      ),
    ].join(''),
  },
  {
    code: 'points_rules',
    title: '会员积分规则',
    content: [
      '<p>积分是本平台对会员参与健康管理活动的奖励，可在积分商城兑换商品与服务。</p>',
      section(
        '一、积分获取',
        '<table><thead><tr><th>行为</th><th>积分</th><th>说明</th></tr></thead><tbody><tr><td>注册成为会员</td><td>100</td><td>仅首次</td></tr><tr><td>每日签到</td><td>5</td><td>连续签到7天额外奖励20积分</td></tr><tr><td>上传测量数据</td><td>2</td><td>每日上限10积分</td></tr><tr><td>完成健康任务</td><td>20</td><td>以医生确认完成为准</td></tr></tbody></table>',
      ),
      section(
        '二、积分使用',
        '积分可在积分商城兑换商品，兑换成功后积分即时扣减。积分不可转让、不可提现。',
      ),
      section('三、积分有效期', '每年获得的积分有效期至次年12月31日，逾期未使用的积分将自动清零。'),
      section(
        '四、其他',
        '如发现以作弊等不正当方式获取积分，平台有权扣除相应积分并视情节暂停账号的积分功能。',
      ),
    ].join(''),
  },
];

/** Abnormal readings of the warning templates (item, value and level belong together). */
const READINGS = [
  { item: '血压', value: '168/102mmHg', level: '二级高血压' },
  { item: '空腹血糖', value: '8.6mmol/L', level: '血糖偏高' },
  { item: '心率', value: '128次/分', level: '心率过快' },
  { item: '血压', value: '182/112mmHg', level: '三级高血压' },
];

function pickValues(ctx: DemoContext, names: readonly string[]): Record<string, string> {
  const reading: Record<string, string> = ctx.random.pick(READINGS);
  return Object.fromEntries(
    names.map((n) => [n, reading[n] ?? ctx.random.pick(SAMPLE_VALUES[n] ?? ['1'])]),
  );
}

export async function seedContent(db: Kysely<Database>, ctx: DemoContext): Promise<void> {
  const { now, day } = ctx;

  const words = [
    ...HOT_WORDS.map((keyword, i) => ({
      keyword,
      type: 'hot' as const,
      sort: i + 1,
      enabled: i === HOT_WORDS.length - 1 ? 0 : 1,
      valid_from: null,
      // One campaign word whose validity ended last week.
      valid_to: i === HOT_WORDS.length - 2 ? now - 7 * day : null,
    })),
    ...DEFAULT_WORDS.map((keyword, i) => ({
      keyword,
      type: 'default' as const,
      sort: i + 1,
      enabled: 1 as const,
      valid_from: i === 2 ? now - 30 * day : null,
      valid_to: i === 2 ? now + 60 * day : null,
    })),
  ].map((w, i) => ({ ...w, created_at: now - (40 - i) * day, updated_at: now - (20 - i) * day }));
  await db
    .insertInto('search_words')
    .values(words.map((w) => ({ ...w, enabled: w.enabled as 0 | 1 })))
    .execute();
  const effective = words.filter(
    (w) => w.enabled === 1 && (w.valid_to === null || w.valid_to > now),
  );
  await db
    .insertInto('search_suggestions')
    .values(
      effective.map((w) => ({
        keyword: w.keyword,
        weight: (w.type === 'hot' ? 10000 : 0) + 9999 - w.sort,
        source_types: w.type,
        built_at: now - day,
      })),
    )
    .execute();

  await db
    .insertInto('sms_templates')
    .values(
      SMS_TEMPLATES.map((t, i) => ({
        code: t.code,
        name: t.name,
        scene: t.scene,
        content: t.content,
        provider_template_id: t.provider,
        enabled: t.code === 'health_report' ? 0 : 1,
        created_at: now - (60 - i) * day,
        updated_at: now - (30 - i) * day,
        updated_by: 'admin',
      })),
    )
    .execute();

  // The sample values are a BP or glucose reading's: the ECG template sends none of them.
  const sendable = SMS_TEMPLATES.filter(
    (t) => t.code !== 'health_report' && t.code !== 'ecg_warning',
  );
  const outbox = Array.from({ length: 36 }, (_, i) => {
    const template = ctx.random.pick(sendable);
    const check = parseSmsPlaceholders(template.content);
    const params = pickValues(ctx, check.ok ? check.names : []);
    return {
      template_code: template.code,
      phone: ctx.random.phone(),
      content: renderSmsTemplate(template.content, params),
      params_json: JSON.stringify(params),
      provider: 'outbox',
      status: 'sent' as const,
      error: '',
      operator_name: '',
      created_at: now - (36 - i) * (day / 2) - ctx.random.int(0, 3_600_000),
    };
  });
  await db.insertInto('sms_outbox').values(outbox).execute();

  await db
    .insertInto('agreements')
    .values(
      AGREEMENTS.map((a, i) => ({
        code: a.code,
        title: a.title,
        content: sanitizeRichText(a.content),
        version: 1 + (i % 3),
        created_at: now - 90 * day,
        updated_at: now - (12 - i * 3) * day,
        updated_by: 'admin',
      })),
    )
    .execute();
}
