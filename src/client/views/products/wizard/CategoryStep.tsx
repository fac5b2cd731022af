/** Step 0 'Categoría': names, category, supplier, enabled, image, zones and offices. */
import type { FormValue, FormValues } from '../../../../../machines/resourceForm';
import type { ProductWizardMode } from '../../../../contracts/productWizard';
import { Alert, Cell, Checkbox, Field, Grid, SelectField, Stack, TextField } from '../../../ui/primitives';
import { ImageField } from './ImageField';
import { OfficePicker } from './OfficePicker';
import { groups, listOf, type Options, text, textOf } from './values';

export interface CategoryStepProps {
  values: FormValues;
  options: Options;
  errorOf: (field: string) => string[] | null;
  change: (field: string, value: FormValue) => void;
  upload: (target: string, file: File | undefined) => void;
  busy: boolean;
  mode: ProductWizardMode;
}

export function CategoryStep({ values, options, errorOf, change, upload, busy, mode }: CategoryStepProps) {
  const zones = listOf(values.zones);
  return (
    <Stack>
      {mode === 'clone' ? <Alert tone="info">{text.cloneHint}</Alert> : null}
      <Grid>
        <Cell span={4}>
          <TextField
            label={text.shortName}
            name="short_name"
            maxLength={50}
            value={textOf(values.short_name)}
            error={errorOf('short_name')}
            onValueChange={(value) => change('short_name', value)}
          />
        </Cell>
        <Cell span={8}>
          <TextField
            label={text.longName}
            name="long_name"
            maxLength={255}
            value={textOf(values.long_name)}
            error={errorOf('long_name')}
            onValueChange={(value) => change('long_name', value)}
          />
        </Cell>
        <Cell span={4}>
          <SelectField
            label={text.category}
            name="product_type_id"
            value={textOf(values.product_type_id)}
            options={options.product_type_id ?? []}
            error={errorOf('product_type_id')}
            onValueChange={(value) => change('product_type_id', value)}
          />
        </Cell>
        <Cell span={4}>
          <SelectField
            label={text.supplier}
            name="supplier_id"
            value={textOf(values.supplier_id)}
            options={options.supplier_id ?? []}
            error={errorOf('supplier_id')}
            onValueChange={(value) => change('supplier_id', value)}
          />
        </Cell>
        <Cell span={4}>
          <Checkbox
            label={text.enabled}
            checked={values.is_enabled === true}
            onCheckedChange={(checked) => change('is_enabled', checked)}
          />
        </Cell>
      </Grid>
      <ImageField
        id={textOf(values.url_image)}
        error={errorOf('url_image')}
        busy={busy}
        upload={upload}
        change={change}
      />
      <Field label={text.zones} error={errorOf('zones')}>
        {() => (
          // biome-ignore lint/a11y/useSemanticElements: a fieldset would repeat the Field's own label
          <div role="group" aria-label={text.zones} style={{ maxHeight: 200, overflowY: 'auto', columns: 2 }}>
            {(options.zones ?? []).map((zone) => (
              <Checkbox
                key={zone.value}
                label={zone.label}
                checked={zones.includes(zone.value)}
                onCheckedChange={(checked) =>
                  change(
                    'zones',
                    checked ? [...zones, zone.value] : zones.filter((item) => item !== zone.value),
                  )
                }
              />
            ))}
          </div>
        )}
      </Field>
      <OfficePicker
        chosen={groups(values.offices)}
        error={errorOf('offices')}
        onChange={(offices) => change('offices', offices)}
      />
    </Stack>
  );
}
