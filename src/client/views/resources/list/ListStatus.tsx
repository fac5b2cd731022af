/** What the list says instead of (or above) its rows: loading, a failed load, nothing found. */
import { Link } from 'react-router-dom';
import { messages } from '../../../../contracts/messages';
import type { ResourceDescriptor } from '../../../resources/descriptor';
import { Alert, Button, Row, Spinner } from '../../../ui/primitives';
import type { ListBack } from './ListTable';
import type { ListSend, ListSnapshot } from './listActor';

const text = messages.resourceScreens;

export function ListStatus({
  descriptor,
  snapshot,
  nothingShown,
  canCreate,
  back,
  send,
}: {
  descriptor: ResourceDescriptor;
  snapshot: ListSnapshot;
  nothingShown: boolean;
  canCreate: boolean;
  back: ListBack;
  send: ListSend;
}) {
  const { error, retryable, query } = snapshot.context;
  return (
    <>
      {snapshot.matches('loading') ? <Spinner label={text.loading} /> : null}
      {snapshot.matches('failed') ? (
        <Alert tone="danger" role="alert">
          <Row justify="between">
            <span>{error}</span>
            {retryable ? (
              <Button variant="secondary" size="small" onClick={() => send({ type: 'RETRY' })}>
                {text.retry}
              </Button>
            ) : null}
          </Row>
        </Alert>
      ) : null}
      {nothingShown ? (
        Object.keys(query.filters).length ? (
          <Alert tone="info">{text.empty}</Alert>
        ) : (
          <Alert tone="info">
            <Row>
              <span>{text.emptyNone(descriptor.title)}</span>
              {canCreate ? (
                <Link to="create" state={back}>
                  {text.createFirst}
                </Link>
              ) : null}
            </Row>
          </Alert>
        )
      ) : null}
    </>
  );
}
