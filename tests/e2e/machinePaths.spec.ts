// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type (EMAIL_CHANGED, SUBMIT), not React components
/**
 * Playwright along paths generated from the machines (ARCHITECTURE.md 'Tests'): the fewest of
 * the paths the model-based tests run that cover every state and transition (machineWalk.ts) of
 * passwordReset (/recovery) and passwordChange (/recovery/<hash>) are walked in Chromium. UI events are typed and clicked; the actors'
 * completions are the server's answers, held with page.route and fulfilled by the event's
 * executor, so each path decides what the server says. Each state is checked on the screen.
 */
import { expect, test } from '@playwright/test';
import { passwordChangeModel, passwordResetModel } from '../../machines/models/auth';
import type { MachineModel } from '../../machines/models/types';
import { FieldErrorsError } from '../../machines/support/errors';
import { coveringPaths, errorOf, holdRequests, missingIn, walkPath } from './machineWalk';

type Snapshot = { context: Record<string, unknown> };

const resetModel = passwordResetModel as unknown as MachineModel;
const changeModel = passwordChangeModel as unknown as MachineModel;

test('the walks cover every state and transition of both machines', () => {
  expect(missingIn(resetModel, coveringPaths(resetModel))).toEqual({ states: [], transitions: [] });
  expect(missingIn(changeModel, coveringPaths(changeModel))).toEqual({ states: [], transitions: [] });
});

test.describe('passwordReset paths at /recovery', () => {
  for (const path of coveringPaths(resetModel)) {
    test(path.description, async ({ page }) => {
      const server = holdRequests(page, '**/api/password_reset/', 'POST');
      await server.ready;
      await page.goto('/recovery');
      const email = page.getByLabel('Email');
      await walkPath(
        path,
        {
          EMAIL_CHANGED: async (event) => email.fill(String(event.email)),
          SUBMIT: async () => page.getByRole('button', { name: 'Cambiar contraseña' }).click(),
          RESTART: async () => page.getByRole('button', { name: '¿No llegó? Enviar otro email' }).click(),
          'xstate.done.actor.requestPasswordReset': async () => server.answer(200, { status: 'OK' }),
          'xstate.error.actor.requestPasswordReset': async (event) =>
            server.answer(400, { detail: errorOf(event).message }),
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

test.describe('passwordChange paths at /recovery/<hash>', () => {
  for (const path of coveringPaths(changeModel)) {
    test(path.description, async ({ page }) => {
      const server = holdRequests(page, '**/api/password_reset/confirm/', 'POST');
      await server.ready;
      await page.goto('/recovery/recovery-hash');
      const password = page.getByLabel('Nueva contraseña');
      const confirmation = page.getByLabel('Confirmar contraseña');
      await walkPath(
        path,
        {
          PASSWORD_CHANGED: async (event) => password.fill(String(event.value)),
          CONFIRMATION_CHANGED: async (event) => confirmation.fill(String(event.value)),
          SUBMIT: async () => page.getByRole('button', { name: 'Cambiar contraseña' }).click(),
          'xstate.done.actor.confirmPasswordReset': async () => server.answer(200, { status: 'OK' }),
          'xstate.error.actor.confirmPasswordReset': async (event) => {
            const error = errorOf(event);
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
