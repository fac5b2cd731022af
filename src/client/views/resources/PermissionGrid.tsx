/**
 * The permission picker of Usuarios and Grupos (issue 18): a grid with one row per resource (its
 * Spanish name), one column per action ('Ver', 'Crear', and 'Cambiar estado' where a resource has
 * it), a toggle per row, a select-all and the count chosen. The value is the list of chosen
 * codenames. Only what `mayChoose` allows (what the editor holds) can be added; what is already
 * chosen stays removable. The server enforces the same rule.
 */
import type { FormOption } from '../../../../machines/resourceForm';
import { messages } from '../../../contracts/messages';
import { ACTIONS, EXTRA_PERMISSIONS, RESOURCES, type Resource } from '../../../contracts/permissions';
import { Field } from '../../ui/primitives';
import { styled } from '../../ui/theme';

const text = messages.polish.permissionGrid;
const names = messages.polish.resourceNames;
const GRID_ACTIONS = [...ACTIONS, ...new Set(EXTRA_PERMISSIONS.map((extra) => extra.action))] as const;
type GridAction = (typeof GRID_ACTIONS)[number];
const actionLabel = (action: GridAction) => text[action];

export interface PermissionGridProps {
  label: string;
  hint?: string;
  error?: string[];
  options: readonly FormOption[];
  chosen: readonly string[];
  readOnly: boolean;
  mayChoose: (codename: string) => boolean;
  onChange: (chosen: string[]) => void;
}

interface Row {
  resource: string;
  name: string;
  cells: Partial<Record<GridAction, string>>;
}

/** The options (codenames) as rows, in the order of the resource catalogue. */
export function gridRows(options: readonly FormOption[]): Row[] {
  const rows = new Map<string, Row>();
  for (const option of options) {
    const [resource, action] = option.value.split('/');
    if (!resource || !(GRID_ACTIONS as readonly string[]).includes(action ?? '')) continue;
    const row = rows.get(resource) ?? {
      resource,
      name: (names as Record<string, string>)[resource] ?? resource,
      cells: {},
    };
    row.cells[action as GridAction] = option.value;
    rows.set(resource, row);
  }
  const order = (resource: string) => {
    const index = (RESOURCES as readonly string[]).indexOf(resource as Resource);
    return index < 0 ? RESOURCES.length : index;
  };
  return [...rows.values()].sort((a, b) => order(a.resource) - order(b.resource));
}

export function PermissionGrid({
  label,
  hint,
  error,
  options,
  chosen,
  readOnly,
  mayChoose,
  onChange,
}: PermissionGridProps) {
  const rows = gridRows(options);
  const actions = GRID_ACTIONS.filter((action) => rows.some((row) => row.cells[action]));
  const all = rows.flatMap((row) => actions.flatMap((action) => row.cells[action] ?? []));
  const selected = new Set(chosen);
  const count = all.filter((codename) => selected.has(codename)).length;
  const settable = (codename: string) => selected.has(codename) || mayChoose(codename);
  /** Sets the given codenames on or off (on: only those the editor may grant). */
  const set = (codenames: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const codename of codenames) {
      if (on && mayChoose(codename)) next.add(codename);
      if (!on) next.delete(codename);
    }
    onChange([...next]);
  };
  const stateOf = (codenames: readonly string[]) => {
    const on = codenames.filter((codename) => selected.has(codename)).length;
    return {
      checked: codenames.length > 0 && on === codenames.length,
      mixed: on > 0 && on < codenames.length,
    };
  };
  const allState = stateOf(all.filter(settable));

  return (
    <Field label={label} error={error} hint={hint ?? text.notGrantable}>
      {(aria) => (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset would repeat the Field's own label
        <div role="group" aria-label={label} aria-describedby={aria['aria-describedby']}>
          <Toolbar>
            <label>
              <input
                id={aria.id}
                type="checkbox"
                checked={allState.checked}
                ref={(input) => {
                  if (input) input.indeterminate = allState.mixed;
                }}
                disabled={readOnly || all.filter(settable).length === 0}
                onChange={(event) => set(all, event.target.checked)}
              />{' '}
              {text.selectAll}
            </label>
            <output aria-live="polite">{text.count(count, all.length)}</output>
          </Toolbar>
          <Scroll>
            <Grid>
              <thead>
                <tr>
                  <th scope="col">{text.resource}</th>
                  <th scope="col">{text.all}</th>
                  {actions.map((action) => (
                    <th scope="col" key={action}>
                      {actionLabel(action)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const codenames = actions.flatMap((action) => row.cells[action] ?? []);
                  const rowState = stateOf(codenames.filter(settable));
                  return (
                    <tr key={row.resource}>
                      <th scope="row">{row.name}</th>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={text.rowToggle(row.name)}
                          checked={rowState.checked}
                          ref={(input) => {
                            if (input) input.indeterminate = rowState.mixed;
                          }}
                          disabled={readOnly || !codenames.some(settable)}
                          onChange={(event) => set(codenames, event.target.checked)}
                        />
                      </td>
                      {actions.map((action) => {
                        const codename = row.cells[action];
                        if (!codename) return <td key={action} />;
                        const checked = selected.has(codename);
                        return (
                          <td key={action}>
                            <input
                              type="checkbox"
                              aria-label={text.cell(actionLabel(action), row.name)}
                              title={codename}
                              checked={checked}
                              disabled={readOnly || (!checked && !mayChoose(codename))}
                              onChange={(event) => set([codename], event.target.checked)}
                            />
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </Grid>
          </Scroll>
        </div>
      )}
    </Field>
  );
}

const Toolbar = styled('div', {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '$3',
  padding: '$1 0',
  flexWrap: 'wrap',
});
const Scroll = styled('div', {
  maxHeight: 360,
  overflow: 'auto',
  border: '1px solid $border',
  borderRadius: '$1',
});
const Grid = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  '& th, & td': { padding: '$1 $2', borderBottom: '1px solid $border', textAlign: 'center' },
  '& th[scope=row], & thead th:first-child': { textAlign: 'left', fontWeight: 'normal' },
  '& thead th': { position: 'sticky', top: 0, backgroundColor: '$surface', fontSize: '$1' },
});
