/**
 * /dashboard/add 'Crear producto' (SPEC §2): tabs Crear, Clonar, Editar. Clonar and Editar start
 * with a searchable select of the products (GET /product_name_id/); the chosen product opens the
 * wizard in that mode. The tab and the product live in the address (?tab=clone&product=5), so a
 * reload returns to the same wizard (whose own snapshot is persisted).
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messages } from '../../../contracts/messages';
import type { ProductWizardMode } from '../../../contracts/productWizard';
import { productNames } from '../../api/products';
import { Alert, Card, Field, Input, Muted, Select, Spinner, Stack } from '../../ui/primitives';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../ui/tabs';
import { ProductWizardView } from './ProductWizardView';

const text = messages.products;
const MODES: readonly ProductWizardMode[] = ['create', 'clone', 'edit'];

export function AddProductView() {
  const [params, setParams] = useSearchParams();
  const tab = MODES.find((mode) => mode === params.get('tab')) ?? 'create';
  const rawProduct = params.get('product') ?? '';
  const productId = /^\d{1,10}$/.test(rawProduct) ? Number(rawProduct) : null;
  const choose = (next: { tab?: ProductWizardMode; product?: number | null }) => {
    const query = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    if (nextTab !== 'create') query.set('tab', nextTab);
    const product = next.product === undefined ? productId : next.product;
    if (nextTab !== 'create' && product !== null) query.set('product', String(product));
    setParams(query);
  };
  return (
    <Card>
      <TabsRoot
        value={tab}
        onValueChange={(value) => choose({ tab: value as ProductWizardMode, product: null })}
      >
        <TabsList aria-label={text.wizardTitle}>
          {MODES.map((mode) => (
            <TabsTrigger key={mode} value={mode}>
              {text.tabs[mode]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="create">
          {tab === 'create' ? <ProductWizardView key="create" mode="create" productId={null} /> : null}
        </TabsContent>
        {(['clone', 'edit'] as const).map((mode) => (
          <TabsContent key={mode} value={mode}>
            {tab === mode ? (
              <Stack>
                <ProductChooser
                  label={mode === 'clone' ? text.chooseProductToClone : text.chooseProductToEdit}
                  value={productId}
                  onChoose={(id) => choose({ product: id })}
                />
                {productId !== null ? (
                  <ProductWizardView key={`${mode}-${productId}`} mode={mode} productId={productId} />
                ) : null}
              </Stack>
            ) : null}
          </TabsContent>
        ))}
      </TabsRoot>
    </Card>
  );
}

/** A select of every product, narrowed by what is typed (GET /product_name_id/). */
function ProductChooser({
  label,
  value,
  onChoose,
}: {
  label: string;
  value: number | null;
  onChoose: (id: number | null) => void;
}) {
  const [names, setNames] = useState<{ id: number; name: string }[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [term, setTerm] = useState('');
  useEffect(() => {
    let cancelled = false;
    productNames()
      .then((rows) => !cancelled && setNames(rows))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, []);
  if (failed)
    return (
      <Alert tone="danger" role="alert">
        {text.loadFailed}
      </Alert>
    );
  if (!names) return <Spinner label={messages.common.loading} />;
  const needle = term.trim().toLocaleLowerCase('es');
  const shown = names
    .filter((row) => !needle || row.name.toLocaleLowerCase('es').includes(needle))
    .slice(0, 200);
  return (
    <Stack>
      <Field label={text.chooseProductHint}>
        {(aria) => (
          <Input {...aria} type="search" value={term} onChange={(event) => setTerm(event.target.value)} />
        )}
      </Field>
      <Field label={label}>
        {(aria) => (
          <Select
            {...aria}
            value={value === null ? '' : String(value)}
            onChange={(event) => onChoose(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">—</option>
            {shown.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {shown.length === 0 ? <Muted>{text.noProducts}</Muted> : null}
    </Stack>
  );
}
