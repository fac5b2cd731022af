/**
 * The promotion wizard's screen (issue 14; SPEC §2 'Promotions wizard': /dashboard/promociones/
 * {id}/producto/create with query pp, p, o, step; buttons Volver, Siguiente, Finalizar and
 * 'Aplicar y asignar nuevo producto'; counter 'N de 2'; office table page sizes 2, 4, 8). It only
 * renders the promotionWizard machine (machines/promotionWizard.ts) inside the shared WizardFrame
 * and writes the address the machine announces, so a reload or a shared link lands on the same
 * step with the same choices.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  OFFICE_PAGE_SIZES,
  OFFICE_SEARCH_MODES,
  type OfficeSearchMode,
  visibleProducts,
} from '../../../../machines/promotionWizard';
import { stepCounter } from '../../../../machines/support/wizardSteps';
import { messages } from '../../../contracts/messages';
import { parseWizardQuery, wizardQueryString } from '../../../contracts/promotions';
import { withRecording } from '../../qa/useRecordedMachine';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Heading,
  Muted,
  Row,
  SelectField,
  Spinner,
  Stack,
  TextField,
} from '../../ui/primitives';
import { Table, TableWrapper } from '../../ui/table';
import { WizardFrame } from '../resources/WizardFrame';
import { LoadFailed } from './LoadFailed';
import { promotionWizardLogic } from './wiring';

const text = messages.promotions;
const wizard = text.wizard;

function ErrorList({ errors }: { errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <Alert tone="danger" role="alert">
      {errors.join(' ')}
    </Alert>
  );
}

export function PromotionWizardView() {
  const { id = '' } = useParams();
  const promotionId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const [opened] = useState(() => parseWizardQuery(searchParams));
  const showPath = `/dashboard/promociones/show/${promotionId}`;

  const actor = useActorRef(
    promotionWizardLogic({
      queryChanged: (address) => setSearchParams(wizardQueryString(address), { replace: true }),
      finished: () => navigate(showPath),
    }),
    withRecording({
      input: { promotionId, pp: opened.pp, products: opened.p, offices: opened.o, step: opened.step },
    }),
  );
  const snapshot = useSelector(actor, (state) => state);
  const { context } = snapshot;
  const [productSearch, setProductSearch] = useState('');
  const [mode, setMode] = useState<OfficeSearchMode>('name');
  const [officeText, setOfficeText] = useState('');

  if (snapshot.matches('loading')) return <Spinner label={messages.common.loading} />;
  if (snapshot.matches('loadFailed'))
    return (
      <LoadFailed
        error={context.error}
        onRetry={() => actor.send({ type: 'RETRY' })}
        back={
          <Button as={Link} to={showPath} variant="secondary">
            {text.detail.back}
          </Button>
        }
      />
    );

  const editing = context.pp !== null;
  const edited = context.assigned.find((entry) => entry.id === context.pp);
  const nameOf = (productId: number) =>
    context.productOptions.find((option) => option.id === productId)?.name ?? String(productId);
  const saving = snapshot.matches('saving');
  const onProducts = snapshot.matches('productStep');
  const pages = Math.max(1, Math.ceil(context.officeCount / context.officeQuery.limit));
  const page = Math.floor(context.officeQuery.offset / context.officeQuery.limit) + 1;
  const officesBusy =
    snapshot.matches({ officeStep: 'loadingOffices' }) || snapshot.matches({ officeStep: 'selectingAll' });

  const submitOfficeSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'OFFICE_SEARCH', mode, text: officeText });
  };

  const productBody = (
    <Stack>
      <Muted>{context.promotion?.promotion_type === 'venta' ? wizard.saleHint : wizard.providerHint}</Muted>
      {context.notice ? (
        <Alert tone="success" role="status">
          {context.notice}
        </Alert>
      ) : null}
      <TextField
        label={wizard.productSearch}
        placeholder={wizard.productPlaceholder}
        value={productSearch}
        onValueChange={(value) => {
          setProductSearch(value);
          actor.send({ type: 'PRODUCT_SEARCH', text: value });
        }}
      />
      {visibleProducts(context).length === 0 ? (
        <Muted>{wizard.noProductMatches}</Muted>
      ) : (
        <ul aria-label={wizard.product} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {visibleProducts(context)
            .slice(0, 10)
            .map((option) => (
              <li key={option.id} style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 4 }}>
                <span style={{ flex: 1 }}>{option.name}</span>
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={`${wizard.add} ${option.name}`}
                  onClick={() => {
                    setProductSearch('');
                    actor.send({ type: 'ADD_PRODUCT', id: option.id });
                  }}
                >
                  {wizard.add}
                </Button>
              </li>
            ))}
        </ul>
      )}
      <ErrorList errors={context.fieldErrors.products} />
      <div>
        <strong>{wizard.chosenProducts}</strong>
        {context.values.products.length === 0 ? (
          <Muted>—</Muted>
        ) : (
          <ul aria-label={wizard.chosenProducts}>
            {context.values.products.map((productId) => (
              <li key={productId}>
                {nameOf(productId)}{' '}
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => actor.send({ type: 'REMOVE_PRODUCT', id: productId })}
                >
                  {wizard.removeChosen(nameOf(productId))}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Stack>
  );

  const officeBody = (
    <Stack>
      {context.values.products.length ? (
        <Muted>
          {wizard.chosenProducts}: {context.values.products.map(nameOf).join(', ')}
        </Muted>
      ) : null}
      {context.promotion?.promotion_type === 'proveedor' ? <Muted>{wizard.providerHint}</Muted> : null}
      <form onSubmit={submitOfficeSearch} aria-label={wizard.search}>
        <Row>
          <SelectField
            label={wizard.searchBy}
            value={mode}
            placeholder={wizard.searchModes.name}
            options={OFFICE_SEARCH_MODES.filter((key) => key !== 'name').map((key) => ({
              value: key,
              label: wizard.searchModes[key],
            }))}
            onValueChange={(value) => setMode((value || 'name') as OfficeSearchMode)}
          />
          <TextField label={wizard.search} value={officeText} onValueChange={setOfficeText} />
          <Button type="submit" variant="secondary">
            {wizard.searchButton}
          </Button>
          <SelectField
            label={wizard.pageSize}
            value={String(context.officeQuery.limit)}
            placeholder={null}
            options={OFFICE_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            onValueChange={(value) => actor.send({ type: 'OFFICE_PAGE_SIZE', limit: Number(value) })}
          />
        </Row>
      </form>
      {context.officeError ? (
        <Alert tone="danger" role="alert">
          {context.officeError}{' '}
          {snapshot.matches({ officeStep: 'failed' }) ? (
            <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'RETRY' })}>
              {wizard.retry}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {officesBusy ? <Spinner label={messages.common.loading} /> : null}
      {!officesBusy && context.officeCount === 0 && !context.officeError ? (
        <Muted>{wizard.noOffices}</Muted>
      ) : null}
      {/* Rows of the previous page are not offered while the next one loads. */}
      {context.offices.length && !officesBusy ? (
        <TableWrapper>
          <Table aria-label={wizard.steps[1]}>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{wizard.selectPage}</span>
                </th>
                <th scope="col">{wizard.officeColumns.name}</th>
                <th scope="col">{wizard.officeColumns.country}</th>
                <th scope="col">{wizard.officeColumns.enabled}</th>
              </tr>
            </thead>
            <tbody>
              {context.offices.map((office) => (
                <tr key={office.id}>
                  <td>
                    <Checkbox
                      label={office.long_name}
                      checked={context.values.offices.includes(office.id)}
                      onCheckedChange={() => actor.send({ type: 'TOGGLE_OFFICE', id: office.id })}
                    />
                  </td>
                  <td>{office.long_name}</td>
                  <td>{office.country_name}</td>
                  <td>{office.is_enabled ? messages.resourceScreens.yes : messages.resourceScreens.no}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrapper>
      ) : null}
      <Row justify="between">
        <Row>
          <Button
            type="button"
            variant="secondary"
            disabled={page <= 1 || officesBusy}
            onClick={() =>
              actor.send({
                type: 'OFFICE_PAGE',
                offset: context.officeQuery.offset - context.officeQuery.limit,
              })
            }
          >
            {wizard.previous}
          </Button>
          <span aria-live="polite">{wizard.page(page, pages)}</span>
          <Button
            type="button"
            variant="secondary"
            disabled={page >= pages || officesBusy}
            onClick={() =>
              actor.send({
                type: 'OFFICE_PAGE',
                offset: context.officeQuery.offset + context.officeQuery.limit,
              })
            }
          >
            {wizard.nextPage}
          </Button>
        </Row>
        <Row>
          <Button type="button" variant="ghost" onClick={() => actor.send({ type: 'SELECT_PAGE' })}>
            {wizard.selectPage}
          </Button>
          <Button
            type="button"
            variant="ghost"
            disabled={context.officeCount === 0 || officesBusy}
            onClick={() => actor.send({ type: 'SELECT_ALL' })}
          >
            {wizard.selectAll(context.officeCount)}
          </Button>
          <Button type="button" variant="ghost" onClick={() => actor.send({ type: 'CLEAR_SELECTION' })}>
            {wizard.clearSelection}
          </Button>
        </Row>
      </Row>
      <p aria-live="polite" data-testid="selected-offices" style={{ margin: 0 }}>
        {wizard.selected(context.values.offices.length)}
      </p>
      <ErrorList errors={context.fieldErrors.offices} />
    </Stack>
  );

  return (
    <Card>
      <Stack>
        <Heading>
          {editing ? wizard.editTitle(edited?.product_name ?? '') : wizard.title}
          {context.promotion ? <Muted>{context.promotion.long_name}</Muted> : null}
        </Heading>
        <WizardFrame
          labels={editing ? wizard.editSteps : wizard.steps}
          step={context.step}
          counter={stepCounter(context)}
          error={context.error}
          busy={saving}
          busyLabel={wizard.saving}
          onBack={() => actor.send({ type: 'BACK' })}
          onNext={() => actor.send(onProducts ? { type: 'NEXT' } : { type: 'FINISH' })}
          backLabel={wizard.back}
          nextLabel={wizard.next}
          finishLabel={wizard.finish}
          extraAction={
            editing ? null : (
              <Button
                type="button"
                variant="secondary"
                disabled={saving}
                onClick={() => actor.send({ type: 'APPLY_NEXT' })}
              >
                {wizard.applyAndNext}
              </Button>
            )
          }
        >
          {onProducts ? productBody : officeBody}
        </WizardFrame>
        <Row>
          <Button as={Link} to={showPath} variant="ghost">
            {text.detail.backToPromotion}
          </Button>
        </Row>
      </Stack>
    </Card>
  );
}
