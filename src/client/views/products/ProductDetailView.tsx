/**
 * Mostrar a product (SPEC §2 productos 'show'; §7 GET /product/{id}/, GET /rateDetail/{id}/):
 * its data, zones, offices, coverages and its rates as a table (general first, then per office);
 * each office's particular rate can be replaced by a new file (POST /updateOfficeRate/).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatAmount } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import {
  Alert,
  Button,
  Card,
  Field,
  Heading,
  Input,
  Muted,
  Row,
  Spinner,
  Stack,
  Subheading,
} from '../../ui/primitives';
import { Table, TableWrapper } from '../../ui/table';
import { productDetailLogic } from './wiring';

const text = messages.products;
const yesNo = (value: boolean) => (value ? messages.resourceScreens.yes : messages.resourceScreens.no);

export function ProductDetailView({ canEdit }: { canEdit: boolean }) {
  const { id = '' } = useParams();
  const productId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const logic = useMemo(() => productDetailLogic(productId), [productId]);
  const actor = useActorRef(logic);
  const snapshot = useSelector(actor, (state) => state);
  const { product, rates, image, error, notice, refused } = snapshot.context;

  if (snapshot.matches('failed'))
    return (
      <Alert tone="danger" role="alert">
        <Row justify="between">
          <span>{error}</span>
          {refused ? null : (
            <Button variant="secondary" size="small" onClick={() => actor.send({ type: 'RETRY' })}>
              {messages.resourceScreens.retry}
            </Button>
          )}
        </Row>
      </Alert>
    );
  if (!product || !rates) return <Spinner label={messages.common.loading} />;
  const replacing = !snapshot.matches({ shown: 'idle' });
  return (
    <Card>
      <Stack>
        <Heading>{product.long_name}</Heading>
        <Row>
          <Button as={Link} to="/dashboard/productos" variant="secondary">
            {text.backToList}
          </Button>
          {canEdit ? (
            <>
              <Button as={Link} to={`/dashboard/productos/${product.id}/edit`}>
                {text.edit}
              </Button>
              <Button as={Link} to={`/dashboard/productos/${product.id}/clone`} variant="secondary">
                {text.clone}
              </Button>
            </>
          ) : null}
        </Row>
        {error ? (
          <Alert tone="danger" role="alert">
            {error}
          </Alert>
        ) : null}
        {notice ? (
          <Alert tone="success" role="status">
            {notice}
          </Alert>
        ) : null}
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}>
          <dt>{text.shortName}</dt>
          <dd>{product.short_name}</dd>
          <dt>{text.category}</dt>
          <dd>{product.product_type_name ?? '—'}</dd>
          <dt>{text.supplier}</dt>
          <dd>{product.supplier_name ?? '—'}</dd>
          <dt>{text.enabled}</dt>
          <dd>{yesNo(product.is_enabled)}</dd>
          <dt>{text.zones}</dt>
          <dd>{product.zones.map((zone) => zone.name).join(', ') || '—'}</dd>
          <dt>{text.offices}</dt>
          <dd>{product.offices.map((office) => office.name).join(', ') || '—'}</dd>
          <dt>{text.image}</dt>
          <dd>
            {image ? (
              <img
                src={image}
                alt={text.imagePreview}
                style={{ maxHeight: 160, maxWidth: 320, borderRadius: 4 }}
              />
            ) : product.url_image ? (
              text.imageUnavailable
            ) : (
              text.imageNone
            )}
          </dd>
        </dl>
        <Subheading>{text.steps[1]}</Subheading>
        <TableWrapper>
          <Table aria-label={text.steps[1]}>
            <thead>
              <tr>
                <th scope="col">{text.coverage}</th>
                <th scope="col">{text.coverageLimit}</th>
                <th scope="col">{text.coverageCurrency}</th>
              </tr>
            </thead>
            <tbody>
              {product.product_coverage.map((row) => (
                <tr key={row.coverage_id}>
                  <td>{row.coverage_name}</td>
                  <td>
                    {row.limit_amount === null || row.limit_amount === undefined
                      ? '—'
                      : formatAmount(row.limit_amount, row.currency)}
                  </td>
                  <td>{row.currency ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrapper>
        <Subheading>{text.rates}</Subheading>
        {rates.rates.length === 0 ? (
          <Muted>{text.rateNone}</Muted>
        ) : (
          <TableWrapper>
            <Table aria-label={text.rates}>
              <thead>
                <tr>
                  <th scope="col">{text.rateColumns.office}</th>
                  <th scope="col">{text.rateColumns.days}</th>
                  <th scope="col">{text.rateColumns.ages}</th>
                  <th scope="col">{text.rateColumns.price}</th>
                  <th scope="col">{text.rateColumns.currency}</th>
                </tr>
              </thead>
              <tbody>
                {rates.rates.map((row) => (
                  <tr key={row.id}>
                    <td>{row.office_name ?? text.rateGeneral}</td>
                    <td>
                      {row.days_from}–{row.days_to}
                    </td>
                    <td>
                      {row.age_from}–{row.age_to}
                    </td>
                    <td>{formatAmount(row.price, row.currency)}</td>
                    <td>{row.currency}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrapper>
        )}
        {canEdit && product.offices.length > 0 ? (
          <Stack>
            <Subheading>{text.replaceOfficeRate}</Subheading>
            {product.offices.map((office) => (
              <Field key={office.id} label={office.name}>
                {(aria) => (
                  <Input
                    {...aria}
                    type="file"
                    accept=".csv,text/csv"
                    disabled={replacing}
                    aria-busy={replacing && snapshot.context.officeId === office.id}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      if (file) actor.send({ type: 'REPLACE_RATE', officeId: office.id, file });
                      event.target.value = '';
                    }}
                  />
                )}
              </Field>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
