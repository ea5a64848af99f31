import { memo } from 'react';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMPONENTS, type PageBlock, type PageDocument } from '@health/contract';
import { DECORATE_NS } from '../../locales';
import { DRAG_HANDLE_ICON, useHandleText, useStableIds, type HandleText } from './sortable';

/** An outline row's drag id (the phone's blocks use the block ids themselves). */
export const outlineId = (blockId: string) => `outline:${blockId}`;
export const blockIdOf = (dragId: string) =>
  dragId.startsWith('outline:') ? dragId.slice('outline:'.length) : dragId;

/** A few words of what the block shows (its title, text or first item). */
function summaryOf(block: PageBlock): string {
  const p = block.props as Record<string, unknown>;
  for (const key of ['title', 'text', 'placeholder']) {
    if (typeof p[key] === 'string' && p[key]) return p[key];
  }
  if (Array.isArray(p.items) && p.items.length > 0) return `×${p.items.length}`;
  return '';
}

/**
 * A row's summary, cut with an ellipsis by CSS and whole in its title. Not antd's Typography
 * ellipsis: it measures every row after each render, and an undo renders a hundred of them.
 */
function RowSummary({ summary }: { summary: string }) {
  return (
    <span className="deco-outline-summary" title={summary} translate="no">
      {summary}
    </span>
  );
}

/** One row; memoised like the phone's blocks (Canvas.tsx). */
const OutlineRow = memo(function OutlineRow({
  block,
  index,
  selected,
  readOnly,
  onSelect,
  handle,
  en,
}: {
  block: PageBlock;
  index: number;
  selected: boolean;
  readOnly: boolean;
  onSelect: (id: string) => void;
  /** The list's handle labels and language (a hundred rows need not each subscribe). */
  handle: HandleText;
  en: boolean;
}) {
  const id = block.props.id;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: outlineId(id),
    disabled: readOnly,
  });
  const def = COMPONENTS[block.type];
  const label = en ? def.labelEn : def.label;
  const summary = summaryOf(block);
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.5 : 1,
      }}
      className={`deco-outline-row${selected ? ' is-selected' : ''}`}
      onClick={() => onSelect(id)}
      data-testid="outline-row"
    >
      {!readOnly && (
        <span
          className="deco-drag-handle"
          {...attributes}
          {...listeners}
          aria-label={handle.labelOf(label, index)}
          aria-roledescription={handle.roleDescription}
        >
          {DRAG_HANDLE_ICON}
        </span>
      )}
      <span className="deco-outline-index">{index + 1}</span>
      <span className="deco-outline-label">{label}</span>
      {summary && <RowSummary summary={summary} />}
    </li>
  );
});

/** The blocks as a list: select one, or drag (mouse or keyboard) to reorder. */
export function Outline({
  document,
  selectedId,
  readOnly,
  onSelect,
}: {
  document: PageDocument;
  selectedId: string | null;
  readOnly: boolean;
  onSelect: (id: string) => void;
}) {
  const { t, i18n } = useTranslation(DECORATE_NS);
  const en = i18n.language.startsWith('en');
  const handle = useHandleText(t);
  const ids = useStableIds(document.content.map((b) => outlineId(b.props.id)));
  return (
    <div className="deco-outline">
      <Typography.Text strong>{t('builder.outline')}</Typography.Text>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="deco-outline-list">
          {document.content.map((block, i) => (
            <OutlineRow
              key={block.props.id}
              block={block}
              index={i}
              selected={block.props.id === selectedId}
              readOnly={readOnly}
              onSelect={onSelect}
              handle={handle}
              en={en}
            />
          ))}
        </ol>
      </SortableContext>
    </div>
  );
}
