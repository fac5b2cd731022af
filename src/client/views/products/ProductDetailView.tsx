/**
 * Mostrar a product (SPEC §2 productos 'show'; §7 GET /product/{id}/, GET /rateDetail/{id}/):
 * its data, zones, offices, coverages and its rates as a table (general first, then per office);
 * each office's particular rate can be replaced by a new file (POST /updateOfficeRate/).
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { messages } from '../../../contracts/messages';
import type { ProductDetail, RateDetail } from '../../../contracts/productWizard';
import { toApiError } from '../../api/http';
import { getProduct, rateDetail, replaceOfficeRate } from '../../api/products';
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

const text = messages.products;
const yesNo = (value: boolean) => (value ? messages.resourceScreens.yes : messages.resourceScreens.no);

export function ProductDetailView({ canEdit }: { canEdit: boolean }) {
  const { id = '' } = useParams();
  const productId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const [product, setProduct] = useState<ProductDetail | null>(null);
  const [rates, setRates] = useState<RateDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      const [loaded, loadedRates] = await Promise.all([getProduct(productId), rateDetail(productId)]);
      setProduct(loaded);
      setRates(loadedRates);
    } catch (caught) {
      setError(toApiError(caught).message);
    }
  }, [productId]);
  useEffect(() => {
    void load();
  }, [load]);

  const replace = async (officeId: number, file: File | undefined) => {
    if (!file) return;
    setNotice(null);
    try {
      await replaceOfficeRate(productId, officeId, file);
      setNotice(text.replaceOfficeRateDone);
      await load();
    } catch (caught) {
      const apiError = toApiError(caught);
      setError([apiError.message, ...(apiError.fields.rows ?? [])].join(' · '));
    }
  };

  if (error && !product)
    return (
      <Alert tone="danger" role="alert">
        {error}
      </Alert>
    );
  if (!product || !rates) return <Spinner label={messages.common.loading} />;
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
                  <td>{row.limit_amount ?? '—'}</td>
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
                    <td>{row.price}</td>
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
                    onChange={(event) => {
                      void replace(office.id, event.target.files?.[0]);
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
