import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

/** Special characters that count as the fourth kind of the password rule (spec §5). */
export const PASSWORD_SPECIAL_CHARS = '~!@#$%^&*()_+-=[]{}|;:,.<>?/`\'"\\';

/** Password messages (spec §5), in Chinese. */
export const PasswordMessages = {
  oldRequired: '请输入旧密码',
  newRequired: '请输入新密码',
  confirmRequired: '请再次输入密码',
  mismatch: '两次输入的密码不一致',
  length: `请输入${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}位字符`,
  complexity: '密码必须包含大写字母、小写字母、数字、特殊符号中的三种',
  hint: `密码长度为${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}位，须包含大写字母、小写字母、数字、特殊符号中的至少三种`,
} as const;

/** How many of the four kinds (uppercase, lowercase, digit, special) a password contains. */
export function passwordKinds(password: string): number {
  let upper = false;
  let lower = false;
  let digit = false;
  let special = false;
  for (const ch of password) {
    if (ch >= 'A' && ch <= 'Z') upper = true;
    else if (ch >= 'a' && ch <= 'z') lower = true;
    else if (ch >= '0' && ch <= '9') digit = true;
    else if (PASSWORD_SPECIAL_CHARS.includes(ch)) special = true;
  }
  return Number(upper) + Number(lower) + Number(digit) + Number(special);
}

export function isPasswordLengthValid(password: string): boolean {
  const n = [...password].length;
  return n >= PASSWORD_MIN_LENGTH && n <= PASSWORD_MAX_LENGTH;
}

/** The server's rule for any new password: 6–20 characters and three of the four kinds. */
export function checkNewPassword(password: string): string | null {
  if (!password) return PasswordMessages.newRequired;
  if (!isPasswordLengthValid(password)) return PasswordMessages.length;
  if (passwordKinds(password) < 3) return PasswordMessages.complexity;
  return null;
}

export type ForcedChangeType = 'first' | 'over90';

/**
 * The forced dialog's checks in the order of spec §5. Returns the first failing message, or null.
 */
export function checkForcedPasswordForm(
  form: { oldPassword?: string; newPassword?: string; newPasswordCfm?: string },
  type: ForcedChangeType,
): string | null {
  const newPassword = form.newPassword ?? '';
  const confirm = form.newPasswordCfm ?? '';
  if (!newPassword) return PasswordMessages.newRequired;
  if (!confirm) return PasswordMessages.confirmRequired;
  if (newPassword !== confirm) return PasswordMessages.mismatch;
  if (type === 'over90' && !form.oldPassword) return PasswordMessages.oldRequired;
  if (!isPasswordLengthValid(newPassword)) return PasswordMessages.length;
  if (passwordKinds(newPassword) < 3) return PasswordMessages.complexity;
  return null;
}
