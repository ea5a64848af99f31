import {
  APP_KEYS,
  APPS,
  SETTINGS_DEFAULTS,
  type AppCenter,
  type MetricKey,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { holdsAny } from '../../../platform/permissions.js';
import { StatisticsService } from '../../statistics/metrics/service.js';

/** 应用中心: the apps whose pages the operator may open, each on or off and its number today. */
export class AppCenterService {
  private readonly statistics: StatisticsService;

  constructor(private readonly ctx: AppContext) {
    this.statistics = new StatisticsService(ctx);
  }

  async list(actor: Actor): Promise<AppCenter> {
    const keys = APP_KEYS.filter((key) => holdsAny(actor, APPS[key].pages));
    const metricOf = (key: (typeof keys)[number]): MetricKey | null =>
      'metric' in APPS[key] ? (APPS[key] as { metric: MetricKey }).metric : null;
    const metrics = keys.map(metricOf).filter((m): m is MetricKey => m !== null);
    const today = await this.statistics.today([...new Set(metrics)]);
    return {
      apps: keys.map((key) => {
        const app = APPS[key];
        const section = 'settings' in app ? app.settings : null;
        const metric = metricOf(key);
        return {
          key,
          enabled: section
            ? this.ctx.settings.get(section, SETTINGS_DEFAULTS[section]).enabled
            : null,
          metric,
          today: metric ? (today.get(metric) ?? 0) : null,
        };
      }),
      asOf: this.ctx.now(),
    };
  }
}
