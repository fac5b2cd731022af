/**
 * Extra tabs of a module's show view, by the key its descriptor names (`showTabs`), so the
 * descriptor stays data. Facturación: 'Detalle de pago' (issue 16; SPEC §7 GET /payment_detail/),
 * rendering the paymentDetail machine.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { formatDate, formatMoney } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import type { ShowTabKey } from '../../resources/descriptor';
import { Alert, Button, Row, Spinner } from '../../ui/primitives';
import { Table, TableWrapper } from '../../ui/table';
import { paymentDetailLogic } from './wiring';

const text = messages.invoicing.payments;

export function showTabLabel(tab: ShowTabKey): string {
  switch (tab) {
    case 'paymentDetail':
      return text.title;
  }
}

function PaymentDetail({ record }: { record: number }) {
  const logic = useMemo(() => paymentDetailLogic(record), [record]);
  const actor = useActorRef(logic);
  const snapshot = useSelector(actor, (state) => state);
  if (snapshot.matches('loading')) return <Spinner label={text.loading} />;
  if (snapshot.matches('failed'))
    return (
      <Alert tone="danger" role="alert">
        <Row justify="between">
          <span>{snapshot.context.error}</span>
          <Button variant="secondary" size="small" onClick={() => actor.send({ type: 'RETRY' })}>
            {messages.resourceScreens.retry}
          </Button>
        </Row>
      </Alert>
    );
  if (snapshot.matches('empty')) return <Alert tone="info">{text.empty}</Alert>;
  return (
    <TableWrapper>
      <Table aria-label={text.title}>
        <thead>
          <tr>
            <th scope="col">{text.fields.paid_at}</th>
            <th scope="col">{text.fields.method}</th>
            <th scope="col">{text.fields.amount}</th>
            <th scope="col">{text.fields.instalments}</th>
            <th scope="col">{text.fields.reference}</th>
          </tr>
        </thead>
        <tbody>
          {snapshot.context.payments.map((payment) => (
            <tr key={payment.id}>
              <td>{formatDate(payment.paid_at)}</td>
              <td>{text.methods[payment.method]}</td>
              <td>{formatMoney(payment.amount, payment.currency)}</td>
              <td>{payment.instalments}</td>
              <td>{payment.reference}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrapper>
  );
}

export function ShowTab({ tab, record }: { tab: ShowTabKey; record: number }) {
  switch (tab) {
    case 'paymentDetail':
      return <PaymentDetail record={record} />;
  }
}
