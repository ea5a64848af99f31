import { useQuery } from '@tanstack/react-query';
import type { PageDocument } from '@health/contract';
import { resolveRecords } from './api';
import { BlockView } from './render/BlockView';
import { PageFrame } from './render/PageFrame';

/** A page document in a 375-px phone, with its goods, videos and packages as they are now. */
export function PhonePreview({ document }: { document: PageDocument }) {
  const records = useQuery({
    queryKey: ['decorate', 'pages', 'resolve', JSON.stringify(document)],
    queryFn: ({ signal }) => resolveRecords(document, signal),
  });
  return (
    <div className="deco-phone">
      <PageFrame root={document.root.props}>
        {document.content.map((block) => (
          <BlockView key={block.props.id} block={block} records={records.data?.[block.props.id]} />
        ))}
      </PageFrame>
    </div>
  );
}
