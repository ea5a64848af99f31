import { describe, expect, it } from 'vitest';
import { emptyDocument, insertBlock, moveBlock, updateBlock } from '@health/contract';
import {
  HISTORY_STEPS,
  reduceHistory,
  type History,
} from '../src/features/decorate/pages/builder/use-history';

const start = (): History => ({
  past: [],
  present: emptyDocument('首页'),
  future: [],
  lastKey: null,
  lastAt: 0,
});
const titles = (h: History) => h.present.content.map((b) => (b.props as { text?: string }).text);

describe('the builder’s undo history', () => {
  it('undoes and redoes every change, reorders included, at least 50 steps back', () => {
    let h = start();
    const documents = [h.present];
    for (let i = 0; i < 60; i++) {
      const next = insertBlock(h.present, 'title', h.present.content.length);
      h = reduceHistory(h, { type: 'change', next, key: null, at: i * 2_000 });
      documents.push(h.present);
    }
    const first = h.present.content[0]!.props.id;
    h = reduceHistory(h, {
      type: 'change',
      next: moveBlock(h.present, first, 59),
      key: null,
      at: 200_000,
    });
    expect(h.present.content.at(-1)!.props.id).toBe(first);
    h = reduceHistory(h, { type: 'undo' });
    expect(h.present).toBe(documents[60]); // the reorder undone
    for (let i = 59; i >= 0; i--) {
      h = reduceHistory(h, { type: 'undo' });
      expect(h.present).toBe(documents[i]);
    }
    expect(HISTORY_STEPS).toBeGreaterThanOrEqual(50);
    for (let i = 1; i <= 60; i++) {
      h = reduceHistory(h, { type: 'redo' });
      expect(h.present).toBe(documents[i]);
    }
    // Then the reorder again; then nothing more to redo.
    h = reduceHistory(h, { type: 'redo' });
    expect(h.present.content.at(-1)!.props.id).toBe(first);
    expect(reduceHistory(h, { type: 'redo' })).toBe(h);
  });

  it('keeps the last HISTORY_STEPS steps', () => {
    let h = start();
    for (let i = 0; i < HISTORY_STEPS + 20; i++)
      h = reduceHistory(h, {
        type: 'change',
        next: insertBlock(h.present, 'blank', 0),
        key: null,
        at: i * 2_000,
      });
    expect(h.past).toHaveLength(HISTORY_STEPS);
  });

  it('makes typing in one field one step, a pause or another field a new one', () => {
    let h = start();
    h = reduceHistory(h, {
      type: 'change',
      next: insertBlock(h.present, 'title', 0),
      key: null,
      at: 0,
    });
    const id = h.present.content[0]!.props.id;
    const type = (text: string, at: number, key = `${id}:text`) => {
      h = reduceHistory(h, { type: 'change', next: updateBlock(h.present, id, { text }), key, at });
    };
    type('健', 10_000);
    type('健康', 10_400);
    type('健康头条', 10_900);
    type('健康头条！', 13_000); // after a pause
    expect(titles(h)).toEqual(['健康头条！']);
    h = reduceHistory(h, { type: 'undo' });
    expect(titles(h)).toEqual(['健康头条']);
    h = reduceHistory(h, { type: 'undo' });
    expect(titles(h)).toEqual(['']);
  });
});
