import {
  APP_PLATFORMS,
  findPage,
  SETTINGS_DEFAULTS,
  SETTINGS_SCHEMAS,
  settingsPageOf,
  type AppSet,
  type DoctorOption,
  type PublicAppInfo,
  type PublicAppPlatform,
  type PublicSiteInfo,
  type SettingInfo,
  type SettingsSection,
  type SettingUpdateRequest,
  type SiteInfo,
} from '@health/contract';
import QRCode from 'qrcode';
import type { Actor } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ValidationError } from '../../../platform/errors.js';
import { OperatorsRepo } from '../../authority/operators/repo.js';
import { RuleVersionsRepo } from '../../report/rules/repo.js';

/**
 * Settings sections (site_info … prewarning_set): read with their defaults, saved through the
 * SettingsService with the audit entry in the same transaction.
 */
export class SettingsSectionService {
  private readonly operators: OperatorsRepo;

  constructor(private readonly ctx: AppContext) {
    this.operators = new OperatorsRepo(ctx.db);
  }

  /** A stored value on top of the defaults, so fields added later have their default. */
  private withDefaults(section: SettingsSection, stored: unknown): Record<string, unknown> {
    const defaults = SETTINGS_DEFAULTS[section] as Record<string, unknown>;
    if (!stored || typeof stored !== 'object') return { ...defaults };
    const merged = { ...defaults, ...(stored as Record<string, unknown>) };
    const checked = SETTINGS_SCHEMAS[section].safeParse(merged);
    return checked.success ? (checked.data as Record<string, unknown>) : merged;
  }

  async info(section: SettingsSection): Promise<SettingInfo> {
    const row = await this.ctx.settings.findSection(section);
    return {
      section,
      value: this.withDefaults(section, row ? JSON.parse(row.value_json) : null),
      updatedAt: row?.updated_at ?? null,
      updatedBy: row ? row.real_name || row.username || null : null,
    } as SettingInfo;
  }

  async update(actor: Actor, input: SettingUpdateRequest): Promise<SettingInfo> {
    const { section, value } = input;
    if (section === 'conversation_set') await this.checkDoctors(value.doctorIds);
    const before = await this.info(section);
    const operatorId = actor.operatorId;
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        await this.ctx.audit.record(
          actor,
          {
            module: 'system',
            action: 'edit',
            target: `系统配置 ${findPage(settingsPageOf(section))?.title ?? section}`,
            before: before.value,
            after: value,
          },
          trx,
        );
        await this.ctx.settings.save(section, value, operatorId, trx);
        // Every reading keeps the version of the rules that judged it: keep each version.
        if (section === 'prewarning_set')
          await new RuleVersionsRepo(trx).record(
            this.ctx.settings.versionOf(section),
            JSON.stringify(value),
            actor.displayName,
          );
      });
    } catch (err) {
      // The cache was written with the rolled-back value: read the truth again.
      await this.ctx.settings.reload();
      throw err;
    }
    return this.info(section);
  }

  private async checkDoctors(ids: number[]): Promise<void> {
    const doctors = new Set((await this.operators.enabledDoctors()).map((d) => d.id));
    const index = ids.findIndex((id) => !doctors.has(id));
    if (index >= 0) {
      throw ValidationError.field('value.doctorIds', '所选接诊医生不存在、已停用或不是医生');
    }
  }

  async doctorOptions(): Promise<DoctorOption[]> {
    return (await this.operators.enabledDoctors()).map((d) => ({
      id: d.id,
      name: d.real_name || d.username,
    }));
  }

  /** What the login page and the shell show (cached settings; no database read). */
  publicSiteInfo(): PublicSiteInfo {
    const site = this.withDefaults(
      'site_info',
      this.ctx.settings.get<unknown>('site_info', null),
    ) as SiteInfo;
    return {
      platformName: site.platformName,
      logo: site.logo,
      adminLogo: site.adminLogo,
      servicePhone: site.servicePhone,
      icpNumber: site.icpNumber,
      copyright: site.copyright,
    };
  }

  /**
   * What the public download page /openinstall shows (cached settings; no database read): the
   * app's name and icon, and per platform its versions, notes, link and the link's QR code.
   */
  async publicAppInfo(): Promise<PublicAppInfo> {
    const app = this.withDefaults(
      'app_set',
      this.ctx.settings.get<unknown>('app_set', null),
    ) as AppSet;
    const platform = async (p: AppSet['android']): Promise<PublicAppPlatform> => ({
      latestVersion: p.latestVersion,
      minVersion: p.minVersion,
      releaseNotes: p.releaseNotes,
      downloadUrl: p.downloadUrl,
      qrCode: p.downloadUrl ? await qrCodeOf(p.downloadUrl) : null,
    });
    const [android, ios] = await Promise.all(APP_PLATFORMS.map((p) => platform(app[p])));
    return { appName: app.appName, appIcon: app.appIcon, android: android!, ios: ios! };
  }

  /** Read the settings again (settingInit); returns the time of the reload. */
  reload(): Promise<number> {
    return this.ctx.settings.reload();
  }
}

/**
 * QR codes of the download links, by link: a public page must not cost a PNG encoding per visit.
 * The links change only when APP配置 is saved, so the map stays tiny; it is emptied if it grows.
 */
const qrCodes = new Map<string, Promise<string>>();

function qrCodeOf(link: string): Promise<string> {
  let code = qrCodes.get(link);
  if (!code) {
    if (qrCodes.size >= 16) qrCodes.clear();
    code = QRCode.toDataURL(link, {
      type: 'image/png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 240,
    });
    qrCodes.set(link, code);
    code.catch(() => qrCodes.delete(link));
  }
  return code;
}
