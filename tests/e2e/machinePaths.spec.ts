// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type (EMAIL_CHANGED, SUBMIT), not React components
/**
 * Playwright along paths generated from the machines (ARCHITECTURE.md 'Tests'): every path the
 * model-based tests run for passwordReset (/recovery) and the shortest paths of passwordChange
 * (/recovery/<hash>) are walked in Chromium. UI events are typed and clicked; the actors'
 * completions are the server's answers, held with page.route and fulfilled by the event's
 * executor, so each path decides what the server says. Each state is checked on the screen.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import { passwordChangeModel, passwordResetModel } from '../../machines/models/auth';
import { createTestModel, generatePaths } from '../../machines/models/paths';
import { FieldErrorsError } from '../../machines/support/errors';

/** Requests to one API path, held until a step answers them. */
function holdRequests(page: Page, pattern: string) {
  const held: Route[] = [];
  const ready = page.route(pattern, (route) => {
    held.push(route);
  });
  return {
    ready,
    async answer(status: number, body: unknown) {
      await expect.poll(() => held.length, { message: `a request to ${pattern}` }).toBe(1);
      await held.shift()!.fulfill({ status, json: body });
    },
  };
}

type Snapshot = { context: Record<string, unknown> };
type Step = { event: AnyEventObject };
type Executors = Record<string, (step: Step) => Promise<unknown>>;
type StateChecks = Record<string, (snapshot: Snapshot) => Promise<void>>;

/** Walks one generated path with UI executors and screen checks. */
async function walk(
  path: { test: (params: { events: never; states: never }) => Promise<unknown> },
  events: Executors,
  states: StateChecks,
) {
  await path.test({ events: events as never, states: states as never });
}

test.describe('passwordReset paths at /recovery', () => {
  for (const path of generatePaths(passwordResetModel)) {
    test(path.description, async ({ page }) => {
      const server = holdRequests(page, '**/api/password_reset/');
      await server.ready;
      await page.goto('/recovery');
      const email = page.getByLabel('Email');
      await walk(
        path,
        {
          EMAIL_CHANGED: async ({ event }) => email.fill(String(event.email)),
          SUBMIT: async () => page.getByRole('button', { name: 'Cambiar contraseña' }).click(),
          RESTART: async () => page.getByRole('button', { name: '¿No llegó? Enviar otro email' }).click(),
          'xstate.done.actor.requestPasswordReset': async () => server.answer(200, { status: 'OK' }),
          'xstate.error.actor.requestPasswordReset': async ({ event }) =>
            server.answer(400, { detail: (event as unknown as { error: Error }).error.message }),
        },
        {
          editing: async (snapshot: Snapshot) => {
            await expect(email).toHaveValue(String(snapshot.context.email));
            await expect(email).toBeEnabled();
            // Exactly the messages the state holds: the form's error first, then the field's.
            const { emailError, error } = snapshot.context as {
              emailError: string | null;
              error: string | null;
            };
            await expect(page.getByRole('alert')).toHaveText(
              [error, emailError].filter((text) => text !== null),
            );
            await expect(email).toHaveAccessibleDescription(emailError ?? '');
          },
          requesting: async () => {
            await expect(page.getByRole('button', { name: 'Cargando...' })).toBeDisabled();
          },
          sent: async () => {
            await expect(page.getByRole('heading', { name: 'Verifique su email' })).toBeVisible();
          },
        },
      );
    });
  }
});

test.describe('passwordChange shortest paths at /recovery/<hash>', () => {
  for (const path of createTestModel(passwordChangeModel).getShortestPaths()) {
    test(path.description, async ({ page }) => {
      const server = holdRequests(page, '**/api/password_reset/confirm/');
      await server.ready;
      await page.goto('/recovery/recovery-hash');
      const password = page.getByLabel('Nueva contraseña');
      const confirmation = page.getByLabel('Confirmar contraseña');
      await walk(
        path,
        {
          PASSWORD_CHANGED: async ({ event }) => password.fill(String(event.value)),
          CONFIRMATION_CHANGED: async ({ event }) => confirmation.fill(String(event.value)),
          SUBMIT: async () => page.getByRole('button', { name: 'Cambiar contraseña' }).click(),
          'xstate.done.actor.confirmPasswordReset': async () => server.answer(200, { status: 'OK' }),
          'xstate.error.actor.confirmPasswordReset': async ({ event }) => {
            const error = event.error;
            await (error instanceof FieldErrorsError
              ? server.answer(400, error.fields)
              : server.answer(400, {
                  detail: 'El token de recuperación de contraseña ha expirado o es invalido.',
                }));
          },
        },
        {
          editing: async (snapshot: Snapshot) => {
            await expect(password).toHaveValue(String(snapshot.context.password));
            await expect(confirmation).toHaveValue(String(snapshot.context.confirmation));
            // Exactly the error the state holds, with its problems listed under it.
            const { error, problems } = snapshot.context as { error: string | null; problems: string[] };
            const alert = page.getByRole('alert');
            await expect(alert).toHaveText(error === null ? [] : [`${error}${problems.join('')}`]);
            await expect(alert.getByRole('listitem')).toHaveText(problems);
          },
          submitting: async () => {
            await expect(page.getByRole('button', { name: 'Cargando...' })).toBeDisabled();
          },
          changed: async () => {
            await expect(page.getByRole('heading', { name: 'Su contraseña fue cambiada' })).toBeVisible();
          },
        },
      );
    });
  }
});
