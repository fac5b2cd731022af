/**
 * /terms/<voucher>/<MAC> (issue 28 §4): the page the terms mail links to. The conditions of the voucher's
 * product (product, supplier, rate, validity, coverages with their limits) and 'Acepto'; once
 * accepted, the page says when, also on a later visit; a lapsed link says so (issue 39). Renders
 * the termsAcceptance machine only.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import type { Translator } from '../../../contracts/i18n/core';
import { type TermsCoverage, termsDataOfPage } from '../../../contracts/terms';
import { useTranslator } from '../../refund/language';
import { Alert, Button, Card, Heading, Muted, Row, Spinner, Stack, Subheading } from '../../ui/primitives';
import { Table, TableWrapper } from '../../ui/table';
import { termsAcceptanceLogic } from './wiring';

/** Issue 42: an instant as the locale writes the date, with the local time ('11/26/2026 09:00' in en). */
function dateTimeIn(tr: Translator, value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${tr.instant(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An exact decimal limit as 'USD 50.000,00'. */
const limitOf = (tr: Translator, coverage: TermsCoverage): string =>
  coverage.limit === null ? tr.t('terms.noLimit') : tr.money(coverage.limit, coverage.currency);

export default function TermsView() {
  const data = termsDataOfPage(useParams()['*'] ?? '');
  const actor = useActorRef(termsAcceptanceLogic, { input: { data } });
  const snapshot = useSelector(actor, (state) => state);
  const { terms, acceptedAt, error } = snapshot.context;
  const tr = useTranslator();
  const { t, fromSpanish } = tr;

  if (snapshot.matches('loading')) return <Spinner label={t('common.loading')} />;
  // Issue 39: the link's expiry has passed; the agency mails a new one.
  if (snapshot.matches('lapsed'))
    return (
      <Card css={{ maxWidth: 640, margin: '0 auto', textAlign: 'center' }} data-testid="terms-lapsed">
        <Stack>
          <Heading>{t('terms.lapsedTitle')}</Heading>
          <Alert tone="warning" role="alert">
            {error ? fromSpanish(error) : t('terms.linkLapsed')}
          </Alert>
        </Stack>
      </Card>
    );
  if (snapshot.matches('accessError') || !terms)
    return (
      <Card css={{ maxWidth: 640, margin: '0 auto', textAlign: 'center' }} data-testid="terms-access-error">
        <Stack>
          <Heading>{t('terms.accessErrorTitle')}</Heading>
          <Alert tone="danger" role="alert">
            {error ? fromSpanish(error) : t('common.genericRetry')}
          </Alert>
        </Stack>
      </Card>
    );

  const accepting = snapshot.matches('accepting');
  return (
    <Stack>
      <Heading>{t('terms.title')}</Heading>
      <Card>
        <Stack>
          <p>{t('terms.intro', { voucher: String(terms.voucher_id), product: terms.product })}</p>
          <dl>
            {terms.supplier ? (
              <div>
                <dt>{t('terms.supplier')}</dt>
                <dd>{terms.supplier}</dd>
              </div>
            ) : null}
            {terms.rate ? (
              <div>
                <dt>{t('terms.rate')}</dt>
                <dd>{terms.rate}</dd>
              </div>
            ) : null}
          </dl>
          <Muted>{t('terms.validity', { from: tr.date(terms.date_in), to: tr.date(terms.date_out) })}</Muted>
          <Subheading>{t('terms.coveragesTitle')}</Subheading>
          {terms.coverages.length ? (
            <TableWrapper>
              <Table aria-label={t('terms.coveragesTitle')}>
                <thead>
                  <tr>
                    <th scope="col">{t('terms.coverage')}</th>
                    <th scope="col">{t('terms.description')}</th>
                    <th scope="col">{t('terms.limit')}</th>
                  </tr>
                </thead>
                <tbody>
                  {terms.coverages.map((coverage) => (
                    <tr key={coverage.name}>
                      <td>{coverage.name}</td>
                      <td>{coverage.description}</td>
                      <td>{limitOf(tr, coverage)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableWrapper>
          ) : (
            <Muted>{t('terms.noCoverages')}</Muted>
          )}
        </Stack>
      </Card>
      {snapshot.matches('accepted') && acceptedAt ? (
        <Card css={{ textAlign: 'center' }} data-testid="terms-accepted" role="status">
          <Subheading>{t('terms.acceptedTitle')}</Subheading>
          <p>{t('terms.acceptedAt', { when: dateTimeIn(tr, acceptedAt) })}</p>
        </Card>
      ) : (
        <Card>
          <Stack>
            {error ? (
              <Alert tone="danger" role="alert">
                {fromSpanish(error)}
              </Alert>
            ) : null}
            <Muted>{t('terms.acceptHint')}</Muted>
            <Row css={{ justifyContent: 'flex-end' }}>
              {accepting ? <Spinner label={t('terms.accepting')} /> : null}
              <Button type="button" disabled={accepting} onClick={() => actor.send({ type: 'ACCEPT' })}>
                {t('terms.accept')}
              </Button>
            </Row>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
