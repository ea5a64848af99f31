import { Messages } from '@health/contract';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors.js';

/**
 * Checks on every request's input that no schema should have to repeat. PostgreSQL text cannot
 * hold U+0000 (it answers "invalid byte sequence", a 500) while SQLite stores it: no text that is
 * stored or searched may carry it, so a body or query holding one is refused up front.
 */

const MAX_DEPTH = 20;

/** The dotted path of the first string (or key) holding U+0000, or null. */
export function nulFieldOf(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // Bytes (a raw body a route parses itself, e.g. the device ingest API) are not text.
  if (ArrayBuffer.isView(value)) return null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  for (const [key, child] of entries) {
    const childPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return childPath;
    const found = nulFieldOf(child, childPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = nulFieldOf(request.body) ?? nulFieldOf(request.query);
    if (field !== null) throw ValidationError.field(field, Messages.controlCharacter);
  });
}
