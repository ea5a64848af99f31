import type { CSSProperties, ReactNode } from 'react';
import type { RootProps } from '@health/contract';
import { imageSource } from './image-source';
import './page-view.css';

/** The member app's screen width in CSS px (an iPhone 8's): the builder's frame is this wide. */
export const PHONE_WIDTH = 375;

export interface PageFrameProps {
  /** The page's own settings: its title (the title bar) and background. */
  root: RootProps;
  /** The blocks, usually one `BlockView` each, stacked from the top. */
  children: ReactNode;
  /**
   * How wide the page is:
   * - a number (default 375): a phone-sized frame exactly that many CSS px wide, as the builder's
   *   canvas shows it;
   * - `'fill'`: the whole width of its container, as on a real phone (the public preview page).
   */
  width?: number | 'fill';
  /** More classes for the frame (the caller's height, border or shadow). */
  className?: string;
}

/** A CSS `url()` of an image address (quotes and backslashes escaped). */
const cssUrl = (src: string) => `url("${src.replace(/["\\\n\r]/g, (c) => `\\${c}`)}")`;

/**
 * The page as the member app shows it: a title bar with the page's title, the page's background
 * (colour, and an image from the top at the full width), and its blocks in one column.
 */
export function PageFrame({ root, children, width = PHONE_WIDTH, className }: PageFrameProps) {
  const background = imageSource(root.backgroundImage);
  const style: CSSProperties = {
    ...(width === 'fill' ? {} : { width }),
    ...(root.backgroundColor ? { backgroundColor: root.backgroundColor } : {}),
    ...(background ? { backgroundImage: cssUrl(background) } : {}),
  };
  const classes = ['deco-frame', width === 'fill' ? 'deco-frame-fill' : 'deco-frame-fixed'];
  if (className) classes.push(className);
  return (
    <div className={classes.join(' ')} style={style} data-testid="page-frame">
      <div className="deco-titlebar">
        <span className="deco-titlebar-text" title={root.title} translate="no">
          {root.title}
        </span>
      </div>
      <div className="deco-blocks">{children}</div>
    </div>
  );
}
