/**
 * The 'Historial' tab of a record's show view (issue 9 'Audit history'; SPEC §3 names the office
 * history): who (the user's name), when, the action and each changed field with its label and
 * its value before and after, newest first, one server page at a time. Renders the recordHistory
 * machine; secrets never reach it (the server records only that they changed).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { historyPages } from '../../../../machines/recordHistory';
import type { HistoryEntry } from '../../../contracts/engine';
import { formatLocalDateTime } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import { Alert, Button, Muted, Row, Spinner, Stack, Subheading } from '../../ui/primitives';
import { Table, TableWrapper } from '../../ui/table';
import { historyLines } from './historyLines';
import { recordHistoryLogic } from './wiring';

const text = messages.history;

export const actionLabelOf = (action: string, labels: Record<string, string> = {}): string =>
  labels[action] ?? text.actions[action] ?? text.actionLabel(action);

/** A traveller's write (`public:voucher:N`, `public:refund-link:N`) as a catalogue label (issue 30 §4). */
function publicActorLabel(username: string): string | null {
  const match = /^public:(voucher|refund-link):(\d+)$/.exec(username);
  if (!match) return null;
  const who = messages.refundDecisions;
  return match[1] === 'voucher' ? who.travellerByVoucher(match[2]) : who.travellerByLink(match[2]);
}

export const whoOf = (entry: HistoryEntry): string =>
  entry.user.name
    ? `${entry.user.name} (${entry.user.username})`
    : (publicActorLabel(entry.user.username) ?? (entry.user.username || text.unknownUser));

export interface RecordHistoryProps {
  /** The module's API path ('/zone/'). */
  path: string;
  record: number;
  /**
   * Labels by API key, a sub-record's fields as 'group.field' (the module's form labels first;
   * ./historyLines.ts `historyReadingOf` reads them from a descriptor).
   */
  labels?: Record<string, string>;
  /** Labels of the module's own actions (row and bulk actions). */
  actionLabels?: Record<string, string>;
  /** A module's own reading of a value (a status label) by key path; undefined: the generic text. */
  formatValue?: (field: string, value: unknown) => string | undefined;
}

export function RecordHistory({
  path,
  record,
  labels = {},
  actionLabels = {},
  formatValue = () => undefined,
}: RecordHistoryProps) {
  const logic = useMemo(() => recordHistoryLogic(path, record), [path, record]);
  const actor = useActorRef(logic, { input: {} });
  const snapshot = useSelector(actor, (state) => state);
  const { entries, count, offset, limit, error } = snapshot.context;
  const page = Math.floor(offset / limit);
  const pages = historyPages(count, limit);
  const lines = useMemo(
    () => new Map(entries.map((entry) => [entry.id, historyLines(entry.changes, { labels, formatValue })])),
    [entries, labels, formatValue],
  );
  const linesOf = (entry: HistoryEntry) => lines.get(entry.id) ?? [];

  return (
    <Stack aria-busy={snapshot.matches('loading')}>
      <Subheading>{text.title}</Subheading>
      {snapshot.matches('loading') ? <Spinner label={text.loading} /> : null}
      {snapshot.matches('failed') ? (
        <Alert tone="danger" role="alert">
          <Row justify="between">
            <span>{error}</span>
            <Button variant="secondary" size="small" onClick={() => actor.send({ type: 'RETRY' })}>
              {text.retry}
            </Button>
          </Row>
        </Alert>
      ) : null}
      {snapshot.matches('empty') ? <Muted>{text.empty}</Muted> : null}
      {snapshot.matches('loaded') ? (
        <>
          <TableWrapper>
            <Table aria-label={text.title}>
              <thead>
                <tr>
                  <th scope="col">{text.columnWhen}</th>
                  <th scope="col">{text.columnWho}</th>
                  <th scope="col">{text.columnAction}</th>
                  <th scope="col">{text.columnChanges}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} data-testid="history-entry">
                    <td>
                      <time dateTime={entry.at}>{formatLocalDateTime(entry.at)}</time>
                    </td>
                    <td>{whoOf(entry)}</td>
                    <td>{actionLabelOf(entry.action, actionLabels)}</td>
                    <td>
                      {linesOf(entry).length ? (
                        <ul style={{ margin: 0, paddingLeft: '1.1em' }}>
                          {linesOf(entry).map((line) => (
                            <li key={line.key}>
                              <strong>{line.label}</strong>: <del>{line.before}</del>
                              {' → '}
                              <ins>{line.after}</ins>
                            </li>
                          ))}
                        </ul>
                      ) : (
                        text.noChanges
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrapper>
          {pages > 1 ? (
            <Row justify="end">
              <Button
                variant="secondary"
                size="small"
                disabled={page === 0}
                onClick={() => actor.send({ type: 'PAGE_CHANGED', page: page - 1 })}
              >
                {text.previous}
              </Button>
              <span aria-live="polite">
                {text.pageOf(offset + 1, Math.min(offset + limit, count), count)}
              </span>
              <Button
                variant="secondary"
                size="small"
                disabled={page >= pages - 1}
                onClick={() => actor.send({ type: 'PAGE_CHANGED', page: page + 1 })}
              >
                {text.next}
              </Button>
            </Row>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
