import { memo, type CSSProperties } from 'react';
import { Button, Empty, Tooltip } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
} from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  COMPONENTS,
  type PageBlock,
  type PageDocument,
  type ResolvedRecords,
} from '@health/contract';
import { DECORATE_NS } from '../../locales';
import { BlockView } from '../render/BlockView';
import { PageFrame } from '../render/PageFrame';
import { DRAG_HANDLE_ICON, useHandleText, useStableIds, type HandleText } from './sortable';

/** The phone's drop target id (a palette item dropped below the last block). */
export const CANVAS_ID = 'canvas';

export interface BlockCommands {
  select: (id: string) => void;
  move: (id: string, by: number) => void;
  duplicate: (id: string) => void;
  remove: (id: string) => void;
}

/**
 * A block's rendering, skipped when its block and records are the same objects: while a drag
 * moves over the phone, and on an edit of another block, only the wrappers render again (the
 * documents are immutable, so an unchanged block is the same object).
 */
const CanvasBlockBody = memo(BlockView);

/**
 * One block on the phone. Memoised: selecting a block or picking one up renders the builder again,
 * not the hundred blocks whose props did not change.
 */
const CanvasBlock = memo(function CanvasBlock({
  block,
  index,
  count,
  selected,
  records,
  readOnly,
  commands,
  problem,
  handle,
  t,
  en,
}: {
  block: PageBlock;
  index: number;
  count: number;
  selected: boolean;
  records: ResolvedRecords[string] | undefined;
  readOnly: boolean;
  commands: BlockCommands;
  problem: boolean;
  /** The phone's handle labels, translations and language (a hundred blocks need not each subscribe). */
  handle: HandleText;
  t: TFunction;
  en: boolean;
}) {
  const id = block.props.id;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: readOnly,
  });
  const def = COMPONENTS[block.type];
  const label = en ? def.labelEn : def.label;
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    opacity: isDragging ? 0.4 : 1,
  };
  return (
    <div
      ref={setNodeRef}
      style={style}
      className={`deco-canvas-block${selected ? ' is-selected' : ''}${problem ? ' has-problem' : ''}`}
      data-block-id={id}
      data-testid="canvas-block"
      onClick={() => commands.select(id)}
    >
      <div className="deco-canvas-block-tag">
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
        {label}
      </div>
      <div className="deco-canvas-block-body" inert>
        <CanvasBlockBody block={block} records={records} />
      </div>
      {selected && !readOnly && (
        <div className="deco-block-toolbar" onClick={(e) => e.stopPropagation()}>
          <Tooltip title={t('builder.up')}>
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              aria-label={t('builder.up')}
              onClick={() => commands.move(id, -1)}
            />
          </Tooltip>
          <Tooltip title={t('builder.down')}>
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={index === count - 1}
              aria-label={t('builder.down')}
              onClick={() => commands.move(id, 1)}
            />
          </Tooltip>
          <Tooltip title={t('builder.duplicate')}>
            <Button
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('builder.duplicate')}
              onClick={() => commands.duplicate(id)}
            />
          </Tooltip>
          <Tooltip title={t('builder.remove')}>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('builder.remove')}
              onClick={() => commands.remove(id)}
            />
          </Tooltip>
        </div>
      )}
    </div>
  );
});

/**
 * The page in a 375-px phone, rendered by the same components as the public page: click a block
 * to select it, drag it by its handle (mouse, touch or keyboard) to reorder, drop a palette item
 * onto it to insert there.
 */
export function Canvas({
  document,
  records,
  selectedId,
  readOnly,
  commands,
  problemBlocks,
  onSelectRoot,
}: {
  document: PageDocument;
  records: ResolvedRecords;
  selectedId: string | null;
  readOnly: boolean;
  commands: BlockCommands;
  problemBlocks: ReadonlySet<string>;
  onSelectRoot: () => void;
}) {
  const { t, i18n } = useTranslation(DECORATE_NS);
  const en = i18n.language.startsWith('en');
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID });
  const handle = useHandleText(t);
  const ids = useStableIds(document.content.map((b) => b.props.id));
  return (
    <div className="deco-phone" data-testid="builder-phone">
      <div
        className="deco-phone-root-hit"
        role="button"
        tabIndex={0}
        onClick={onSelectRoot}
        onKeyDown={(e) => e.key === 'Enter' && onSelectRoot()}
      >
        {t('builder.pageSettings')}
      </div>
      <PageFrame root={document.root.props}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <div ref={setNodeRef} className={`deco-canvas${isOver ? ' is-over' : ''}`}>
            {document.content.map((block, i) => (
              <CanvasBlock
                key={block.props.id}
                block={block}
                index={i}
                // Only the selected block's toolbar needs it (an insertion would render them all).
                count={block.props.id === selectedId ? ids.length : 0}
                selected={block.props.id === selectedId}
                records={records[block.props.id]}
                readOnly={readOnly}
                commands={commands}
                problem={problemBlocks.has(block.props.id)}
                handle={handle}
                t={t}
                en={en}
              />
            ))}
            {document.content.length === 0 && (
              <Empty className="deco-canvas-empty" description={t('builder.emptyPage')} />
            )}
          </div>
        </SortableContext>
      </PageFrame>
    </div>
  );
}
