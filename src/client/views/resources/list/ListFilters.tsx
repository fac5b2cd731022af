/**
 * The list's filter bar (SPEC §2 'List filters'): Enter or 'Aplicar' applies, 'Limpiar' clears, a
 * select applies at once; SPEC §2 'Office search modes' as a mode switch and one search text.
 * The bar is keyed by the applied filters, so Back and Forward show the URL's values.
 */
import type { FormEvent } from 'react';
import { messages } from '../../../../contracts/messages';
import type { FilterField, ResourceDescriptor } from '../../../resources/descriptor';
import { Button, Field, Input, Row, Select } from '../../../ui/primitives';
import { styled } from '../../../ui/theme';

const text = messages.resourceScreens;

const FilterBar = styled('form', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: '$3',
  alignItems: 'end',
  backgroundColor: '$surface',
  padding: '$4',
  borderRadius: '$2',
  boxShadow: '$card',
});

/** The filters a submitted bar asks for, by query parameter (a search mode's text to its mode's). */
function filtersOf(form: FormData, descriptor: ResourceDescriptor): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const filter of descriptor.filters) {
    if (!filter.modes) {
      filters[filter.param] = String(form.get(filter.param) ?? '');
      continue;
    }
    const mode = String(form.get(`${filter.param}__mode`) ?? '');
    const searched = String(form.get(filter.param) ?? '');
    for (const candidate of filter.modes) filters[candidate.param] = candidate.param === mode ? searched : '';
  }
  return filters;
}

export function ListFilters({
  descriptor,
  filters,
  onApply,
}: {
  descriptor: ResourceDescriptor;
  filters: Record<string, string>;
  onApply: (filters: Record<string, string>) => void;
}) {
  if (!descriptor.filters.length) return null;
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(filtersOf(new FormData(event.currentTarget), descriptor));
  };
  return (
    <FilterBar key={JSON.stringify(filters)} role="search" aria-label={text.filtersTitle} onSubmit={apply}>
      {descriptor.filters.map((filter) => (
        <FilterControl key={filter.param} filter={filter} filters={filters} />
      ))}
      <Row>
        <Button type="submit">{text.applyFilters}</Button>
        <Button type="button" variant="ghost" onClick={() => onApply({})}>
          {text.clearFilters}
        </Button>
      </Row>
    </FilterBar>
  );
}

function FilterControl({ filter, filters }: { filter: FilterField; filters: Record<string, string> }) {
  if (filter.modes) return <SearchModeControl filter={filter} modes={filter.modes} filters={filters} />;
  const value = filters[filter.param];
  const options = filter.options;
  if (options) {
    return (
      <Field label={filter.label}>
        {(aria) => (
          <Select
            {...aria}
            name={filter.param}
            defaultValue={value ?? filter.default ?? ''}
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
          >
            {filter.kind === 'switch' ? null : <option value="">{text.switchAll}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
    );
  }
  return (
    <Field label={filter.label}>
      {(aria) => <Input {...aria} name={filter.param} defaultValue={value ?? ''} type="search" />}
    </Field>
  );
}

/** SPEC §2 'Office search modes': a mode switch and one search text. */
function SearchModeControl({
  filter,
  modes,
  filters,
}: {
  filter: FilterField;
  modes: NonNullable<FilterField['modes']>;
  filters: Record<string, string>;
}) {
  const active = modes.find((mode) => filters[mode.param]) ?? modes[0];
  return (
    <>
      <Field label={text.searchMode}>
        {(aria) => (
          <Select {...aria} name={`${filter.param}__mode`} defaultValue={active.param}>
            {modes.map((mode) => (
              <option key={mode.param} value={mode.param}>
                {mode.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={filter.label}>
        {(aria) => (
          <Input {...aria} name={filter.param} defaultValue={filters[active.param] ?? ''} type="search" />
        )}
      </Field>
    </>
  );
}
