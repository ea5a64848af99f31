import { createHash, randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

/** Characters that cannot be confused with each other (no 0/O, 1/l/I). */
const CAPTCHA_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
const CAPTCHA_LENGTH = 4;

export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)];
  return text;
}

// svg-captcha's module is itself a function that draws given text; its typings omit that.
const drawCaptcha = svgCaptcha as unknown as (
  text: string,
  options: { width: number; height: number; noise: number; color: boolean; fontSize: number },
) => string;

/** The captcha image as a data: URI (SVG, base64). */
export function captchaImage(text: string): string {
  const svg = drawCaptcha(text, { width: 120, height: 40, noise: 2, color: true, fontSize: 44 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Answers are compared case-insensitively and stored only as a hash bound to their key. */
export function captchaAnswerHash(verifyKey: string, answer: string): string {
  return createHash('sha256').update(`${verifyKey}:${answer.trim().toLowerCase()}`).digest('hex');
}
