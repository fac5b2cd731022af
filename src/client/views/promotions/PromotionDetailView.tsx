/**
 * Mostrar a promotion (issue 14; SPEC §2 show at promociones/show/{id}; §7 GET /promotion/{id}/,
 * DELETE /promotion_product/{id}/; §8 a delete answer with detail or status >= 300 is an error):
 * its data, its products each with its count of offices, and the actions 'Agregar producto' (the
 * wizard), 'Ver oficinas' and 'Editar oficinas' (the offices view, idPromotionProductOffices with
 * view show or edit; edit is the wizard's single step) and 'Quitar' after a confirmation. The 'Historial' tab beside 'Datos' lists the promotion's history.
 * 'Exportar vouchers' and 'Exportar oficinas' (§7 CHECK_EXPORT_VOUCHERS / CHECK_EXPORT_OFFICES)
 * start the promotion's exports on the bell's exportNotifications actor, offered to whoever holds
 * voucher/view or office/view (promotion/view is why this page opens at all).
 * The flow (load, retry, confirm, remove, reload) is the promotionDetail machine;
 * this view renders its state and sends its events.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useParams } from 'react-router-dom';
import { formatDate } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import { can } from '../../../contracts/permissions';
import { withRecording } from '../../qa/useRecordedMachine';
import { ConfirmDialog } from '../../ui/dialog';
import { Alert, Button, Card, Heading, Muted, Row, Spinner, Stack, Subheading } from '../../ui/primitives';
import { Table, TableWrapper } from '../../ui/table';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../ui/tabs';
import { useGrants } from '../resources/access';
import { type ExportRequestSpec, ExportRequests } from '../resources/ExportButton';
import { RecordHistory } from '../resources/RecordHistory';
import { promotionOfficesPath } from './PromotionOfficesView';
import { promotionDetailLogic } from './wiring';

const text = messages.promotions;
const detail = text.detail;

export function PromotionDetailView({ canEdit }: { canEdit: boolean }) {
  const { id = '' } = useParams();
  // Another promotion's address starts a new machine.
  return <PromotionDetail key={id} promotionId={/^\d{1,10}$/.test(id) ? Number(id) : 0} canEdit={canEdit} />;
}

function PromotionDetail({ promotionId, canEdit }: { promotionId: number; canEdit: boolean }) {
  const actor = useActorRef(promotionDetailLogic, withRecording({ input: { promotionId } }));
  const snapshot = useSelector(actor, (state) => state);
  const { promotion, error, notice, removing, removeError } = snapshot.context;
  const grants = useGrants();

  if (snapshot.matches('loadFailed') || (!promotion && error))
    return (
      <Stack>
        <Alert tone="danger" role="alert">
          {error}
        </Alert>
        <Row>
          <Button type="button" onClick={() => actor.send({ type: 'RETRY' })}>
            {text.wizard.retry}
          </Button>
          <Button as={Link} to="/dashboard/promociones" variant="secondary">
            {detail.back}
          </Button>
        </Row>
      </Stack>
    );
  if (!promotion) return <Spinner label={messages.common.loading} />;

  const products = promotion.products ?? [];
  const wizardPath = `/dashboard/promociones/${promotion.id}/producto/create`;
  const officesPath = (pp: number, view: 'show' | 'edit') => promotionOfficesPath(promotion.id, pp, view);
  const saleFull = promotion.promotion_type === 'venta' && products.length >= 1;
  const exportQuery = { promotion: String(promotion.id) };
  const exports: ExportRequestSpec[] = [
    ...(can(grants, 'voucher', 'view')
      ? [{ kind: 'promotion_vouchers' as const, query: exportQuery, label: detail.exportVouchers }]
      : []),
    ...(can(grants, 'office', 'view')
      ? [{ kind: 'promotion_offices' as const, query: exportQuery, label: detail.exportOffices }]
      : []),
  ];
  const data: [string, string][] = [
    [text.fields.short_name, promotion.short_name],
    [text.fields.long_name, promotion.long_name],
    [text.fields.description, promotion.description],
    [text.fields.reservation_date_from, formatDate(promotion.reservation_date_from)],
    [text.fields.reservation_date_to, formatDate(promotion.reservation_date_to)],
    [text.fields.travel_date_from, formatDate(promotion.travel_date_from)],
    [text.fields.travel_date_to, formatDate(promotion.travel_date_to)],
    [text.fields.total_days, String(promotion.total_days)],
    [text.fields.promotion_type, text.types[promotion.promotion_type]],
  ];

  return (
    <Card>
      <Stack>
        <Heading>{detail.title(promotion.long_name)}</Heading>
        <Row>
          <Button as={Link} to="/dashboard/promociones" variant="secondary">
            {detail.back}
          </Button>
          {canEdit ? (
            <Button as={Link} to={`/dashboard/promociones/${promotion.id}/edit`} variant="secondary">
              {detail.edit}
            </Button>
          ) : null}
        </Row>
        <ExportRequests requests={exports} />
        {notice ? (
          <Alert tone="success" role="status">
            {notice}
          </Alert>
        ) : null}
        {error ? (
          <Alert tone="danger" role="alert">
            {error}
          </Alert>
        ) : null}
        <TabsRoot defaultValue="data">
          <TabsList aria-label={promotion.long_name}>
            <TabsTrigger value="data">{messages.history.tabData}</TabsTrigger>
            <TabsTrigger value="history">{messages.history.tabHistory}</TabsTrigger>
          </TabsList>
          <TabsContent value="data">
            <Stack>
              <Subheading>{detail.data}</Subheading>
              <dl
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'max-content 1fr',
                  gap: '4px 16px',
                  margin: 0,
                }}
              >
                {data.map(([label, value]) => (
                  <div key={label} style={{ display: 'contents' }}>
                    <dt style={{ fontWeight: 600 }}>{label}</dt>
                    <dd style={{ margin: 0 }}>{value}</dd>
                  </div>
                ))}
              </dl>
              <Row justify="between">
                <Subheading>{detail.products}</Subheading>
                {canEdit ? (
                  <Button as={Link} to={wizardPath}>
                    {detail.addProduct}
                  </Button>
                ) : null}
              </Row>
              {saleFull ? <Muted>{detail.saleFull}</Muted> : null}
              {products.length === 0 ? (
                <Muted>{detail.noProducts}</Muted>
              ) : (
                <TableWrapper>
                  <Table aria-label={detail.products}>
                    <thead>
                      <tr>
                        <th scope="col">{text.wizard.product}</th>
                        <th scope="col">{text.wizard.officeColumns.name}</th>
                        <th scope="col">
                          <span className="visually-hidden">{messages.resourceScreens.actions}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {products.map((entry) => {
                        return (
                          <tr key={entry.id} data-testid={`promotion-product-${entry.product}`}>
                            <td>{entry.product_name}</td>
                            <td>{detail.offices(entry.offices.length)}</td>
                            <td>
                              <Row>
                                <Button as={Link} variant="ghost" to={officesPath(entry.id, 'show')}>
                                  {detail.viewOffices}
                                </Button>
                                {canEdit ? (
                                  <>
                                    <Button as={Link} variant="secondary" to={officesPath(entry.id, 'edit')}>
                                      {detail.editOffices}
                                    </Button>
                                    <Button
                                      type="button"
                                      variant="danger"
                                      onClick={() => actor.send({ type: 'ASK_REMOVE', id: entry.id })}
                                    >
                                      {detail.remove}
                                    </Button>
                                  </>
                                ) : null}
                              </Row>
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </Table>
                </TableWrapper>
              )}
            </Stack>
          </TabsContent>
          <TabsContent value="history">
            <RecordHistory
              path="/promotion/"
              record={promotion.id}
              labels={text.fields}
              actionLabels={{
                add_product_offices: detail.addProduct,
                edit_product_offices: detail.editOffices,
              }}
            />
          </TabsContent>
        </TabsRoot>
      </Stack>
      <ConfirmDialog
        open={snapshot.matches({ ready: 'confirming' }) || snapshot.matches({ ready: 'removing' })}
        title={detail.remove}
        text={removing ? detail.confirmRemove(removing.product_name) : ''}
        confirmLabel={detail.confirm}
        busy={snapshot.matches({ ready: 'removing' })}
        error={removeError}
        onConfirm={() => actor.send({ type: 'CONFIRM' })}
        onCancel={() => actor.send({ type: 'CANCEL' })}
      />
    </Card>
  );
}
