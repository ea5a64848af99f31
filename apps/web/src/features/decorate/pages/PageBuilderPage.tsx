import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Input,
  Modal,
  Popover,
  Result,
  Space,
  Spin,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  ArrowLeftOutlined,
  ClockCircleOutlined,
  EyeOutlined,
  HistoryOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import {
  COMPONENTS,
  PAGES,
  PAGE_LOCK_HEARTBEAT_MS,
  PAGE_NOTE_MAX,
  documentRecords,
  duplicateBlock,
  formatChinaDate,
  insertBlock,
  moveBlock,
  parseId,
  removeBlock,
  updateBlock,
  updateRoot,
  type ComponentType,
  type DecoratePageDetail,
  type FrontPath,
  type PageKind,
  type PageProblemAnswer,
  type ResolvedRecords,
} from '@health/contract';
import { isApiError } from '../../../shared/api/errors';
import { toast } from '../../../shared/feedback/feedback';
import { useLeaveGuard } from '../../../shared/hooks/use-leave-guard';
import { useStableCallback } from '../../../shared/hooks/use-stable-callback';
import { fromChinaPicker, toChinaPicker } from '../../../shared/utils/dayjs';
import { localMessage } from '../../../shared/i18n';
import { usePageActions } from '../../../shared/stores/permission';
import { DECORATE_NS } from '../locales';
import {
  fetchPage,
  pageKeys,
  releaseLock,
  resolveRecords,
  takeLock,
  usePublishPage,
  useSaveDraft,
  useSchedulePage,
} from './api';
import { PreviewDialog } from './PreviewDialog';
import { VersionsDrawer } from './VersionsDrawer';
import { CANVAS_ID, Canvas, type BlockCommands } from './builder/Canvas';
import { Outline, blockIdOf } from './builder/Outline';
import { Palette, paletteType } from './builder/Palette';
import { SettingsPanel } from './builder/SettingsPanel';
import { useDocumentHistory } from './builder/use-history';
import './builder/builder.css';

/** The phone's records before the first answer (one object, so the blocks stay memoised). */
const NO_RECORDS: ResolvedRecords = {};

/** Seconds after the last change before the draft saves itself. */
const AUTOSAVE_MS = 3000;

const LIST_OF: Record<PageKind, FrontPath> = {
  home: PAGES.decorateHome,
  topic: PAGES.decorateTopics,
  mall: PAGES.mallDecorate,
};

/**
 * The phone and the outline are two lists of the same blocks: a drag stays in the list it started
 * in (a palette item goes to the phone), by pointer and by keyboard alike.
 */
const inListOf = (active: Active, id: UniqueIdentifier) =>
  String(active.id).startsWith('outline:') === String(id).startsWith('outline:');
const collisionDetection: CollisionDetection = (args) =>
  closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter((c) => inListOf(args.active, c.id)),
  });
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { active, droppableContainers } = args.context;
  if (!active) return undefined;
  const Scoped = droppableContainers.constructor as new (
    entries: Iterable<[UniqueIdentifier, unknown]>,
  ) => typeof droppableContainers;
  const scoped = new Scoped([...droppableContainers].filter(([id]) => inListOf(active, id)));
  return sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...args.context, droppableContainers: scoped },
  });
};

/*
 * The sensors' options, made once: dnd-kit's useSensor keeps its sensor while the options are the
 * same object, and a new sensor gives every sortable a new context (a hundred blocks and rows
 * rendered again on each change of the page).
 */
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };
const KEYBOARD_OPTIONS = { coordinateGetter: keyboardCoordinates };

/**
 * /decorate_m/home_edit?id= and /integralmall/integralmall_edit?id= (hidden): the page builder.
 * Loads the page's draft, then `Builder` edits it.
 */
export default function PageBuilderPage() {
  const { t } = useTranslation(DECORATE_NS);
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const page = useQuery({
    queryKey: pageKeys.detail(id ?? 0),
    queryFn: () => fetchPage(id!),
    enabled: id !== undefined,
    // The builder holds its own copy while editing: no refetch behind its back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (id === undefined) return <Result status="warning" title={t('builder.noPage')} />;
  if (page.isError) return <Result status="warning" title={t('builder.loadFailed')} />;
  // The draft as saved now (not a copy cached from an earlier visit: a rollback may have changed it).
  if (!page.data || !page.isFetchedAfterMount)
    return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return <Builder key={id} page={page.data} />;
}

type LockState = { mine: true } | { mine: false; holder: string; lost: boolean };

function Builder({ page }: { page: DecoratePageDetail }) {
  const { t, i18n } = useTranslation(DECORATE_NS);
  const en = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const listPage = LIST_OF[page.kind];
  const homeActions = usePageActions(PAGES.decorateHome) as readonly string[];
  const topicActions = usePageActions(PAGES.decorateTopics) as readonly string[];
  const mallActions = usePageActions(PAGES.mallDecorate) as readonly string[];
  const actions = { home: homeActions, topic: topicActions, mall: mallActions }[page.kind];
  const canEdit = actions.includes('edit');

  const saveDraft = useSaveDraft().mutateAsync;
  const publishPage = usePublishPage().mutateAsync;
  const schedulePage = useSchedulePage().mutateAsync;
  const history = useDocumentHistory(page.document);
  const { document } = history;
  const revision = useRef(page.revision);
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(page.document));
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [problems, setProblems] = useState<PageProblemAnswer[]>([]);
  const [lock, setLock] = useState<LockState | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [versions, setVersions] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [dragging, setDragging] = useState<string | null>(null);
  /** A 定时发布 waiting to run (set here or before the page was opened). */
  const [scheduledAt, setScheduledAt] = useState(page.scheduledAt);
  const json = useMemo(() => JSON.stringify(document), [document]);
  const dirty = json !== savedJson;
  const readOnly = !canEdit || lock === null || !lock.mine;
  const problemBlocks = useMemo(
    () => new Set(problems.map((p) => p.blockId).filter((b): b is string => b !== null)),
    [problems],
  );

  /* ---------------------------------------------------------------- lock */

  const acquire = useCallback(
    async (takeOver: boolean) => {
      try {
        await takeLock(page.id, takeOver);
        setLock({ mine: true });
      } catch (e) {
        const holder = isApiError(e)
          ? ((e.data as { lockedBy?: string } | null)?.lockedBy ?? '')
          : '';
        setLock({ mine: false, holder, lost: false });
      }
    },
    [page.id],
  );

  useEffect(() => {
    if (!canEdit) return;
    void acquire(false);
    const release = () => void releaseLock(page.id).catch(() => undefined);
    window.addEventListener('pagehide', release);
    return () => {
      window.removeEventListener('pagehide', release);
      release();
    };
  }, [acquire, canEdit, page.id]);

  // The heartbeat: renew while editing; if someone took it over, stop editing and say who.
  const mine = lock?.mine === true;
  useEffect(() => {
    if (!mine) return;
    const timer = setInterval(() => {
      takeLock(page.id).catch((e: unknown) => {
        const holder = isApiError(e)
          ? ((e.data as { lockedBy?: string } | null)?.lockedBy ?? '')
          : '';
        setLock({ mine: false, holder, lost: true });
      });
    }, PAGE_LOCK_HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [mine, page.id]);

  /* ---------------------------------------------------------------- save */

  /** Replace what is on screen with the page's draft as saved now (someone else's, a rollback). */
  const loadLatest = useCallback(async () => {
    const latest = await fetchPage(page.id);
    revision.current = latest.revision;
    history.reset(latest.document);
    setSavedJson(JSON.stringify(latest.document));
    setConflict(false);
    setProblems([]);
  }, [history, page.id]);

  /** Save the draft when it has changes; whether the page's draft is now what is on screen. */
  const save = useCallback(async (): Promise<boolean> => {
    if (readOnly || conflict) return !dirty;
    if (!dirty) return true;
    setSaving(true);
    const sent = document;
    try {
      const answer = await saveDraft({ id: page.id, revision: revision.current, document: sent });
      revision.current = answer.revision;
      setSavedJson(JSON.stringify(sent));
      return true;
    } catch (e) {
      if (!isApiError(e)) throw e;
      const data = e.data as { revision?: number; lockedBy?: string } | null;
      if (data?.lockedBy !== undefined) {
        setLock({ mine: false, holder: data.lockedBy, lost: true });
      } else if (data?.revision !== undefined) {
        setConflict(true);
        void modal.confirm({
          title: t('builder.staleTitle'),
          content: e.msg,
          okText: t('builder.loadLatest'),
          cancelText: t('builder.keepMine'),
          onOk: loadLatest,
        });
      } else {
        toast.error(e.msg);
      }
      return false;
    } finally {
      setSaving(false);
    }
  }, [conflict, dirty, document, loadLatest, modal, page.id, readOnly, saveDraft, t]);

  // Autosave a few seconds after the last change.
  useEffect(() => {
    if (!dirty || readOnly || conflict || saving) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [json, dirty, readOnly, conflict, saving, save]);

  useLeaveGuard(dirty && !readOnly, modal, {
    title: t('builder.leaveTitle'),
    content: t('builder.leaveContent'),
    ok: t('builder.leave'),
    cancel: t('builder.stay'),
  });

  /* --------------------------------------------------------------- edits */

  const change = history.change;
  // The blocks' commands read the document through a ref, so they stay the same object while it
  // changes: the phone's blocks (memoised) then render again only when their own props change.
  const documentRef = useRef(document);
  useLayoutEffect(() => {
    documentRef.current = document;
  }, [document]);
  const commands: BlockCommands = useMemo(
    () => ({
      select: setSelectedId,
      move: (id, by) => {
        const doc = documentRef.current;
        const at = doc.content.findIndex((b) => b.props.id === id);
        change(moveBlock(doc, id, at + by));
      },
      duplicate: (id) => {
        const next = duplicateBlock(documentRef.current, id);
        change(next);
        const at = next.content.findIndex((b) => b.props.id === id);
        setSelectedId(next.content[at + 1]?.props.id ?? id);
      },
      remove: (id) => {
        change(removeBlock(documentRef.current, id));
        setSelectedId(null);
      },
    }),
    [change],
  );
  const addBlock = useStableCallback((type: ComponentType, at?: number) => {
    const after = selectedId ? document.content.findIndex((b) => b.props.id === selectedId) : -1;
    const position = at ?? (after >= 0 ? after + 1 : document.content.length);
    const next = insertBlock(document, type, position);
    if (next === document) return toast.error(t('builder.tooManyBlocks'));
    change(next);
    setSelectedId(next.content[position]?.props.id ?? null);
  });
  const selected = document.content.find((b) => b.props.id === selectedId) ?? null;

  // Undo / redo from the keyboard (not while typing in a field: the field's own undo).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || readOnly) return;
      const target = e.target as HTMLElement;
      if (target.closest('input, textarea, [contenteditable="true"]')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) history.undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') history.redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [history, readOnly]);

  /* ------------------------------------------------------------- records */

  // Resolve again only when what the blocks pick changes (not on every keystroke).
  const recordsKey = useMemo(
    () =>
      JSON.stringify([
        documentRecords(document).map((r) => `${r.blockId}:${r.kind}:${r.id}`),
        document.content
          .filter((b) => b.type === 'goodsList')
          .map((b) => b.type === 'goodsList' && [b.props.id, b.props.source, b.props.count]),
      ]),
    [document],
  );
  const records = useQuery({
    queryKey: ['decorate', 'pages', 'resolve', page.id, recordsKey],
    queryFn: ({ signal }) => resolveRecords(document, signal),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });

  /* ------------------------------------------------------------- publish */

  const publish = async (note: string) => {
    setPublishing(true);
    try {
      if (!(await save())) return;
      const answer = await publishPage({ id: page.id, revision: revision.current, note });
      setProblems([]);
      toast.success(t('builder.published', { version: answer.version }));
    } catch (e) {
      if (!isApiError(e)) throw e;
      const errors = (e.data as { errors?: PageProblemAnswer[] } | null)?.errors;
      if (errors && errors.length > 0) {
        setProblems(errors);
        toast.error(e.msg);
      } else toast.error(e.msg);
    } finally {
      setPublishing(false);
    }
  };

  /* ----------------------------------------------------------- drag & drop */

  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );
  // What the screen reader hears, and the drag's handlers: the same objects while the page
  // changes (a new `accessibility` or handler would render the DndContext again on every change).
  const accessibility = useMemo(() => {
    const labelOf = (dragId: string | number) => {
      const id = String(dragId);
      const type =
        paletteType(id) ??
        documentRef.current.content.find((b) => b.props.id === blockIdOf(id))?.type;
      return type ? (en ? COMPONENTS[type].labelEn : COMPONENTS[type].label) : '';
    };
    const positionOf = (dragId: string | number | undefined) => {
      const content = documentRef.current.content;
      return dragId === undefined
        ? content.length
        : content.findIndex((b) => b.props.id === blockIdOf(String(dragId)));
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('builder.a11y.start', { name: labelOf(active.id) }),
      // Over itself (just picked up): the pick-up is what the operator hears.
      onDragOver: ({ active, over }) =>
        over && blockIdOf(String(over.id)) !== blockIdOf(String(active.id))
          ? t('builder.a11y.over', { name: labelOf(active.id), n: positionOf(over.id) + 1 })
          : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t('builder.a11y.end', { name: labelOf(active.id), n: positionOf(over.id) + 1 })
          : t('builder.a11y.cancel'),
      onDragCancel: () => t('builder.a11y.cancel'),
    };
    return {
      announcements,
      screenReaderInstructions: { draggable: t('builder.a11y.instructions') },
    };
  }, [en, t]);
  const onDragStart = useCallback((e: DragStartEvent) => setDragging(String(e.active.id)), []);
  const onDragCancel = useCallback(() => setDragging(null), []);
  const onDragEnd = useStableCallback(({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over) return;
    const type = paletteType(String(active.id));
    const overId = String(over.id);
    const to =
      overId === CANVAS_ID
        ? document.content.length
        : document.content.findIndex((b) => b.props.id === blockIdOf(overId));
    if (type) return addBlock(type, to < 0 ? document.content.length : to);
    const id = blockIdOf(String(active.id));
    if (to >= 0) change(moveBlock(document, id, to));
  });

  // The bar's, the settings' and the dialogs' handlers, stable for their memoised components.
  const selectRoot = useCallback(() => setSelectedId(null), []);
  const onBlockChange = useStableCallback((id: string, name: string, value: unknown) =>
    change(updateBlock(document, id, { [name]: value }), `${id}:${name}`),
  );
  const onRootChange = useStableCallback((name: string, value: unknown) =>
    change(updateRoot(document, { [name]: value }), `root:${name}`),
  );
  const onSave = useStableCallback(
    () => void save().then((ok) => ok && toast.success(t('builder.saved'))),
  );
  const onPreview = useStableCallback(() => void save().then((ok) => ok && setPreviewing(true)));
  const onBack = useStableCallback(() => void navigate(listPage));
  const onPublish = useStableCallback(publish);
  const openVersions = useCallback(() => setVersions(true), []);
  const closeVersions = useCallback(() => setVersions(false), []);
  const openSchedule = useCallback(() => setScheduling(true), []);
  const closeSchedule = useCallback(() => setScheduling(false), []);
  const closePreview = useCallback(() => setPreviewing(false), []);
  const currentDraft = useCallback(() => documentRef.current, []);
  const onRolledBack = useStableCallback(() => {
    setVersions(false);
    setSavedJson(json); // the rolled-back draft replaces this one: nothing to keep
    void loadLatest();
  });
  const onSchedule = useStableCallback(async (at: number, note: string) => {
    if (!(await save())) return false;
    try {
      await schedulePage({ id: page.id, revision: revision.current, at, note });
      setScheduledAt(at);
      toast.success(t('builder.scheduled', { time: formatChinaDate(at, '{y}-{m}-{d} {h}:{i}') }));
      return true;
    } catch (e) {
      if (!isApiError(e)) throw e;
      const errors = (e.data as { errors?: PageProblemAnswer[] } | null)?.errors;
      if (errors) setProblems(errors);
      toast.error(e.msg);
      return false;
    }
  });

  const draggedType = dragging ? paletteType(dragging) : null;
  const status = dirty ? 'unsaved' : saving ? 'saving' : 'saved';

  return (
    <div className="deco-builder" data-testid="page-builder">
      {modalHolder}
      <BuilderBar
        name={page.name}
        status={status}
        readOnly={readOnly}
        canUndo={history.canUndo}
        canRedo={history.canRedo}
        dirty={dirty}
        saving={saving}
        publishing={publishing}
        canPublish={actions.includes('publish')}
        // Who may publish but not draft publishes the saved draft as it is (no lock to take).
        publishReadOnly={readOnly && canEdit}
        canPreview={canEdit || actions.includes('publish')}
        onBack={onBack}
        onUndo={history.undo}
        onRedo={history.redo}
        onSave={onSave}
        onPreview={onPreview}
        onVersions={openVersions}
        onSchedule={openSchedule}
        onPublish={onPublish}
      />

      {lock && !lock.mine && canEdit && (
        <Alert
          type="warning"
          showIcon
          className="deco-builder-alert"
          message={
            lock.lost
              ? t('builder.lockLost', { name: lock.holder })
              : t('builder.lockedBy', { name: lock.holder })
          }
          action={
            <Button
              size="small"
              onClick={() =>
                void modal.confirm({
                  title: t('builder.takeOverTitle'),
                  content: t('builder.takeOverContent', { name: lock.holder }),
                  onOk: async () => {
                    await acquire(true);
                    await loadLatest();
                  },
                })
              }
            >
              {t('builder.takeOver')}
            </Button>
          }
        />
      )}
      {!canEdit && (
        <Alert
          type="info"
          showIcon
          className="deco-builder-alert"
          message={t('builder.viewOnly')}
        />
      )}
      {scheduledAt !== null && (
        <Alert
          type="info"
          showIcon
          className="deco-builder-alert"
          data-testid="builder-scheduled"
          message={t('builder.scheduledNotice', {
            time: formatChinaDate(scheduledAt, '{y}-{m}-{d} {h}:{i}'),
          })}
        />
      )}
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setProblems([])}
          className="deco-builder-alert"
          message={t('builder.problemsTitle', { count: problems.length })}
          data-testid="publish-problems"
          description={
            <ul className="deco-problem-list">
              {problems.map((p, i) => (
                <li key={i}>
                  <a onClick={() => setSelectedId(p.blockId)}>{localMessage(p.msg)}</a>
                </li>
              ))}
            </ul>
          }
        />
      )}

      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
        accessibility={accessibility}
      >
        <div className="deco-builder-panes">
          <div className="deco-builder-left">
            <Palette disabled={readOnly} onAdd={addBlock} />
            <Outline
              document={document}
              selectedId={selectedId}
              readOnly={readOnly}
              onSelect={setSelectedId}
            />
          </div>
          <div className="deco-builder-middle">
            <Canvas
              document={document}
              records={records.data ?? NO_RECORDS}
              selectedId={selectedId}
              readOnly={readOnly}
              commands={commands}
              problemBlocks={problemBlocks}
              onSelectRoot={selectRoot}
            />
          </div>
          <div className="deco-builder-right">
            <SettingsPanel
              block={selected}
              root={document.root.props}
              problems={problems}
              readOnly={readOnly}
              onBlockChange={onBlockChange}
              onRootChange={onRootChange}
            />
          </div>
        </div>
        <DragOverlay>
          {draggedType && (
            <div className="deco-drag-overlay">
              {en ? COMPONENTS[draggedType].labelEn : COMPONENTS[draggedType].label}
            </div>
          )}
        </DragOverlay>
      </DndContext>

      <PreviewDialog
        pageId={previewing ? page.id : null}
        canRevoke={canEdit}
        onClose={closePreview}
      />
      <VersionsDrawer
        pageId={versions ? page.id : null}
        currentDraft={currentDraft}
        canRollback={actions.includes('rollback') && !readOnly}
        onClose={closeVersions}
        onRolledBack={onRolledBack}
      />
      <ScheduleDialog open={scheduling} onClose={closeSchedule} onSchedule={onSchedule} />
    </div>
  );
}

/**
 * The builder's bar: back, the page's name and save state, undo / redo, save, preview, versions,
 * 定时发布 and 发布. Memoised: a change of the page renders it again only when what it shows changes.
 */
const BuilderBar = memo(function BuilderBar({
  name,
  status,
  readOnly,
  canUndo,
  canRedo,
  dirty,
  saving,
  publishing,
  canPublish,
  publishReadOnly,
  canPreview,
  onBack,
  onUndo,
  onRedo,
  onSave,
  onPreview,
  onVersions,
  onSchedule,
  onPublish,
}: {
  name: string;
  status: 'unsaved' | 'saving' | 'saved';
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  dirty: boolean;
  saving: boolean;
  publishing: boolean;
  canPublish: boolean;
  /** 发布 and 定时发布 disabled (someone else edits the page). */
  publishReadOnly: boolean;
  canPreview: boolean;
  onBack: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
  onPreview: () => void;
  onVersions: () => void;
  onSchedule: () => void;
  onPublish: (note: string) => Promise<void>;
}) {
  const { t } = useTranslation(DECORATE_NS);
  return (
    <Card size="small" className="deco-builder-bar">
      <Space wrap size={8} style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={8}>
          <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
            {t('builder.back')}
          </Button>
          <Typography.Text strong translate="no" className="deco-builder-name" title={name}>
            {name}
          </Typography.Text>
          <Tag color={status === 'saved' ? 'green' : 'orange'} data-testid="save-status">
            {t(`builder.status.${status}`)}
          </Tag>
        </Space>
        <Space wrap size={8}>
          <Tooltip title={t('builder.undoHint')}>
            <Button icon={<UndoOutlined />} disabled={readOnly || !canUndo} onClick={onUndo}>
              {t('builder.undo')}
            </Button>
          </Tooltip>
          <Tooltip title={t('builder.redoHint')}>
            <Button icon={<RedoOutlined />} disabled={readOnly || !canRedo} onClick={onRedo}>
              {t('builder.redo')}
            </Button>
          </Tooltip>
          <Button
            icon={<SaveOutlined />}
            disabled={readOnly || !dirty}
            loading={saving}
            onClick={onSave}
          >
            {t('builder.save')}
          </Button>
          {canPreview && (
            <Button icon={<EyeOutlined />} onClick={onPreview}>
              {t('builder.preview')}
            </Button>
          )}
          <Button icon={<HistoryOutlined />} onClick={onVersions}>
            {t('builder.versions')}
          </Button>
          {canPublish && (
            <>
              <Button
                icon={<ClockCircleOutlined />}
                disabled={publishReadOnly}
                onClick={onSchedule}
              >
                {t('builder.schedule')}
              </Button>
              <PublishButton
                disabled={publishReadOnly}
                loading={publishing}
                onPublish={onPublish}
              />
            </>
          )}
        </Space>
      </Space>
    </Card>
  );
});

/** 发布, with an optional note of what changed. */
function PublishButton({
  disabled,
  loading,
  onPublish,
}: {
  disabled: boolean;
  loading: boolean;
  onPublish: (note: string) => Promise<void>;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={t('builder.publishTitle')}
      content={
        <Space direction="vertical" style={{ width: 280 }}>
          <Input.TextArea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder={t('builder.notePlaceholder')}
            count={{ show: true, max: PAGE_NOTE_MAX }}
            maxLength={PAGE_NOTE_MAX}
            aria-label={t('builder.note')}
          />
          <Button
            type="primary"
            block
            loading={loading}
            onClick={() =>
              void onPublish(note).then(() => {
                setOpen(false);
                setNote('');
              })
            }
          >
            {t('builder.publishNow')}
          </Button>
        </Space>
      }
    >
      <Button type="primary" disabled={disabled} loading={loading}>
        {t('builder.publish')}
      </Button>
    </Popover>
  );
}

/** 定时发布: a time in the future (China time) and a note. */
const ScheduleDialog = memo(function ScheduleDialog({
  open,
  onClose,
  onSchedule,
}: {
  open: boolean;
  onClose: () => void;
  onSchedule: (at: number, note: string) => Promise<boolean>;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const [at, setAt] = useState<Dayjs | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={t('builder.schedule')}
      onCancel={onClose}
      okButtonProps={{ disabled: !at, loading: busy }}
      onOk={() => {
        if (!at) return;
        setBusy(true);
        void onSchedule(fromChinaPicker(at), note)
          .then((done) => done && onClose())
          .finally(() => setBusy(false));
      }}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={at}
          onChange={setAt}
          disabledDate={(d) => d.isBefore(toChinaPicker(Date.now()), 'day')}
          style={{ width: '100%' }}
          aria-label={t('builder.scheduleAt')}
        />
        <Typography.Text type="secondary">{t('builder.scheduleZone')}</Typography.Text>
        <Input.TextArea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('builder.notePlaceholder')}
          count={{ show: true, max: PAGE_NOTE_MAX }}
          maxLength={PAGE_NOTE_MAX}
          aria-label={t('builder.note')}
        />
      </Space>
    </Modal>
  );
});
