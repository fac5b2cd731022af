/** The receipt in view: choose, previous, next, zoom, and 'Descargar' the one shown. */
import { useActorRef, useSelector } from '@xstate/react';
import { type ViewerFile, ZOOM_LEVELS } from '../../../../../machines/receiptViewer';
import { messages } from '../../../../contracts/messages';
import { Alert, Button, Row, Spinner, Stack } from '../../../ui/primitives';
import { type ReceiptDownloadActor, receiptViewerLogic } from '../detailWiring';
import { text } from './parts';

export function ReceiptViewer({
  files,
  download,
}: {
  files: (ViewerFile & { caption: string })[];
  download: ReceiptDownloadActor;
}) {
  const downloading = useSelector(download, (state) => state.matches('downloading'));
  const actor = useActorRef(receiptViewerLogic, { input: { files } });
  const snapshot = useSelector(actor, (state) => state);
  const { index, zoom, url, error } = snapshot.context;
  const file = files[index];
  const shown = snapshot.matches('shown');
  return (
    <Stack>
      <Row>
        {files.map((candidate, position) => (
          <Button
            key={candidate.id}
            size="small"
            variant={position === index ? 'primary' : 'ghost'}
            aria-pressed={position === index}
            onClick={() => actor.send({ type: 'SELECTED', index: position })}
          >
            {candidate.name}
          </Button>
        ))}
      </Row>
      <Row justify="between">
        <span aria-live="polite">
          {text.receiptOf(index + 1, files.length)} — {file.caption}: {file.name}
        </span>
        <Row>
          <Button
            size="small"
            variant="secondary"
            disabled={index === 0}
            onClick={() => actor.send({ type: 'PREVIOUS' })}
          >
            {text.previousReceipt}
          </Button>
          <Button
            size="small"
            variant="secondary"
            disabled={index >= files.length - 1}
            onClick={() => actor.send({ type: 'NEXT' })}
          >
            {text.nextReceipt}
          </Button>
          <Button
            size="small"
            variant="ghost"
            disabled={downloading}
            aria-label={text.downloadOneLabel(file.name)}
            onClick={() => download.send({ type: 'DOWNLOAD', ids: [file.id], fileName: file.name })}
          >
            {text.downloadOne}
          </Button>
          <Button
            size="small"
            variant="ghost"
            disabled={!shown || zoom === 0}
            onClick={() => actor.send({ type: 'ZOOM_OUT' })}
          >
            {text.zoomOut}
          </Button>
          <Button
            size="small"
            variant="ghost"
            disabled={!shown || zoom >= ZOOM_LEVELS.length - 1}
            onClick={() => actor.send({ type: 'ZOOM_IN' })}
          >
            {text.zoomIn}
          </Button>
        </Row>
      </Row>
      {snapshot.matches('loading') ? <Spinner label={messages.resourceScreens.loading} /> : null}
      {snapshot.matches('failed') ? (
        <Alert tone="danger" role="alert">
          <Row justify="between">
            <span>{error}</span>
            <Button size="small" variant="secondary" onClick={() => actor.send({ type: 'RETRY' })}>
              {messages.resourceScreens.retry}
            </Button>
          </Row>
        </Alert>
      ) : null}
      {shown && url ? (
        // Issue 30 §4 (axe scrollable-region-focusable): the zoomed receipt scrolls, so its box takes
        // the focus (arrow keys scroll it) and is named after the receipt it shows.
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take the focus so the keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable).
          tabIndex={0}
          aria-label={`${text.receiptOf(index + 1, files.length)} — ${file.caption}: ${file.name}`}
          style={{ overflow: 'auto', maxHeight: 640, border: '1px solid #ddd', borderRadius: 4 }}
        >
          {file.content_type === 'application/pdf' ? (
            <object data={url} type="application/pdf" width="100%" height="600" aria-label={file.name}>
              <a href={url} download={file.name}>
                {file.name}
              </a>
            </object>
          ) : (
            <img
              src={url}
              alt={`${file.caption}: ${file.name}`}
              style={{ width: `${ZOOM_LEVELS[zoom] * 100}%`, display: 'block' }}
            />
          )}
        </section>
      ) : null}
    </Stack>
  );
}
