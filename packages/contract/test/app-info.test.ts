import { describe, expect, it } from 'vitest';
import { appPlatformOf } from '../src/system/app-info.js';

describe('appPlatformOf: the /openinstall visitor platform', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile', 0, 'android'],
    ['Mozilla/5.0 (Linux; U; Android 10; zh-cn; MI 9) MicroMessenger/8.0.49', 5, 'android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15', 5, 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15', 5, 'ios'],
    // iPadOS 13+ presents itself as a Mac; only its touch screen tells it apart.
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15',
      5,
      'ios',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15',
      0,
      null,
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126 Safari/537.36',
      0,
      null,
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/126 Safari/537.36',
      0,
      null,
    ],
  ] as const)('%s (%i touch points) → %s', (userAgent, touchPoints, platform) => {
    expect(appPlatformOf(userAgent, touchPoints)).toBe(platform);
  });
});
