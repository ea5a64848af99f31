import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPONENT_TYPES,
  LinkTargetMessages,
  documentProblems,
  emptyDocument,
  newBlock,
  type PageBlock,
} from '@health/contract';
import { localMessage, setMessagesActive, setMessageTable } from '../src/shared/i18n/messages';
import { EN_MESSAGES } from '../src/shared/i18n/locales/en-US-messages';

const HAN = /[\u3400-\u9fff]/;

describe('the publish problems of 装修 in English', () => {
  beforeAll(() => {
    setMessageTable(EN_MESSAGES);
    setMessagesActive(true);
  });
  afterAll(() => setMessagesActive(false));

  it('names the block and the field, then what is wrong, with no Chinese left', () => {
    // A page of every component as added, with nothing filled in: every required field is empty.
    const doc = emptyDocument('');
    doc.content = COMPONENT_TYPES.map((type, i) => newBlock(type, `block-${i}`) as PageBlock);
    const carousel = doc.content[0]!;
    if (carousel.type === 'carousel')
      carousel.props.items = [
        { image: 'http://x.example.com/a.png', link: { navType: 'ljdz', subContent: 'http://x' } },
      ];
    const messages = documentProblems(doc).map((p) => p.message);
    // The server's checks of linked records end the same way: "<place>：<reason>".
    messages.push(`第3个组件（商品列表）：商品：${LinkTargetMessages.goodsOffShelf}`);
    expect(messages.length).toBeGreaterThan(8);
    const english = messages.map(localMessage);
    expect(english.filter((m) => HAN.test(m))).toEqual([]);
    expect(english).toContain('Page settings: Page title is required');
    expect(english).toContain(
      'Component 1 (Carousel): Slides #1: Image must be an uploaded image or an https address',
    );
    expect(english).toContain('Component 2 (Navigation grid): Items needs at least one');
    expect(english).toContain('Component 3 (Goods list): Goods: The goods are off the shelf');
  });
});
