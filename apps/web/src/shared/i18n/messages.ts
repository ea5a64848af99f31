/**
 * English for the Chinese messages the web shows but does not write itself: the contract's zod
 * validation messages (forms check with the contract's schemas) and the server's `msg` and field
 * errors (Chinese by the API contract). One mechanism for both: a table from the Chinese message
 * to its English, plus templates for the messages built from a field name and a number
 * ("积分倍率不能小于10"), whose field names come from the same table.
 *
 * The table ships with the English catalogue (loaded only when English is chosen). In Chinese,
 * or for a message the table does not know (free data, such as a member's name in a message),
 * the message is shown as it is.
 */

/** A message template: the Chinese pattern and the English built from its captured parts. */
export type MessageTemplate = readonly [RegExp, (...parts: string[]) => string];

export interface MessageTable {
  /** Whole messages and field names: Chinese → English. */
  readonly texts: Readonly<Record<string, string>>;
  /**
   * Templates tried in order when a message is not in `texts`. A part written `{label}` in the
   * English is looked up in `texts` (the field's name); unknown → the template does not apply.
   */
  readonly templates: readonly MessageTemplate[];
}

const HAN = /[\u3400-\u9fff]/;

let table: MessageTable | null = null;
let active = false;

/** Installed by the i18n set-up when the English catalogue loads. */
export function setMessageTable(next: MessageTable): void {
  table = next;
}

/** Follows the current language (set by the i18n set-up on every change). */
export function setMessagesActive(english: boolean): void {
  active = english;
}

/** A field name inside a templated message, in English; throws when unknown. */
class UnknownPart extends Error {}

function part(text: string): string {
  const english = table?.texts[text.trim()];
  if (english === undefined) throw new UnknownPart(text);
  return english;
}

/**
 * The message in the current language: English when English is chosen and the message is known
 * (whole, or as a template over known field names); otherwise unchanged.
 */
export function localMessage(message: string): string {
  if (!active || !table || !HAN.test(message)) return message;
  const whole = table.texts[message.trim()];
  if (whole !== undefined) return whole;
  for (const [pattern, english] of table.templates) {
    const match = pattern.exec(message.trim());
    if (!match) continue;
    try {
      return english(...match.slice(1).map((p) => p ?? ''));
    } catch (e) {
      if (!(e instanceof UnknownPart)) throw e;
    }
  }
  return message;
}

/** For templates: a captured field name in English (the template fails when it is unknown). */
export function fieldName(text: string): string {
  return part(text);
}
