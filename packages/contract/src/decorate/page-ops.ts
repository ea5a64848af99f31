import {
  COMPONENTS,
  newBlock,
  rootPropsSchema,
  type ComponentType,
  type PageBlock,
  type PageDocument,
  type RootProps,
} from './page-document.js';

/**
 * The builder's edits of a page document, as pure functions (each returns a new document and
 * leaves its input alone, so the builder's undo history is a list of documents). Whatever the
 * sequence, the result is a document `pageDocumentSchema` accepts (a property test says so): an
 * operation that would break it (a 201st block, an unknown id, a prop its schema refuses) leaves
 * the document as it was.
 */

/** A new block id: short, unique within the document. */
export function newBlockId(doc: PageDocument, random: () => number = Math.random): string {
  const taken = new Set(doc.content.map((b) => b.props.id));
  for (;;) {
    const id = `b${Math.floor(random() * 36 ** 6)
      .toString(36)
      .padStart(6, '0')}`;
    if (!taken.has(id)) return id;
  }
}

const indexOf = (doc: PageDocument, id: string) => doc.content.findIndex((b) => b.props.id === id);

const withContent = (doc: PageDocument, content: PageBlock[]): PageDocument => ({
  ...doc,
  content,
});

/** Insert a new block of `type` at `at` (clamped; the end when omitted). */
export function insertBlock(
  doc: PageDocument,
  type: ComponentType,
  at: number = doc.content.length,
  id: string = newBlockId(doc),
  maxBlocks = 200,
): PageDocument {
  if (doc.content.length >= maxBlocks || !(type in COMPONENTS)) return doc;
  if (doc.content.some((b) => b.props.id === id)) return doc;
  const content = [...doc.content];
  content.splice(Math.max(0, Math.min(at, content.length)), 0, newBlock(type, id) as PageBlock);
  return withContent(doc, content);
}

export function removeBlock(doc: PageDocument, id: string): PageDocument {
  const i = indexOf(doc, id);
  if (i < 0) return doc;
  return withContent(
    doc,
    doc.content.filter((_, k) => k !== i),
  );
}

/** Move a block to position `to` (in the list without it; clamped). */
export function moveBlock(doc: PageDocument, id: string, to: number): PageDocument {
  const from = indexOf(doc, id);
  if (from < 0) return doc;
  const content = [...doc.content];
  const [block] = content.splice(from, 1);
  const target = Math.max(0, Math.min(to, content.length));
  if (target === from) return doc;
  content.splice(target, 0, block!);
  return withContent(doc, content);
}

/** A copy of the block (a new id) right after it. */
export function duplicateBlock(
  doc: PageDocument,
  id: string,
  copyId: string = newBlockId(doc),
  maxBlocks = 200,
): PageDocument {
  const i = indexOf(doc, id);
  if (i < 0 || doc.content.length >= maxBlocks) return doc;
  if (doc.content.some((b) => b.props.id === copyId)) return doc;
  const source = doc.content[i]!;
  const copy = {
    type: source.type,
    props: { ...(JSON.parse(JSON.stringify(source.props)) as object), id: copyId },
  } as PageBlock;
  const content = [...doc.content];
  content.splice(i + 1, 0, copy);
  return withContent(doc, content);
}

/**
 * Change a block's props (merged over the current ones). A change its component's schema refuses
 * (a number out of range, too long a text) is not applied: the builder's fields show the limit.
 */
export function updateBlock(
  doc: PageDocument,
  id: string,
  patch: Record<string, unknown>,
): PageDocument {
  const i = indexOf(doc, id);
  if (i < 0) return doc;
  const block = doc.content[i]!;
  const { id: _ignored, ...rest } = patch;
  void _ignored;
  const parsed = COMPONENTS[block.type].props.safeParse({ ...block.props, ...rest });
  if (!parsed.success) return doc;
  const content = [...doc.content];
  content[i] = { type: block.type, props: { ...parsed.data, id: block.props.id } } as PageBlock;
  return withContent(doc, content);
}

/** Change the page's own settings (title, background, share). */
export function updateRoot(doc: PageDocument, patch: Partial<RootProps>): PageDocument {
  const parsed = rootPropsSchema.safeParse({ ...doc.root.props, ...patch });
  if (!parsed.success) return doc;
  return { ...doc, root: { props: parsed.data } };
}
