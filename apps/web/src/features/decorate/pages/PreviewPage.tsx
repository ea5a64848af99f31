import { useCallback } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { EyeOutlined, LayoutOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DecoratePublicPaths,
  TOAST_MS,
  isHttpsUrl,
  type DraftLink,
  type PublicPage,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { notice } from '../../../shared/feedback/feedback';
import { usePublicLoad } from '../../../shared/hooks/use-public-load';
import { LanguageSwitch } from '../../../shared/i18n/LanguageSwitch';
import { localMessage } from '../../../shared/i18n/messages';
import { usePageTitle } from '../../../shared/routing/page-title';
import { DECORATE_NS } from '../locales';
import { BlockView } from './render/BlockView';
import { PageFrame } from './render/PageFrame';
import { EmptyHint } from './render/parts';
import { expiryText, previewExpiry } from './render/preview-link';

/**
 * GET the draft a preview link shows, or a published topic (no login). The page shows the
 * server's refusal itself.
 */
const fetchPage = (query: { token: string } | { id: string }, signal: AbortSignal) =>
  api.get<PublicPage>('token' in query ? DecoratePublicPaths.preview : DecoratePublicPaths.topic, {
    params: query,
    auth: false,
    silent: true,
    signal,
  });

/**
 * /m/preview?token= (public, outside the layout, no login, phone first): the draft of a 装修 page
 * as the member app shows it, pinned when the operator made the link. A missing, tampered, expired
 * or revoked link gets the server's message and nothing of the page. The page fills a phone's
 * width (at most 480 px on a larger screen) under a banner saying it is a draft's preview.
 *
 * The same page at /m/topic?id= shows a published topic (专题装修's 复制链接): no banner then.
 *
 * The preview runs in a browser, not in the app: a tap on an https web address opens it in a new
 * tab; any other link says where the app would go.
 */
export default function PreviewPage() {
  const { t } = useTranslation(DECORATE_NS);
  const [params] = useSearchParams();
  const topicId = params.get('id');
  const token = params.get('token') ?? '';
  const isTopic = topicId !== null && !params.has('token');
  const load = useCallback(
    (signal: AbortSignal) => fetchPage(isTopic ? { id: topicId } : { token }, signal),
    [isTopic, topicId, token],
  );
  const [state, retry] = usePublicLoad(load);
  const page = state.kind === 'ok' ? state.value : null;
  usePageTitle(page?.document.root.props.title || t('previewPage.pageTitle'));
  const expiresAt = page && !isTopic ? previewExpiry(token) : null;

  const onLink = useCallback(
    (link: DraftLink) => {
      if (link.navType === 'ljdz' && isHttpsUrl(link.subContent)) {
        window.open(link.subContent, '_blank', 'noopener,noreferrer');
        return;
      }
      notice('info', {
        content: t('previewPage.openInApp', { label: t(`link.types.${link.navType}`) }),
        duration: TOAST_MS / 1000,
        key: 'deco-preview-link',
      });
    },
    [t],
  );

  return (
    <main className="deco-preview-page">
      <div className="deco-preview-column">
        <div
          className={page ? 'deco-preview-banner' : 'deco-preview-banner deco-preview-banner-empty'}
        >
          <span className="deco-preview-banner-text" data-testid="preview-banner">
            {page && !isTopic && (
              <>
                <EyeOutlined aria-hidden />
                <span>
                  {expiresAt !== null
                    ? t('previewPage.banner', { time: expiryText(expiresAt) })
                    : t('previewPage.pageTitle')}
                </span>
              </>
            )}
          </span>
          <LanguageSwitch />
        </div>
        <div className="deco-preview-body">
          {state.kind === 'loading' && (
            <div className="deco-preview-state" aria-label={t('previewPage.loading')}>
              <Skeleton active paragraph={{ rows: 6 }} />
            </div>
          )}
          {state.kind === 'error' && (
            <Result
              className="deco-preview-state"
              status="warning"
              title={isTopic ? t('previewPage.topicProblem') : t('previewPage.linkProblem')}
              subTitle={state.msg ? localMessage(state.msg) : undefined}
              // A refusal says what to do (make a new link); a failed request may be tried again.
              extra={
                state.msg ? undefined : <Button onClick={retry}>{t('previewPage.retry')}</Button>
              }
            />
          )}
          {page && (
            <PageFrame root={page.document.root.props} width="fill">
              {page.document.content.length === 0 ? (
                <EmptyHint icon={<LayoutOutlined />} text={t('previewPage.empty')} />
              ) : (
                page.document.content.map((block) => (
                  <BlockView
                    key={block.props.id}
                    block={block}
                    records={page.records[block.props.id]}
                    onLink={onLink}
                    interactive
                  />
                ))
              )}
            </PageFrame>
          )}
        </div>
      </div>
    </main>
  );
}
