/**
 * The offices view of one product of a promotion (issue 14; SPEC §2 'Promotions wizard': 'The
 * offices view takes idPromotionProductOffices and a view parameter (show or edit) and lists
 * assigned offices. Office table page sizes 2, 4 or 8 (default 2)'):
 * /dashboard/promociones/{id}/oficinas?idPromotionProductOffices={pp}&view=show|edit.
 * `view=show` lists the product's offices, paged (the promotionOffices machine); `view=edit` is the
 * wizard's single step that edits them (producto/create?pp={pp}&step=1), for whoever may edit.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { officesPage } from '../../../../machines/promotionOffices';
import { OFFICE_PAGE_SIZES } from '../../../../machines/promotionWizard';
import { messages } from '../../../contracts/messages';
import { withRecording } from '../../qa/useRecordedMachine';
import { Alert, Button, Card, Heading, Muted, Row, SelectField, Spinner, Stack } from '../../ui/primitives';
import { Table, TableWrapper } from '../../ui/table';
import { LoadFailed } from './LoadFailed';
import { promotionOfficesLogic } from './wiring';

const text = messages.promotions;
const detail = text.detail;
const wizard = text.wizard;

export const promotionOfficesPath = (promotionId: number, pp: number, view: 'show' | 'edit') =>
  `/dashboard/promociones/${promotionId}/oficinas?idPromotionProductOffices=${pp}&view=${view}`;

const idOf = (value: string | null) => (value && /^\d{1,10}$/.test(value) ? Number(value) : 0);

export function PromotionOfficesView({ canEdit }: { canEdit: boolean }) {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const promotionId = idOf(id);
  const pp = idOf(searchParams.get('idPromotionProductOffices'));
  if (canEdit && searchParams.get('view') === 'edit' && promotionId && pp)
    return <Navigate replace to={`/dashboard/promociones/${promotionId}/producto/create?pp=${pp}&step=1`} />;
  return (
    <PromotionOffices key={`${promotionId}-${pp}`} promotionId={promotionId} pp={pp} canEdit={canEdit} />
  );
}

function PromotionOffices({
  promotionId,
  pp,
  canEdit,
}: {
  promotionId: number;
  pp: number;
  canEdit: boolean;
}) {
  const actor = useActorRef(promotionOfficesLogic, withRecording({ input: { promotionId, pp } }));
  const snapshot = useSelector(actor, (state) => state);
  const { context } = snapshot;
  const back = (
    <Button as={Link} to={`/dashboard/promociones/show/${promotionId}`} variant="secondary">
      {detail.backToPromotion}
    </Button>
  );

  if (snapshot.matches('loading')) return <Spinner label={messages.common.loading} />;
  if (snapshot.matches('loadFailed'))
    return <LoadFailed error={context.error} onRetry={() => actor.send({ type: 'RETRY' })} back={back} />;
  if (snapshot.matches('missing') || !context.entry)
    return (
      <Stack>
        <Alert tone="warning" role="alert">
          {text.promotionProductNotFound}
        </Alert>
        <Row>{back}</Row>
      </Stack>
    );

  const entry = context.entry;
  const title = detail.officesTitle(entry.product_name);
  const pages = Math.max(1, Math.ceil(entry.offices.length / context.limit));
  const page = Math.floor(context.offset / context.limit) + 1;
  return (
    <Card>
      <Stack>
        <Heading>{title}</Heading>
        <Muted>{context.promotion?.long_name}</Muted>
        <Row>
          {back}
          {canEdit ? (
            <Button as={Link} to={promotionOfficesPath(promotionId, pp, 'edit')}>
              {detail.editOffices}
            </Button>
          ) : null}
        </Row>
        {entry.offices.length === 0 ? (
          <Muted>{detail.noOffices}</Muted>
        ) : (
          <>
            <Row>
              <SelectField
                label={wizard.pageSize}
                value={String(context.limit)}
                // No empty first option: it repeated the current size and chose nothing (issue 29 walk).
                placeholder={null}
                options={OFFICE_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
                onValueChange={(value) => actor.send({ type: 'PAGE_SIZE', limit: Number(value) })}
              />
            </Row>
            <TableWrapper>
              <Table aria-label={title}>
                <thead>
                  <tr>
                    <th scope="col">{wizard.officeColumns.name}</th>
                  </tr>
                </thead>
                <tbody>
                  {officesPage(context).map((office) => (
                    <tr key={office.id}>
                      <td>{office.office_name}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableWrapper>
            <Row>
              <Button
                type="button"
                variant="secondary"
                disabled={page <= 1}
                onClick={() => actor.send({ type: 'PAGE', offset: context.offset - context.limit })}
              >
                {wizard.previous}
              </Button>
              <span aria-live="polite">{wizard.page(page, pages)}</span>
              <Button
                type="button"
                variant="secondary"
                disabled={page >= pages}
                onClick={() => actor.send({ type: 'PAGE', offset: context.offset + context.limit })}
              >
                {wizard.nextPage}
              </Button>
            </Row>
          </>
        )}
      </Stack>
    </Card>
  );
}
