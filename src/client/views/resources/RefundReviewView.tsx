/**
 * Reintegros' show view (issue 17 'Staff review (Reintegros)'): the applicant, each claim with
 * its services and approved amount, every receipt viewable in the page (next, previous, zoom),
 * the third-party authorization files, the bank data masked (revealed on request, which the
 * server records in the history), the requests made to the traveller, the status transitions the
 * server allows this user now (src/contracts/refund/lifecycle.ts) and the 'Historial' tab. Every
 * file downloads ('Descargar' the one in view, 'Descargar todo' as one zip).
 * Renders four machines: refundReview, bankReveal, receiptViewer and receiptDownload.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { bankRevealMachine } from '../../../../machines/bankReveal';
import { receiptDownloadMachine } from '../../../../machines/receiptDownload';
import { receiptViewerMachine, type ViewerFile, ZOOM_LEVELS } from '../../../../machines/receiptViewer';
import {
  type DraftTextField,
  type ReviewedRefund,
  refundReviewMachine,
  type TransitionDraft,
} from '../../../../machines/refundReview';
import { formatAmount, formatDate, formatLocalDate } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import { can } from '../../../contracts/permissions';
import { paymentTextFields } from '../../../contracts/refund';
import {
  REFUND_TRANSITION_NAMES,
  type RefundTransition,
  refundStatusLabel,
} from '../../../contracts/refund/lifecycle';
import { findCountryByIso3 } from '../../../contracts/static';
import {
  bankRevealActors,
  receiptDownloadActors,
  receiptViewerActors,
  refundReviewActors,
} from '../../api/refundReview';
import type { ResourceDescriptor } from '../../resources/descriptor';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Field,
  Heading,
  Input,
  Muted,
  Row,
  Spinner,
  Stack,
  Subheading,
  TextArea,
} from '../../ui/primitives';
import { Table, TableWrapper } from '../../ui/table';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../ui/tabs';
import { useGrants } from './access';
import { RecordHistory } from './RecordHistory';

const text = messages.refundReview;

const countryName = (iso3: string) => findCountryByIso3(iso3)?.name ?? iso3;

/** Values of the refund's history entries as a reviewer reads them. */
function historyValueOf(field: string, value: unknown): string | undefined {
  if (field === 'status' && typeof value === 'string') return refundStatusLabel(value);
  if (field === 'claims' && Array.isArray(value))
    return value
      .map(
        (claim: { coverage?: string; currency?: string; approved_amount?: string | null }) =>
          `${claim.coverage ?? ''}: ${claim.approved_amount ? `${claim.currency} ${formatAmount(claim.approved_amount)}` : '—'}`,
      )
      .join('; ');
  if (field === 'requests' && Array.isArray(value))
    return value
      .map(
        (request: { kind?: string; items?: string[]; open?: boolean }) =>
          `${request.kind === 'documents' ? text.requestDocuments : text.requestBankData}: ${(request.items ?? []).join(', ')}`,
      )
      .join('; ');
  return undefined;
}

export default function RefundReviewView({ descriptor }: { descriptor: ResourceDescriptor }) {
  const { id } = useParams();
  const recordId = id && /^\d{1,10}$/.test(id) ? Number(id) : null;
  if (recordId === null)
    return (
      <Alert tone="danger" role="alert">
        {messages.resourceScreens.invalidRecord}
      </Alert>
    );
  return <RefundReview key={recordId} descriptor={descriptor} id={recordId} />;
}

function RefundReview({ descriptor, id }: { descriptor: ResourceDescriptor; id: number }) {
  const listSearch = (useLocation().state as { listSearch?: unknown } | null)?.listSearch;
  const listPath = `/dashboard/${descriptor.routing}${typeof listSearch === 'string' ? listSearch : ''}`;
  const logic = useMemo(() => refundReviewMachine.provide({ actors: refundReviewActors }), []);
  const actor = useActorRef(logic, { input: { id } });
  const snapshot = useSelector(actor, (state) => state);
  const { refund, error } = snapshot.context;
  const mayReveal = can(useGrants(), 'refund', 'change');

  return (
    <Stack>
      <Heading>
        {messages.resourceScreens.showTitle(descriptor.title)} {refund ? `#${refund.id}` : ''}
      </Heading>
      {snapshot.matches('loading') ? <Spinner label={text.loading} /> : null}
      {snapshot.matches('failed') ? (
        <Alert tone="danger" role="alert">
          <Row justify="between">
            <span>{error}</span>
            <Row>
              <Button variant="secondary" size="small" onClick={() => actor.send({ type: 'RETRY' })}>
                {messages.resourceScreens.retry}
              </Button>
              <Link to={listPath}>{text.back}</Link>
            </Row>
          </Row>
        </Alert>
      ) : null}
      {refund ? (
        <TabsRoot defaultValue="data">
          <TabsList aria-label={descriptor.title}>
            <TabsTrigger value="data">{messages.history.tabData}</TabsTrigger>
            <TabsTrigger value="history">{messages.history.tabHistory}</TabsTrigger>
          </TabsList>
          <TabsContent value="data">
            <Stack>
              <Applicant refund={refund} />
              <Transitions actor={actor} />
              <Claims refund={refund} />
              <Receipts refund={refund} />
              <BankData refund={refund} mayReveal={mayReveal} />
              <Requests refund={refund} />
              <Row justify="end">
                <Button as={Link} to={listPath} variant="secondary">
                  {text.back}
                </Button>
              </Row>
            </Stack>
          </TabsContent>
          <TabsContent value="history">
            <Card>
              <RecordHistory
                path={descriptor.path}
                record={id}
                labels={{
                  status: text.status,
                  claims: text.claims,
                  requests: text.requests,
                  rejection_reason: text.rejectionReason,
                }}
                actionLabels={text.transitions}
                formatValue={historyValueOf}
              />
            </Card>
          </TabsContent>
        </TabsRoot>
      ) : null}
    </Stack>
  );
}

/** A label and its value, as a definition list entry. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 180 }}>
      <dt style={{ fontWeight: 600, fontSize: '0.85em' }}>{label}</dt>
      <dd style={{ margin: 0 }}>{children || '—'}</dd>
    </div>
  );
}

const Items = ({ children }: { children: ReactNode }) => (
  <dl style={{ display: 'flex', flexWrap: 'wrap', gap: '12px 24px', margin: 0 }}>{children}</dl>
);

function Applicant({ refund }: { refund: ReviewedRefund }) {
  const labels = messages.resourceScreens.fields as Record<string, string>;
  return (
    <Card aria-labelledby="refund-applicant">
      <Subheading id="refund-applicant">{text.applicant}</Subheading>
      <Items>
        <Item label={text.status}>
          <strong data-testid="refund-status">{refundStatusLabel(refund.status)}</strong>
        </Item>
        <Item label={labels.name ?? 'Nombre'}>{`${refund.name} ${refund.surname}`}</Item>
        <Item label={labels.doc_number ?? 'Documento'}>{refund.doc_number}</Item>
        <Item label={labels.voucher ?? 'Voucher'}>{String(refund.voucher)}</Item>
        <Item label="Email">{refund.email}</Item>
        <Item label={text.bankFields.phone}>{refund.phone_contact}</Item>
        <Item label={text.countryResidence}>{countryName(refund.country_residence)}</Item>
        <Item label={text.createdAt}>{formatLocalDate(refund.created_at)}</Item>
        {refund.rejection_reason ? <Item label={text.rejectionReason}>{refund.rejection_reason}</Item> : null}
      </Items>
    </Card>
  );
}

type ReviewActor = ActorRefFrom<typeof refundReviewMachine>;

function Transitions({ actor }: { actor: ReviewActor }) {
  const snapshot = useSelector(actor, (state) => state);
  const { refund, transition, draft, fieldErrors, transitionError } = snapshot.context;
  const offered = REFUND_TRANSITION_NAMES.filter((name) => (refund?.allowed_actions ?? []).includes(name));
  const busy = snapshot.matches({ ready: 'submitting' });
  const editing = snapshot.matches({ ready: 'editing' }) || busy;
  const change = (field: DraftTextField) => (value: string) =>
    actor.send({ type: 'FIELD_CHANGED', field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMITTED' });
  };
  const errorOf = (key: string) => fieldErrors[key];
  return (
    <Card aria-labelledby="refund-transitions">
      <Subheading id="refund-transitions">{text.transitionsTitle}</Subheading>
      {!editing ? (
        offered.length ? (
          <Row>
            {offered.map((name) => (
              <Button
                key={name}
                variant={name === 'reject' ? 'danger' : 'secondary'}
                onClick={() => actor.send({ type: 'TRANSITION_ASKED', transition: name })}
              >
                {text.transitions[name]}
              </Button>
            ))}
          </Row>
        ) : (
          <Muted>{text.noTransitions}</Muted>
        )
      ) : transition ? (
        <form onSubmit={submit} noValidate aria-label={text.transitions[transition]}>
          <Stack>
            <strong>{text.confirmTransition(text.transitions[transition])}</strong>
            {transitionError ? (
              <Alert tone="danger" role="alert">
                {transitionError}
              </Alert>
            ) : null}
            <TransitionFields
              transition={transition}
              refund={refund}
              draft={draft}
              errorOf={errorOf}
              disabled={busy}
              change={change}
              onAmount={(claim, value) => actor.send({ type: 'AMOUNT_CHANGED', claim, value })}
              onBankField={(field) => actor.send({ type: 'BANK_FIELD_TOGGLED', field })}
            />
            {transition === 'request_documents' || transition === 'request_bank_data' ? (
              <Muted>{text.requestLinkLater}</Muted>
            ) : null}
            <Row justify="end">
              <Button
                type="button"
                variant="ghost"
                disabled={busy}
                onClick={() => actor.send({ type: 'CANCELLED' })}
              >
                {text.cancel}
              </Button>
              <Button type="submit" disabled={busy} variant={transition === 'reject' ? 'danger' : 'primary'}>
                {busy ? text.applying : text.confirm}
              </Button>
            </Row>
          </Stack>
        </form>
      ) : null}
    </Card>
  );
}

function TransitionFields({
  transition,
  refund,
  draft,
  errorOf,
  disabled,
  change,
  onAmount,
  onBankField,
}: {
  transition: RefundTransition;
  refund: ReviewedRefund | null;
  draft: TransitionDraft;
  errorOf: (key: string) => string[] | undefined;
  disabled: boolean;
  change: (field: DraftTextField) => (value: string) => void;
  onAmount: (claim: number, value: string) => void;
  onBankField: (field: string) => void;
}) {
  switch (transition) {
    case 'reject':
      return (
        <Field label={text.reasonLabel} error={errorOf('reason')}>
          {(aria) => (
            <TextArea
              {...aria}
              name="reason"
              value={draft.reason}
              maxLength={500}
              readOnly={disabled}
              onChange={(event) => change('reason')(event.target.value)}
            />
          )}
        </Field>
      );
    case 'approve':
      return (
        <Stack>
          {errorOf('amounts') ? (
            <Alert tone="danger" role="alert">
              {errorOf('amounts')?.join(' ')}
            </Alert>
          ) : null}
          {(refund?.claims ?? []).map((claim, index) => (
            <Field
              key={claim.id}
              label={`${text.approvedAmount} (${text.claim(index + 1)}: ${claim.coverage}, ${claim.currency} ${formatAmount(claim.amount)})`}
              error={errorOf(`amounts.${claim.id}`)}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name={`amount-${claim.id}`}
                  inputMode="decimal"
                  value={draft.amounts[String(claim.id)] ?? ''}
                  readOnly={disabled}
                  onChange={(event) => onAmount(claim.id, event.target.value)}
                />
              )}
            </Field>
          ))}
        </Stack>
      );
    case 'request_documents':
      return (
        <Stack>
          <Field label={text.documentsLabel} error={errorOf('documents')}>
            {(aria) => (
              <TextArea
                {...aria}
                name="documents"
                value={draft.documents}
                readOnly={disabled}
                onChange={(event) => change('documents')(event.target.value)}
              />
            )}
          </Field>
          <Field label={text.maxFilesLabel} error={errorOf('max_files')}>
            {(aria) => (
              <Input
                {...aria}
                name="max_files"
                inputMode="numeric"
                value={draft.max_files}
                readOnly={disabled}
                onChange={(event) => change('max_files')(event.target.value)}
              />
            )}
          </Field>
          <Observations draft={draft} errorOf={errorOf} disabled={disabled} change={change} />
        </Stack>
      );
    case 'request_bank_data':
      return (
        <Stack>
          <Field label={text.bankFieldsLabel} error={errorOf('fields')}>
            {() => (
              // biome-ignore lint/a11y/useSemanticElements: a fieldset would repeat the Field's own label
              <div role="group" aria-label={text.bankFieldsLabel} style={{ columns: 3 }}>
                {paymentTextFields.map((field) => (
                  <Checkbox
                    key={field}
                    label={text.bankFields[field] ?? field}
                    checked={draft.fields.includes(field)}
                    disabled={disabled}
                    onCheckedChange={() => onBankField(field)}
                  />
                ))}
              </div>
            )}
          </Field>
          <Observations draft={draft} errorOf={errorOf} disabled={disabled} change={change} />
        </Stack>
      );
    default:
      return null;
  }
}

function Observations({
  draft,
  errorOf,
  disabled,
  change,
}: {
  draft: { observations: string };
  errorOf: (key: string) => string[] | undefined;
  disabled: boolean;
  change: (field: DraftTextField) => (value: string) => void;
}) {
  return (
    <Field label={text.observationsLabel} error={errorOf('observations')}>
      {(aria) => (
        <TextArea
          {...aria}
          name="observations"
          value={draft.observations}
          maxLength={500}
          readOnly={disabled}
          onChange={(event) => change('observations')(event.target.value)}
        />
      )}
    </Field>
  );
}

/** Every file of the refund in viewing order: each claim's receipts, then the authorization files. */
function viewerFilesOf(refund: ReviewedRefund): (ViewerFile & { caption: string; kind: string })[] {
  const claimFiles = refund.claims.flatMap((claim, index) =>
    refund.files
      .filter((file) => file.kind === 'claim' && file.claim === claim.id)
      .map((file) => ({ ...file, caption: `${text.claim(index + 1)} · ${claim.coverage}` })),
  );
  // Documents the traveller sent through a request link (issue 17 'Links').
  const requested = refund.files
    .filter((file) => file.kind === 'pending_doc')
    .map((file) => ({ ...file, caption: messages.refundLinks.historyDocuments }));
  const authorization = refund.files
    .filter((file) => file.kind === 'authorization_letter' || file.kind === 'authorized_document')
    .map((file) => ({
      ...file,
      caption: file.kind === 'authorization_letter' ? text.authorizationLetter : text.authorizedDocument,
    }));
  return [...claimFiles, ...requested, ...authorization];
}

function Claims({ refund }: { refund: ReviewedRefund }) {
  return (
    <Card aria-labelledby="refund-claims">
      <Subheading id="refund-claims">{text.claims}</Subheading>
      <Stack>
        {refund.claims.map((claim, index) => (
          <section key={claim.id} aria-label={text.claim(index + 1)} data-testid="refund-claim">
            <strong>{text.claim(index + 1)}</strong>
            <Items>
              <Item label={text.coverage}>{claim.coverage}</Item>
              <Item label={text.sinisterCountry}>{countryName(claim.sinister_country)}</Item>
              <Item label={text.sinisterDate}>{formatDate(claim.sinister_date)}</Item>
              <Item label={text.currency}>{claim.currency}</Item>
              <Item label={text.amount}>{formatAmount(claim.amount)}</Item>
              <Item label={text.approvedAmount}>
                {claim.approved_amount ? `${claim.currency} ${formatAmount(claim.approved_amount)}` : ''}
              </Item>
              <Item label={text.receipts}>
                {String(
                  refund.files.filter((file) => file.kind === 'claim' && file.claim === claim.id).length,
                )}
              </Item>
            </Items>
            {claim.services.length ? (
              <TableWrapper>
                <Table aria-label={`${text.services} ${text.claim(index + 1)}`}>
                  <thead>
                    <tr>
                      <th scope="col">{text.services}</th>
                      <th scope="col">{text.amountPaid}</th>
                      <th scope="col">{text.amountRecovered}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {claim.services.map((service) => (
                      <tr key={service.service}>
                        <td>{service.name || service.service}</td>
                        <td>{formatAmount(service.amount_paid)}</td>
                        <td>{formatAmount(service.amount_recovered)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableWrapper>
            ) : null}
          </section>
        ))}
        {refund.client_comment ? (
          <Items>
            <Item label={text.comment}>{refund.client_comment}</Item>
          </Items>
        ) : null}
      </Stack>
    </Card>
  );
}

type DownloadActor = ActorRefFrom<typeof receiptDownloadMachine>;

function Receipts({ refund }: { refund: ReviewedRefund }) {
  const files = viewerFilesOf(refund);
  const authorization = files.filter(
    (file) => file.kind === 'authorization_letter' || file.kind === 'authorized_document',
  );
  const logic = useMemo(() => receiptDownloadMachine.provide({ actors: receiptDownloadActors }), []);
  const download = useActorRef(logic);
  return (
    <>
      <Card aria-labelledby="refund-receipts">
        <Row justify="between">
          <Subheading id="refund-receipts">{text.receipts}</Subheading>
          {files.length ? (
            <DownloadAll
              actor={download}
              ids={files.map((file) => file.id)}
              fileName={files.length === 1 ? files[0].name : text.downloadFileName(refund.id)}
            />
          ) : null}
        </Row>
        <DownloadStatus actor={download} />
        {files.length ? (
          <ReceiptViewer key={files.map((file) => file.id).join()} files={files} download={download} />
        ) : (
          <Muted>{text.noReceipts}</Muted>
        )}
      </Card>
      <Card aria-labelledby="refund-authorization">
        <Subheading id="refund-authorization">{text.authorization}</Subheading>
        {authorization.length ? (
          <ul>
            {authorization.map((file) => (
              <li key={file.id}>
                {file.caption}: {file.name}
              </li>
            ))}
          </ul>
        ) : (
          <Muted>{text.noAuthorization}</Muted>
        )}
      </Card>
    </>
  );
}

/** 'Descargar todo': every file of the refund as one zip (POST /refund_download_file/). */
function DownloadAll({ actor, ids, fileName }: { actor: DownloadActor; ids: string[]; fileName: string }) {
  const busy = useSelector(actor, (state) => state.matches('downloading'));
  const mine = useSelector(actor, (state) => state.context.request?.fileName === fileName);
  return (
    <Button
      variant="secondary"
      size="small"
      disabled={busy}
      title={text.downloadAllHint(ids.length)}
      onClick={() => actor.send({ type: 'DOWNLOAD', ids, fileName })}
    >
      {busy && mine ? text.downloading : text.downloadAll}
    </Button>
  );
}

/** What the last download did: saved (a notice), or why it failed with 'Reintentar'. */
function DownloadStatus({ actor }: { actor: DownloadActor }) {
  const snapshot = useSelector(actor, (state) => state);
  const { saved, error, retryable } = snapshot.context;
  if (snapshot.matches('downloading')) return <Spinner label={text.downloading} />;
  if (snapshot.matches('failed'))
    return (
      <Alert tone="danger" role="alert">
        <Row justify="between">
          <span>{error}</span>
          <Row>
            {retryable ? (
              <Button size="small" variant="secondary" onClick={() => actor.send({ type: 'RETRY' })}>
                {messages.resourceScreens.retry}
              </Button>
            ) : null}
            <Button size="small" variant="ghost" onClick={() => actor.send({ type: 'DISMISS' })}>
              {text.dismiss}
            </Button>
          </Row>
        </Row>
      </Alert>
    );
  return saved ? (
    <Row justify="between">
      <Muted role="status">{text.downloaded(saved)}</Muted>
      <Button size="small" variant="ghost" onClick={() => actor.send({ type: 'DISMISS' })}>
        {text.dismiss}
      </Button>
    </Row>
  ) : null;
}

function ReceiptViewer({
  files,
  download,
}: {
  files: (ViewerFile & { caption: string })[];
  download: DownloadActor;
}) {
  const downloading = useSelector(download, (state) => state.matches('downloading'));
  const logic = useMemo(
    () =>
      receiptViewerMachine.provide({
        actors: receiptViewerActors,
        actions: { releaseFile: (_, { url }) => (url ? URL.revokeObjectURL(url) : undefined) },
      }),
    [],
  );
  const actor = useActorRef(logic, { input: { files } });
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
        <div style={{ overflow: 'auto', maxHeight: 640, border: '1px solid #ddd', borderRadius: 4 }}>
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
        </div>
      ) : null}
    </Stack>
  );
}

function BankData({ refund, mayReveal }: { refund: ReviewedRefund; mayReveal: boolean }) {
  const logic = useMemo(() => bankRevealMachine.provide({ actors: bankRevealActors }), []);
  const actor = useActorRef(logic, { input: { id: refund.id } });
  const snapshot = useSelector(actor, (state) => state);
  const { data, error } = snapshot.context;
  const shown = data ?? refund.payment;
  return (
    <Card aria-labelledby="refund-bank">
      <Subheading id="refund-bank">{text.bankData}</Subheading>
      {shown ? (
        <Stack>
          <Items>
            {shown.fields.map(({ field, value }) => (
              <Item key={field} label={text.bankFields[field] ?? field}>
                <span data-testid={`bank-${field}`}>{value}</span>
              </Item>
            ))}
          </Items>
          {error ? (
            <Alert tone="danger" role="alert">
              {error}
            </Alert>
          ) : null}
          {mayReveal ? (
            <Row>
              {snapshot.matches('revealed') ? (
                <Button variant="secondary" size="small" onClick={() => actor.send({ type: 'HIDE' })}>
                  {text.hide}
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  size="small"
                  disabled={snapshot.matches('revealing')}
                  onClick={() => actor.send({ type: 'REVEAL' })}
                >
                  {snapshot.matches('revealing') ? text.revealing : text.reveal}
                </Button>
              )}
              <Muted>{text.revealNote}</Muted>
            </Row>
          ) : null}
        </Stack>
      ) : (
        <Muted>{text.noBankData}</Muted>
      )}
    </Card>
  );
}

function Requests({ refund }: { refund: ReviewedRefund }) {
  if (!refund.requests.length) return null;
  return (
    <Card aria-labelledby="refund-requests">
      <Subheading id="refund-requests">{text.requests}</Subheading>
      <ul>
        {refund.requests.map((request) => (
          <li key={request.id}>
            <strong>{request.kind === 'documents' ? text.requestDocuments : text.requestBankData}</strong> (
            {formatLocalDate(request.created_at)}):{' '}
            {request.items
              .map((item) => (request.kind === 'bank_data' ? (text.bankFields[item] ?? item) : item))
              .join(', ')}
            {request.max_files ? ` — ${text.requestMaxFiles}: ${request.max_files}` : ''}
            {request.observations ? ` — ${text.requestObservations}: ${request.observations}` : ''}
          </li>
        ))}
      </ul>
    </Card>
  );
}
