// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * Playwright along the generated paths of the generic back-office machines (issue 9), on Zonas:
 * every shortest path of resourceList (at /dashboard/zonas: loading, filters, paging, sorting,
 * selection, bulk delete with a partial failure, delete) and of resourceForm (at
 * /dashboard/zonas/1/edit: load, edit, save, refused saves) the browser can take. UI events are
 * typed and clicked; each actor's completion is the server's answer, held with page.route and
 * fulfilled by that step. Each state is checked on the screen.
 *
 * Paths the zone screens cannot produce are left out, each for a stated reason: Zonas has one tab
 * and no row action; a URL change (QUERY_SYNCED) reloads; query events while a page loads have no
 * paging controls yet; a read-only or voucher load needs another user or module; validation
 * outcomes follow the typed values (client-side, not a server answer).
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import { createTestModel, type ModelPath } from '../../machines/models/paths';
import { resourceFormModel, resourceListModel } from '../../machines/models/resources';
import type { MachineModel } from '../../machines/models/types';
import { UNDO_DELAY_MS } from '../../machines/resourceList';
import { FieldErrorsError } from '../../machines/support/errors';
import { signIn } from './support';

/** Requests matching a predicate, held until a step answers the newest (older ones are aborted). */
function holdRequests(page: Page, pattern: string | RegExp, method: string) {
  const held: Route[] = [];
  const ready = page.route(pattern, (route) => {
    if (route.request().method() !== method) return route.fallback();
    held.push(route);
  });
  return {
    ready,
    async answer(status: number, body?: unknown) {
      await expect
        .poll(() => held.length, { message: `a ${method} request to ${pattern}` })
        .toBeGreaterThan(0);
      const route = held.pop()!;
      for (const stale of held.splice(0)) await stale.abort();
      await (status === 204 ? route.fulfill({ status }) : route.fulfill({ status, json: body }));
    },
  };
}

type Step = { event: AnyEventObject; state: { value: unknown; matches: (value: unknown) => boolean } };
type Snapshot = { context: Record<string, unknown> };
type Executors = Record<string, (step: { event: AnyEventObject }) => Promise<unknown>>;
type StateChecks = Record<string, (snapshot: Snapshot) => Promise<void>>;

const errorDetail = (event: AnyEventObject) => (event as unknown as { error: Error }).error.message;

/**
 * The shortest paths cut at their first step the zone screens cannot take, without duplicates or
 * paths that are a prefix of another (xstate keeps only the longest of shared prefixes, so an
 * unwalkable tail must not hide a walkable beginning).
 */
function walkablePaths(model: MachineModel, walkable: (steps: Step[], index: number) => boolean) {
  const testModel = createTestModel(model);
  const keyOf = (steps: readonly { event: AnyEventObject }[]) =>
    steps.map((step) => `${step.event.type}${JSON.stringify(step.event)}`).join('>');
  const cut = testModel
    .getShortestPaths()
    .map((path) => {
      const steps = path.steps as unknown as Step[];
      const stop = steps.findIndex((_, index) => !walkable(steps, index));
      return stop === -1 ? path.steps : path.steps.slice(0, stop);
    })
    .filter((steps) => steps.length > 1)
    .sort((a, b) => b.length - a.length);
  const kept: { key: string; path: ModelPath }[] = [];
  for (const steps of cut) {
    const key = keyOf(steps);
    if (kept.some((other) => other.key === key || other.key.startsWith(`${key}>`))) continue;
    const last = steps[steps.length - 1];
    const path = {
      state: last.state,
      steps,
      weight: steps.length,
      description: `Walks to ${JSON.stringify(last.state.value)}: ${steps.map((step) => eventLabel(step.event)).join(' → ')}`,
    };
    kept.push({
      key,
      path: { ...path, test: (params: never) => testModel.testPath(path, params) } as unknown as ModelPath,
    });
  }
  return kept.map((entry) => entry.path);
}

/** An event with what tells it apart (an id, a page, an error's message or fields, an answer's size). */
function eventLabel(event: AnyEventObject): string {
  const { type, error, output, ...rest } = event as AnyEventObject & { error?: unknown; output?: unknown };
  const details: string[] = Object.entries(rest).map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  if (error instanceof FieldErrorsError) details.push(`fields=${Object.keys(error.fields).join(',')}`);
  else if (error instanceof Error) details.push(`error=${error.message}`);
  if (Array.isArray(output)) details.push(`results=${output.map((item) => JSON.stringify(item)).join(',')}`);
  else if (output && typeof output === 'object' && 'results' in output)
    details.push(`rows=${(output as { results: unknown[] }).results.length}`);
  else if (output && typeof output === 'object' && 'values' in output) details.push('values');
  return details.length ? `${type}(${details.join(' ')})` : type;
}

function statesWalked(paths: ModelPath[]): string[] {
  return [...new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))))];
}

// ---- resourceList at /dashboard/zonas ---------------------------------------------------------

const QUERY_EVENTS = new Set(['PAGE_CHANGED', 'PAGE_SIZE_CHANGED', 'SORT_TOGGLED']);
const UNREACHABLE_IN_ZONAS = new Set([
  'TAB_CHANGED',
  'QUERY_SYNCED',
  'ROW_ACTION_ASKED',
  'ROW_ACTION_CONFIRMED',
  'ROW_ACTION_CANCELLED',
  // Leaving the page: its own test in polish.spec.ts (the DELETE is sent as the list unmounts).
  'PAGE_LEFT',
]);

function listStepWalkable(steps: Step[], index: number): boolean {
  const step = steps[index];
  if (UNREACHABLE_IN_ZONAS.has(step.event.type)) return false;
  // Paging and sorting controls show once rows are on screen.
  return !(QUERY_EVENTS.has(step.event.type) && steps[index - 1]?.state.matches('loading'));
}

test.describe('resourceList paths at /dashboard/zonas', () => {
  const paths = walkablePaths(resourceListModel as unknown as MachineModel, listStepWalkable);

  test('the walk covers the list, selection, bulk and delete states', () => {
    const reached = statesWalked(paths);
    for (const state of [
      '"empty"',
      '"failed"',
      '{"loaded":"idle"}',
      '{"loaded":"selecting"}',
      '{"loaded":"confirmingBulk"}',
      '{"loaded":"runningBulk"}',
      '{"loaded":"bulkReport"}',
      '{"loaded":"confirmingDelete"}',
      '{"loaded":"undoWindow"}',
      '{"loaded":"deleting"}',
      '{"loaded":"deleteFailed"}',
    ])
      expect(reached).toContain(state);
  });

  for (const path of paths) {
    test(path.description, async ({ page }) => {
      await page.clock.install();
      await signIn(page, 'admin');
      // Not the dashboard's card figure (limit=1&offset=0), read right after signing in (issue 18).
      const list = holdRequests(page, /\/api\/zone\/\?(?!limit=1&offset=0$)/, 'GET');
      const bulk = holdRequests(page, '**/api/zone/bulk/remove/', 'POST');
      const remove = holdRequests(page, /\/api\/zone\/\d+\/$/, 'DELETE');
      await Promise.all([list.ready, bulk.ready, remove.ready]);
      await page.goto('/dashboard/zonas');
      const filters = page.getByRole('search', { name: 'Filtros' });
      const confirm = page.getByRole('dialog', { name: 'Estas seguro?' });
      await path.test({
        events: {
          'xstate.done.actor.loadPage': async ({ event }) => list.answer(200, event.output),
          'xstate.error.actor.loadPage': async ({ event }) =>
            list.answer(404, { detail: errorDetail(event) }),
          FILTERS_APPLIED: async ({ event }) => {
            const values = event.filters as Record<string, string>;
            await filters.getByLabel('Nombre').fill(values.long_name ?? '');
            await filters.getByLabel('Abreviatura').fill(values.short_name ?? '');
            await filters.getByLabel('Nombre').press('Enter');
          },
          PAGE_CHANGED: async () => page.getByRole('button', { name: 'Siguiente' }).click(),
          PAGE_SIZE_CHANGED: async ({ event }) =>
            page.getByLabel('Filas por página').selectOption(String(event.limit)),
          SORT_TOGGLED: async () =>
            page.getByRole('columnheader', { name: 'Abreviatura' }).getByRole('button').click(),
          RETRY: async () => page.getByRole('button', { name: 'Reintentar' }).click(),
          ROW_TOGGLED: async ({ event }) =>
            page.getByLabel(event.id === 1 ? 'Seleccionar Nacional' : 'Seleccionar Latinoamérica').click(),
          PAGE_TOGGLED: async () => page.getByLabel('Seleccionar la página').click(),
          SELECTION_CLEARED: async () => page.getByRole('button', { name: 'Quitar selección' }).click(),
          BULK_ASKED: async () => page.getByRole('button', { name: 'Eliminar seleccionados' }).click(),
          BULK_CONFIRMED: async () => confirm.getByRole('button', { name: 'Eliminar seleccionados' }).click(),
          BULK_CANCELLED: async () => confirm.getByRole('button', { name: 'Cancelar' }).click(),
          'xstate.done.actor.runBulkAction': async ({ event }) => bulk.answer(200, { results: event.output }),
          'xstate.error.actor.runBulkAction': async ({ event }) =>
            bulk.answer(403, { detail: errorDetail(event) }),
          BULK_REPORT_CLOSED: async () => page.getByRole('button', { name: 'Cerrar' }).click(),
          DELETE_ASKED: async () => page.getByRole('button', { name: 'Eliminar Latinoamérica' }).click(),
          DELETE_CONFIRMED: async () =>
            confirm.getByRole('button', { name: 'Eliminar', exact: true }).click(),
          DELETE_CANCELLED: async () => confirm.getByRole('button', { name: 'Cancelar' }).click(),
          UNDO: async () => page.getByRole('button', { name: 'Deshacer' }).click(),
          // The machine's own delay runs out on the page's clock (no real-time wait).
          'xstate.after.UNDO_DELAY.resourceList.loaded.undoWindow': async () =>
            page.clock.runFor(UNDO_DELAY_MS),
          'xstate.done.actor.removeRecord': async () => remove.answer(204),
          'xstate.error.actor.removeRecord': async ({ event }) =>
            remove.answer(409, { detail: errorDetail(event) }),
        } satisfies Executors as never,
        states: {
          loading: async () => {
            await expect(page.getByText('Cargando...').first()).toBeVisible();
          },
          'loaded.idle': async (snapshot) => {
            const rows = snapshot.context.rows as unknown[];
            await expect(page.getByRole('table', { name: 'Zonas' }).getByRole('row')).toHaveCount(
              rows.length + 1,
            );
            await expect(page.getByRole('toolbar')).toHaveCount(0);
          },
          'loaded.selecting': async (snapshot) => {
            const selected = snapshot.context.selected as number[];
            await expect(
              page.getByRole('toolbar', { name: `${selected.length} seleccionados` }),
            ).toBeVisible();
          },
          'loaded.confirmingBulk': async (snapshot) => {
            const selected = snapshot.context.selected as number[];
            await expect(
              confirm.getByText(`Eliminar seleccionados: ${selected.length} registros seleccionados.`),
            ).toBeVisible();
            const bulkError = snapshot.context.bulkError as string | null;
            await expect(confirm.getByRole('alert')).toHaveText(bulkError ? [bulkError] : []);
          },
          'loaded.runningBulk': async () => {
            await expect(confirm.getByRole('button', { name: 'Procesando...' })).toBeDisabled();
          },
          'loaded.bulkReport': async () => {
            const report = page.getByRole('dialog', { name: 'Algunos registros no se procesaron' });
            await expect(report.getByRole('listitem')).toHaveText(['Latinoamérica: La zona está en uso.']);
          },
          'loaded.confirmingDelete': async () => {
            await expect(confirm.getByText('Estas seguro que quieres eliminar Latinoamérica?')).toBeVisible();
          },
          'loaded.undoWindow': async () => {
            // Confirmed: the dialog is gone, the row hidden at once, and the delete can be undone.
            await expect(confirm).toBeHidden();
            await expect(page.getByRole('cell', { name: 'Latinoamérica', exact: true })).toHaveCount(0);
            await expect(
              page.getByRole('status', { name: 'Eliminación pendiente' }).getByText('Registro eliminado'),
            ).toBeVisible();
          },
          'loaded.deleting': async () => {
            await expect(confirm).toBeHidden();
            await expect(page.getByRole('cell', { name: 'Latinoamérica', exact: true })).toHaveCount(0);
            await expect(page.getByRole('button', { name: 'Deshacer' })).toHaveCount(0);
          },
          'loaded.deleteFailed': async (snapshot) => {
            await expect(confirm.getByText(String(snapshot.context.deleteError))).toBeVisible();
          },
          empty: async () => {
            await expect(page.getByText('No hay resultados.')).toBeVisible();
          },
          failed: async (snapshot) => {
            await expect(
              page.getByRole('alert').filter({ hasText: String(snapshot.context.error) }),
            ).toBeVisible();
          },
        } satisfies StateChecks as never,
      });
    });
  }
});

// ---- resourceForm at /dashboard/zonas/1/edit ---------------------------------------------------

function formStepWalkable(steps: Step[], index: number): boolean {
  const step = steps[index];
  const output = (step.event as { output?: { values?: unknown; readOnly?: boolean; fieldAccess?: unknown } })
    .output;
  if (step.event.type === 'xstate.done.actor.loadForm')
    // Zonas as admin: the zone's own values, editable.
    return Boolean(output?.values) && !output?.readOnly && !output?.fieldAccess;
  // Client validation follows the typed values: the zone's values always pass.
  return step.event.type !== 'xstate.error.actor.validateValues';
}

test.describe('resourceForm paths at /dashboard/zonas/1/edit', () => {
  const paths = walkablePaths(resourceFormModel as unknown as MachineModel, formStepWalkable);

  test('the walk covers loading, editing, saving and its refusals', () => {
    const reached = statesWalked(paths);
    for (const state of ['"loadFailed"', '"editing"', '"saving"', '"saveFailed"', '"saved"'])
      expect(reached).toContain(state);
  });

  for (const path of paths) {
    test(path.description, async ({ page }) => {
      await signIn(page, 'admin');
      const detail = holdRequests(page, /\/api\/zone\/1\/$/, 'GET');
      const save = holdRequests(page, /\/api\/zone\/1\/$/, 'PUT');
      await Promise.all([detail.ready, save.ready]);
      await page.goto('/dashboard/zonas/1/edit');
      const shortName = page.getByLabel('Abreviatura');
      await path.test({
        events: {
          'xstate.done.actor.loadForm': async ({ event }) =>
            detail.answer(200, { id: 1, ...(event.output as { values: object }).values }),
          'xstate.error.actor.loadForm': async ({ event }) =>
            detail.answer(404, { detail: errorDetail(event) }),
          RETRY: async () => page.getByRole('button', { name: 'Reintentar' }).click(),
          FIELD_CHANGED: async ({ event }) => shortName.fill(String(event.value)),
          SUBMITTED: async () => page.getByRole('button', { name: 'Guardar' }).click(),
          // Client validation runs in the browser: nothing to answer.
          'xstate.done.actor.validateValues': async () => {},
          'xstate.done.actor.saveRecord': async ({ event }) => save.answer(200, event.output),
          'xstate.error.actor.saveRecord': async ({ event }) => {
            const error = (event as unknown as { error: Error }).error;
            await (error instanceof FieldErrorsError
              ? save.answer(400, error.fields)
              : save.answer(403, { detail: error.message }));
          },
        } satisfies Executors as never,
        states: {
          loading: async () => {
            await expect(page.getByText('Cargando...').first()).toBeVisible();
          },
          loadFailed: async (snapshot) => {
            await expect(
              page.getByRole('alert').filter({ hasText: String(snapshot.context.error) }),
            ).toBeVisible();
          },
          editing: async (snapshot) => {
            const values = snapshot.context.values as Record<string, string>;
            await expect(shortName).toHaveValue(values.short_name);
            await expect(page.getByRole('button', { name: 'Guardar' })).toBeEnabled();
          },
          validating: async () => {
            await expect(page.getByRole('form', { name: 'Zonas' })).toBeVisible();
          },
          saving: async () => {
            await expect(page.getByRole('button', { name: 'Guardando...' })).toBeDisabled();
          },
          saveFailed: async (snapshot) => {
            const values = snapshot.context.values as Record<string, string>;
            await expect(shortName).toHaveValue(values.short_name);
            const fieldErrors = snapshot.context.fieldErrors as Record<string, string[]>;
            const message = snapshot.context.error ?? Object.values(fieldErrors).flat()[0];
            await expect(page.getByText(String(message))).toBeVisible();
          },
          saved: async () => {
            await expect(page).toHaveURL(/\/dashboard\/zonas$/);
          },
        } satisfies StateChecks as never,
      });
    });
  }
});
