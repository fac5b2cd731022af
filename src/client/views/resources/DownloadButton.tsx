/**
 * 'Descargar CSV' on a list whose descriptor declares a direct download (Reservas, issue 15; SPEC
 * §7): sends DOWNLOAD with the list's current filters (never the page or the order) and its row
 * count to the listDownload machine, which fetches the file and hands it to the browser; shows the
 * machine's notice (the file's name, or why not).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ListQuery } from '../../../../machines/resourceList';
import { messages } from '../../../contracts/messages';
import type { ListDownloadDescriptor, ResourceDescriptor } from '../../resources/descriptor';
import { Button, Row } from '../../ui/primitives';
import { DismissibleNotice } from './DismissibleNotice';
import { exportQueryOf } from './ExportButton';
import { listDownloadLogic } from './wiring';

const text = messages.bookings;

export function DownloadButton({
  descriptor,
  query,
  rows,
}: {
  descriptor: ResourceDescriptor;
  query: ListQuery;
  rows: number;
}) {
  if (!descriptor.download) return null;
  return <Download descriptor={descriptor} target={descriptor.download} query={query} rows={rows} />;
}

function Download({
  descriptor,
  target,
  query,
  rows,
}: {
  descriptor: ResourceDescriptor;
  target: ListDownloadDescriptor;
  query: ListQuery;
  rows: number;
}) {
  const logic = useMemo(() => listDownloadLogic(target), [target]);
  const actor = useActorRef(logic);
  const downloading = useSelector(actor, (state) => state.matches('downloading'));
  const notice = useSelector(actor, (state) => state.context.notice);
  return (
    <Row>
      <Button
        variant="secondary"
        disabled={downloading}
        aria-busy={downloading}
        onClick={() => actor.send({ type: 'DOWNLOAD', query: exportQueryOf(descriptor, query), rows })}
      >
        {downloading ? text.downloading : text.downloadCsv}
      </Button>
      {notice ? (
        <DismissibleNotice
          notice={notice}
          closeLabel={text.close}
          onDismiss={() => actor.send({ type: 'DISMISS' })}
        />
      ) : null}
    </Row>
  );
}
