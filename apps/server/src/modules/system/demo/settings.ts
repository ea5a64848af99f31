import type { Kysely } from 'kysely';
import { SETTINGS_DEFAULTS, type SettingsSection, type SettingsValue } from '@health/contract';
import type { SecretBox } from '../../../platform/secrets.js';
import type { Database } from '../../../db/schema.js';
import type { DemoContext } from '../../../db/demo/context.js';
import { RuleVersionsRepo } from '../../report/rules/repo.js';

/**
 * Every settings section filled with sensible values, and the three payment channels with their
 * (made-up) keys sealed like real ones — so every settings page has something to show.
 */

type Values = { [S in SettingsSection]: SettingsValue<S> };

function demoValues(doctorIds: number[]): Values {
  return {
    site_info: {
      platformName: '居家健康服务平台',
      logo: '',
      adminLogo: '',
      servicePhone: '400-820-1234',
      icpNumber: '沪ICP备2024012345号-1',
      copyright: '© 2024 居家健康服务平台 版权所有',
      h5Domain: 'https://h5.jujia-health.example.com',
    },
    pic_set: SETTINGS_DEFAULTS.pic_set,
    order: {
      autoCancelMinutes: 30,
      autoConfirmDays: 7,
      afterSaleDays: 15,
      deviceDepositFen: 29_900,
      returnDeadlineDays: 45,
      deviceOnlineHours: 24,
      claimMinutes: 30,
      queueWaitLimitMinutes: 30,
      reportLinkDays: 7,
    },
    base_set: {
      registrationOpen: true,
      defaultGrade: '普通会员',
      pointsName: '健康积分',
      serviceStart: '08:30',
      serviceEnd: '20:30',
      returnAddress: {
        receiver: '设备回收中心',
        phone: '021-61234567',
        address: '上海市徐汇区漕河泾开发区宜山路 888 号 3 号楼 2 层',
      },
    },
    app_set: {
      appName: '居家健康',
      appIcon: '',
      android: {
        latestVersion: '2.3.1',
        minVersion: '2.0.0',
        downloadUrl: 'https://download.jujia-health.example.com/android/jujia-2.3.1.apk',
        releaseNotes: '1. 新增心电报告在线查看\n2. 血压趋势图支持按周、按月切换\n3. 修复已知问题',
      },
      ios: {
        latestVersion: '2.3.0',
        minVersion: '2.0.0',
        downloadUrl: 'https://apps.apple.com/cn/app/id1234567890',
        releaseNotes: '1. 新增心电报告在线查看\n2. 优化登录体验',
      },
    },
    pay_set: {
      paymentTimeoutMinutes: 15,
      refundApprovalRequired: true,
      pointsPerYuan: 100,
      deductionCapPercent: 30,
    },
    conversation_set: {
      enabled: doctorIds.length > 0,
      serviceStart: '08:00',
      serviceEnd: '21:00',
      feePoints: 200,
      freeQuotaPerMonth: 2,
      autoCloseIdleMinutes: 30,
      welcomeText:
        '您好，我是您的家庭医生助手。请描述您的症状或上传最近的测量结果，医生会尽快回复。',
      doctorIds,
    },
    prewarning_set: SETTINGS_DEFAULTS.prewarning_set,
    integral: SETTINGS_DEFAULTS.integral,
    sign: SETTINGS_DEFAULTS.sign,
    goods_set: SETTINGS_DEFAULTS.goods_set,
  };
}

/** A PEM-looking block of base64 (demo material, not a usable key). */
function pem(label: string, hex: string): string {
  const body = Buffer.from(hex.repeat(8), 'hex').toString('base64');
  const lines = body.match(/.{1,64}/g) ?? [];
  return [`-----BEGIN ${label}-----`, ...lines, `-----END ${label}-----`].join('\n');
}

export async function seedSettings(
  db: Kysely<Database>,
  demo: DemoContext,
  secrets: SecretBox | undefined,
): Promise<void> {
  const { now, random } = demo;
  const admin = await db
    .selectFrom('operators')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirst();
  const doctors = await db
    .selectFrom('operators')
    .select('id')
    .where('staff_role', '=', 'doctor')
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();
  const values = demoValues(doctors.map((d) => d.id));
  const by = admin?.id ?? null;
  const rows = Object.entries(values).map(([section, value]) => ({
    section,
    value_json: JSON.stringify(value),
    updated_at: now - random.int(1, 20) * demo.day,
    updated_by: by,
  }));
  await db.insertInto('settings').values(rows).execute();
  // The saved warning rules are a version of their own (v2; v1 is the defaults).
  const rules = rows.find((r) => r.section === 'prewarning_set')!;
  await new RuleVersionsRepo(db).record(rules.updated_at, rules.value_json, '超级管理员');

  const hex = (bytes: number) =>
    Array.from({ length: bytes }, () => random.int(0, 255).toString(16).padStart(2, '0')).join('');
  const seal = (plain: string, channel: string, field: string) =>
    secrets ? secrets.seal(plain, `pay:${channel}:${field}`) : null;
  const at = now - 10 * demo.day;
  await db
    .insertInto('pay_configs')
    .values([
      {
        channel: 'wechat',
        enabled: secrets ? 1 : 0,
        merchant_id: '1600123456',
        app_id: 'wx8a1b2c3d4e5f6a7b',
        api_key_sealed: seal(hex(16), 'wechat', 'apiKey'),
        private_key_sealed: seal(pem('PRIVATE KEY', hex(32)), 'wechat', 'privateKey'),
        certificate_sealed: seal(pem('CERTIFICATE', hex(32)), 'wechat', 'certificate'),
        public_key_sealed: null,
        updated_at: at,
        updated_by: by,
      },
      {
        channel: 'alipay',
        enabled: secrets ? 1 : 0,
        merchant_id: '2088123412341234',
        app_id: '2021004123456789',
        api_key_sealed: null,
        private_key_sealed: seal(pem('PRIVATE KEY', hex(32)), 'alipay', 'privateKey'),
        certificate_sealed: null,
        public_key_sealed: seal(pem('PUBLIC KEY', hex(32)), 'alipay', 'publicKey'),
        updated_at: at,
        updated_by: by,
      },
      {
        channel: 'balance',
        enabled: 1,
        merchant_id: '',
        app_id: '',
        api_key_sealed: null,
        private_key_sealed: null,
        certificate_sealed: null,
        public_key_sealed: null,
        updated_at: at,
        updated_by: by,
      },
    ])
    .execute();
}
