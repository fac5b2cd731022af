/**
 * /terms/<voucher>/<MAC> (issue 28 §4): the page the terms mail links to. The conditions of the voucher's
 * product (product, supplier, rate, validity, coverages with their limits) and 'Acepto'; once
 * accepted, the page says when, also on a later visit; a lapsed link says so (issue 39). Renders
 * the termsAcceptance machine only.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { formatDate, formatLocalDateTime, formatMoney } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import { type TermsCoverage, termsDataOfPage } from '../../../contracts/terms';
import { Alert, Button, Card, Heading, Muted, Row, Spinner, Stack, Subheading } from '../../ui/primitives';
import { Table, TableWrapper } from '../../ui/table';
import { termsAcceptanceLogic } from './wiring';

const text = messages.terms;

/** An exact decimal limit as 'USD 50.000,00'. */
const limitOf = (coverage: TermsCoverage): string =>
  coverage.limit === null ? text.noLimit : formatMoney(coverage.limit, coverage.currency);

export default function TermsView() {
  const data = termsDataOfPage(useParams()['*'] ?? '');
  const actor = useActorRef(termsAcceptanceLogic, { input: { data } });
  const snapshot = useSelector(actor, (state) => state);
  const { terms, acceptedAt, error } = snapshot.context;

  if (snapshot.matches('loading')) return <Spinner label={messages.common.loading} />;
  // Issue 39: the link's expiry has passed; the agency mails a new one.
  if (snapshot.matches('lapsed'))
    return (
      <Card css={{ maxWidth: 640, margin: '0 auto', textAlign: 'center' }} data-testid="terms-lapsed">
        <Stack>
          <Heading>{text.lapsedTitle}</Heading>
          <Alert tone="warning" role="alert">
            {error ?? text.linkLapsed}
          </Alert>
        </Stack>
      </Card>
    );
  if (snapshot.matches('accessError') || !terms)
    return (
      <Card css={{ maxWidth: 640, margin: '0 auto', textAlign: 'center' }} data-testid="terms-access-error">
        <Stack>
          <Heading>{text.accessErrorTitle}</Heading>
          <Alert tone="danger" role="alert">
            {error ?? messages.common.genericRetry}
          </Alert>
        </Stack>
      </Card>
    );

  const accepting = snapshot.matches('accepting');
  return (
    <Stack>
      <Heading>{text.title}</Heading>
      <Card>
        <Stack>
          <p>{text.intro(terms.voucher_id, terms.product)}</p>
          <dl>
            {terms.supplier ? (
              <div>
                <dt>{text.supplier}</dt>
                <dd>{terms.supplier}</dd>
              </div>
            ) : null}
            {terms.rate ? (
              <div>
                <dt>{text.rate}</dt>
                <dd>{terms.rate}</dd>
              </div>
            ) : null}
          </dl>
          <Muted>{text.validity(formatDate(terms.date_in), formatDate(terms.date_out))}</Muted>
          <Subheading>{text.coveragesTitle}</Subheading>
          {terms.coverages.length ? (
            <TableWrapper>
              <Table aria-label={text.coveragesTitle}>
                <thead>
                  <tr>
                    <th scope="col">{text.coverage}</th>
                    <th scope="col">{text.description}</th>
                    <th scope="col">{text.limit}</th>
                  </tr>
                </thead>
                <tbody>
                  {terms.coverages.map((coverage) => (
                    <tr key={coverage.name}>
                      <td>{coverage.name}</td>
                      <td>{coverage.description}</td>
                      <td>{limitOf(coverage)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableWrapper>
          ) : (
            <Muted>{text.noCoverages}</Muted>
          )}
        </Stack>
      </Card>
      {snapshot.matches('accepted') && acceptedAt ? (
        <Card css={{ textAlign: 'center' }} data-testid="terms-accepted" role="status">
          <Subheading>{text.acceptedTitle}</Subheading>
          <p>{text.acceptedAt(formatLocalDateTime(acceptedAt))}</p>
        </Card>
      ) : (
        <Card>
          <Stack>
            {error ? (
              <Alert tone="danger" role="alert">
                {error}
              </Alert>
            ) : null}
            <Muted>{text.acceptHint}</Muted>
            <Row css={{ justifyContent: 'flex-end' }}>
              {accepting ? <Spinner label={text.accepting} /> : null}
              <Button type="button" disabled={accepting} onClick={() => actor.send({ type: 'ACCEPT' })}>
                {text.accept}
              </Button>
            </Row>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
