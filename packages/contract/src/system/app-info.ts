import { z } from 'zod';

/**
 * The public app download page /openinstall (PRODUCT.md "Other public and utility routes"): what
 * APP配置 (/sysset_setting/app_set) says about the app, read without a login. Only the fields a
 * visitor of the download page sees; nothing else of the settings.
 */

export const AppInfoPaths = {
  /** Public (no login): the app's name, icon and each platform's version, notes and link. */
  info: '/v3/system/common/appInfo',
} as const;

export const APP_PLATFORMS = ['android', 'ios'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

export const publicAppPlatformSchema = z.object({
  latestVersion: z.string(),
  /** Versions below it must update (force update). */
  minVersion: z.string(),
  releaseNotes: z.string(),
  /** '' when APP配置 has no download link for this platform yet. */
  downloadUrl: z.string(),
  /** The download link as a QR code (a PNG data URL), null without a link. */
  qrCode: z.string().nullable(),
});
export type PublicAppPlatform = z.infer<typeof publicAppPlatformSchema>;

export const publicAppInfoSchema = z.object({
  appName: z.string(),
  /** '' or an image address (an upload path or an http(s) URL). */
  appIcon: z.string(),
  android: publicAppPlatformSchema,
  ios: publicAppPlatformSchema,
});
export type PublicAppInfo = z.infer<typeof publicAppInfoSchema>;

/**
 * The platform a visitor's browser runs on, from its user agent: Android, iOS (iPhone, iPod, iPad
 * — an iPad on iPadOS 13+ says "Macintosh", so a touch Mac counts as iOS), or null on a desktop.
 */
export function appPlatformOf(userAgent: string, maxTouchPoints = 0): AppPlatform | null {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return null;
}
