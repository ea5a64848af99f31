import { localMessage } from '../../i18n/messages';
/** A short, readable description of a user agent: "Chrome 120 · Windows". */
export function describeUserAgent(ua: string): string {
  if (!ua) return '';
  const browser =
    match(ua, /Edg\/(\d+)/, 'Edge') ??
    match(ua, /OPR\/(\d+)/, 'Opera') ??
    match(ua, /MicroMessenger\/(\d+)/, localMessage('微信')) ??
    match(ua, /(?:Chrome|Chromium|CriOS)\/(\d+)/, 'Chrome') ??
    match(ua, /(?:Firefox|FxiOS)\/(\d+)/, 'Firefox') ??
    match(ua, /Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari/, 'Safari') ??
    (/curl\//i.test(ua) ? 'curl' : null);
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iPod/.test(ua)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  const parts = [browser, os].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : ua.slice(0, 40);
}

function match(ua: string, re: RegExp, name: string): string | null {
  const m = re.exec(ua);
  return m ? `${name} ${m[1] ?? ''}`.trim() : null;
}
