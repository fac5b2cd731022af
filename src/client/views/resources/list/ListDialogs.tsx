/**
 * The list's dialogs: the delete's 'Estas seguro?' (with the module's way out when the server
 * refuses it), a bulk action's confirmation with its own fields and its per-row report, and a row
 * action's confirmation.
 */
import { rowAllows } from '../../../../../machines/resourceList';
import { messages } from '../../../../contracts/messages';
import type { ResourceDescriptor } from '../../../resources/descriptor';
import { ConfirmDialog, Dialog } from '../../../ui/dialog';
import { Button, Field, Input, Select, Stack } from '../../../ui/primitives';
import type { ListSend, ListSnapshot } from './listActor';

const text = messages.resourceScreens;

export function ListDialogs({
  descriptor,
  snapshot,
  send,
}: {
  descriptor: ResourceDescriptor;
  snapshot: ListSnapshot;
  send: ListSend;
}) {
  return (
    <>
      <DeleteDialog descriptor={descriptor} snapshot={snapshot} send={send} />
      <BulkDialogs descriptor={descriptor} snapshot={snapshot} send={send} />
      <RowActionDialog descriptor={descriptor} snapshot={snapshot} send={send} />
    </>
  );
}

type DialogProps = { descriptor: ResourceDescriptor; snapshot: ListSnapshot; send: ListSend };

const labelOf = (action: string | null, list: readonly { action: string; label: string }[]) =>
  list.find((candidate) => candidate.action === action)?.label ?? action ?? '';

function DeleteDialog({ descriptor, snapshot, send }: DialogProps) {
  const { pendingDelete, deleteError } = snapshot.context;
  const fallback = descriptor.rowActions.find((candidate) => candidate.action === descriptor.deleteFallback);
  const open =
    snapshot.matches({ loaded: 'confirmingDelete' }) || snapshot.matches({ loaded: 'deleteFailed' });
  return (
    <ConfirmDialog
      open={open}
      title={text.confirmTitle}
      text={pendingDelete ? text.confirmText(descriptor.recordName(pendingDelete)) : ''}
      confirmLabel={text.confirmButton}
      error={deleteError}
      onConfirm={() => send({ type: 'DELETE_CONFIRMED' })}
      onCancel={() => send({ type: 'DELETE_CANCELLED' })}
      extra={
        fallback && deleteError && pendingDelete && rowAllows(pendingDelete, fallback.action) ? (
          <Button
            variant="secondary"
            onClick={() => {
              // The refused delete's way out: the row action, with its own confirmation.
              send({ type: 'DELETE_CANCELLED' });
              send({ type: 'ROW_ACTION_ASKED', action: fallback.action, record: pendingDelete });
            }}
          >
            {fallback.label}
          </Button>
        ) : null
      }
    />
  );
}

/** The bulk action's confirmation and per-row report. */
function BulkDialogs({ descriptor, snapshot, send }: DialogProps) {
  const { bulkAction, bulkIds, bulkError, bulkFieldErrors, bulkResults, bulkPayload, selected, rows } =
    snapshot.context;
  const bulkFields =
    descriptor.bulkActions.find((candidate) => candidate.action === bulkAction)?.fields ?? [];
  // Each refused field at its field; a refusal naming no field of the dialog joins the dialog's message.
  const elsewhere = Object.entries(bulkFieldErrors)
    .filter(([name]) => !bulkFields.some((field) => field.name === name))
    .flatMap(([, fieldMessages]) => fieldMessages);
  const dialogError = [bulkError, ...elsewhere].filter(Boolean).join(' ') || null;
  const running = snapshot.matches({ loaded: 'runningBulk' });
  const nameOf = (id: number) => {
    const row = rows.find((candidate) => candidate.id === id);
    return row ? descriptor.recordName(row) : text.recordName(id);
  };
  const typed = (field: string, value: string) => send({ type: 'BULK_PAYLOAD_CHANGED', field, value });
  return (
    <>
      <ConfirmDialog
        open={snapshot.matches({ loaded: 'confirmingBulk' }) || running}
        title={text.bulkConfirmTitle}
        text={
          bulkIds.length === selected.length
            ? text.bulkConfirmText(labelOf(bulkAction, descriptor.bulkActions), bulkIds.length)
            : text.bulkConfirmPartial(
                labelOf(bulkAction, descriptor.bulkActions),
                bulkIds.length,
                selected.length,
              )
        }
        confirmLabel={running ? text.bulkRunning : labelOf(bulkAction, descriptor.bulkActions)}
        busy={running}
        error={dialogError}
        onConfirm={() => send({ type: 'BULK_CONFIRMED' })}
        onCancel={() => send({ type: 'BULK_CANCELLED' })}
      >
        {bulkFields.length ? (
          <Stack>
            {bulkFields.map((field) => (
              <Field key={field.name} label={field.label} error={bulkFieldErrors[field.name]}>
                {(aria) =>
                  field.options ? (
                    <Select
                      {...aria}
                      name={field.name}
                      value={bulkPayload[field.name] ?? ''}
                      disabled={running}
                      onChange={(event) => typed(field.name, event.currentTarget.value)}
                    >
                      <option value="">{text.chooseOption}</option>
                      {field.options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </Select>
                  ) : (
                    <Input
                      {...aria}
                      name={field.name}
                      value={bulkPayload[field.name] ?? ''}
                      placeholder={field.placeholder}
                      maxLength={field.maxLength}
                      disabled={running}
                      onChange={(event) => typed(field.name, event.currentTarget.value)}
                    />
                  )
                }
              </Field>
            ))}
          </Stack>
        ) : null}
      </ConfirmDialog>
      <Dialog
        open={snapshot.matches({ loaded: 'bulkReport' })}
        onOpenChange={(open) => (open ? undefined : send({ type: 'BULK_REPORT_CLOSED' }))}
        title={text.bulkReportTitle}
        footer={<Button onClick={() => send({ type: 'BULK_REPORT_CLOSED' })}>{text.close}</Button>}
      >
        <ul aria-label={text.bulkReportTitle}>
          {bulkResults.flatMap((result) =>
            result.ok
              ? []
              : [<li key={result.id}>{text.bulkReportRow(nameOf(result.id), result.detail)}</li>],
          )}
        </ul>
      </Dialog>
    </>
  );
}

function RowActionDialog({ descriptor, snapshot, send }: DialogProps) {
  const { rowAction, rowActionError } = snapshot.context;
  const running = snapshot.matches({ loaded: 'runningRowAction' });
  return (
    <ConfirmDialog
      open={snapshot.matches({ loaded: 'confirmingRowAction' }) || running}
      title={text.confirmTitle}
      text={
        rowAction
          ? text.rowActionConfirmText(
              labelOf(rowAction.action, descriptor.rowActions),
              descriptor.recordName(rowAction.record),
            )
          : ''
      }
      confirmLabel={running ? text.bulkRunning : labelOf(rowAction?.action ?? null, descriptor.rowActions)}
      busy={running}
      error={rowActionError}
      onConfirm={() => send({ type: 'ROW_ACTION_CONFIRMED' })}
      onCancel={() => send({ type: 'ROW_ACTION_CANCELLED' })}
    />
  );
}
