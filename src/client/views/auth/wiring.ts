/**
 * The sign-in area's machine wiring, in one place (issue 29): access by token, the password
 * recovery request (also the user menu's 'Cambiar contraseña') and the password change with the
 * recovery hash, each machine with its actors (src/client/api/auth.ts). The staff session itself
 * is wired in ../shared/wiring.ts. The views create their actors from these and only send events.
 */
import { fromPromise } from 'xstate';
import { accessTokenMachine } from '../../../../machines/accessToken';
import { passwordChangeMachine } from '../../../../machines/passwordChange';
import { passwordResetMachine } from '../../../../machines/passwordReset';
import { confirmPasswordReset, loadUserWithToken, requestPasswordReset } from '../../api/auth';

/** Access by token (SPEC §2): the token verified, then the session adopted. */
export const accessTokenLogic = accessTokenMachine.provide({
  actors: { loadUserWithToken: fromPromise(({ input }) => loadUserWithToken(input)) },
});

/** A password recovery mail asked for an email (/recovery, and the user menu). */
export const passwordResetLogic = passwordResetMachine.provide({
  actors: {
    requestPasswordReset: fromPromise(({ input }: { input: { email: string } }) =>
      requestPasswordReset(input.email),
    ),
  },
});

/** The password changed with the recovery hash. */
export const passwordChangeLogic = passwordChangeMachine.provide({
  actors: { confirmPasswordReset: fromPromise(({ input }) => confirmPasswordReset(input)) },
});
