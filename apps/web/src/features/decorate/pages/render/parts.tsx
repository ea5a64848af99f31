import { useState, type CSSProperties, type ReactNode } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DraftLink } from '@health/contract';
import { DECORATE_NS } from '../../locales';
import { imageSource } from './image-source';

/** What a tap on a linked element does (the caller decides: open it, or say where it goes). */
export type LinkHandler = (link: DraftLink) => void;

/** Whether a link goes anywhere. */
export const isLinked = (link: DraftLink | undefined): link is DraftLink =>
  !!link && link.navType !== 'none';

/**
 * An element a member taps: a button calling `onLink(link)` when the link goes somewhere and a
 * handler is given; otherwise the same content, not tappable. Its content must be phrasing content
 * (spans), as a button's is.
 */
export function Tap({
  link,
  onLink,
  label,
  className,
  children,
}: {
  link: DraftLink | undefined;
  onLink: LinkHandler | undefined;
  /** The accessible name, when the content (an image's alt, a text) does not say enough. */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(DECORATE_NS);
  if (!onLink || !isLinked(link))
    return <span className={className ? `deco-span ${className}` : 'deco-span'}>{children}</span>;
  return (
    <button
      type="button"
      className={className ? `deco-tap ${className}` : 'deco-tap'}
      aria-label={label}
      title={t('render.open', { label: t(`link.types.${link.navType}`) })}
      onClick={() => onLink(link)}
    >
      {children}
    </button>
  );
}

/**
 * An image of the page, or a neutral box with an icon where there is none yet (the builder shows
 * blocks before their images are uploaded), or where it cannot load. `natural`: the image keeps
 * its own height (the box's `ratio` is only the placeholder's); otherwise it covers its box.
 */
export function ImageBox({
  src,
  alt,
  natural = false,
  ratio,
}: {
  src: string;
  alt: string;
  natural?: boolean;
  /** The placeholder's aspect ratio ("2 / 1") when the box has no height of its own. */
  ratio?: string;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const source = imageSource(src);
  const [failed, setFailed] = useState<string | null>(null);
  if (!source || failed === source) {
    const style: CSSProperties | undefined = ratio ? { aspectRatio: ratio } : undefined;
    const label = t(source ? 'render.imageFailed' : 'render.noImage', { alt });
    return (
      <span className="deco-img-empty" role="img" aria-label={label} title={label} style={style}>
        <PictureOutlined />
      </span>
    );
  }
  return (
    <img
      className={natural ? 'deco-img deco-img-natural' : 'deco-img'}
      src={source}
      alt={alt}
      decoding="async"
      draggable={false}
      onError={() => setFailed(source)}
    />
  );
}

/** A hint inside a block that has nothing to show yet ("暂无商品"): never a made-up item. */
export function EmptyHint({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <div className="deco-empty" data-testid="block-empty">
      {icon}
      <span>{text}</span>
    </div>
  );
}

/** A block's own heading (goods list, video, services), when the operator gave it one. */
export function SectionTitle({ text }: { text: string }) {
  if (!text) return null;
  return (
    <div className="deco-section-title" translate="no">
      {text}
    </div>
  );
}
