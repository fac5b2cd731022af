/**
 * Issue 18: the permission picker of Usuarios and Grupos as a grid: one row per resource with its
 * Spanish name, 'Ver' and 'Crear' columns, a row toggle, a select-all and the count chosen; only
 * what the editor holds is grantable (already chosen ones stay removable).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { gridRows, PermissionGrid } from '../../src/client/views/resources/PermissionGrid';
import { allCodenames } from '../../src/contracts/permissions';

const options = allCodenames().map((codename) => ({ value: codename, label: codename }));

describe('the permission grid', () => {
  it('groups the catalogue in one row per resource, by its Spanish name', () => {
    const rows = gridRows(options);
    expect(rows.map((row) => row.resource)).toEqual([...new Set(options.map((o) => o.value.split('/')[0]))]);
    expect(rows.find((row) => row.resource === 'zone')).toEqual({
      resource: 'zone',
      name: 'Zonas',
      cells: { view: 'zone/view', add: 'zone/add' },
    });
    expect(rows.find((row) => row.resource === 'refund')?.cells).toEqual({
      view: 'refund/view',
      add: 'refund/add',
      change: 'refund/change',
    });
  });

  it('shows the columns, the toggles, the count and disables what the editor may not grant', () => {
    const html = renderToStaticMarkup(
      createElement(PermissionGrid, {
        label: 'Permisos',
        options,
        chosen: ['zone/view', 'tags/add'],
        readOnly: false,
        mayChoose: (codename: string) => codename.startsWith('zone/'),
        onChange: () => undefined,
      }),
    );
    expect(html).toContain('>Ver</th>');
    expect(html).toContain('>Crear</th>');
    expect(html).toContain('Seleccionar todos');
    expect(html).toContain(`2 de ${options.length} permisos elegidos`);
    expect(html).toContain('aria-label="Todos los permisos de Zonas"');
    // Zonas: grantable; Tags/Crear: chosen, so removable; Tags/Ver: neither, disabled.
    expect(html).toMatch(/aria-label="Crear Zonas"[^>]*\/>/);
    expect(html).not.toMatch(/aria-label="Crear Zonas"[^>]*disabled/);
    expect(html).not.toMatch(/aria-label="Crear Tags"[^>]*disabled/);
    expect(html).toMatch(/aria-label="Ver Tags"[^>]*disabled/);
    expect(html).not.toContain('>zone/view<');
  });
});
