import type { Profile } from '../../src/contracts/auth';
import { type StaffSession, sessionMachine } from '../session';
import { defineModel } from './types';

export const sampleProfile: Profile = {
  id: 7,
  email: 'ejecutivo@demo.extranet.local',
  username: 'ejecutivo',
  first_name: 'Ejecutivo',
  last_name: 'Demo',
  is_active: true,
  is_superuser: false,
  is_staff: true,
  groups: [13],
  user_permissions: [],
  permissions: ['voucher/view', 'voucher/add'],
  modules: ['vouchers'],
  office: 1,
  adress: '',
};

export const sampleSession: StaffSession = {
  tokens: { access: 'access-token', refresh: 'refresh-token' },
  user: sampleProfile,
  remember: true,
};

export const sessionModel = defineModel({
  machine: sessionMachine,
  events: (snapshot) => {
    switch (true) {
      case snapshot.matches('restoring'):
        return [
          { type: 'xstate.done.actor.restoreSession', output: sampleSession },
          { type: 'xstate.done.actor.restoreSession', output: null },
          { type: 'xstate.error.actor.restoreSession', error: new Error('401') },
          { type: 'SESSION_ADOPTED', session: sampleSession },
        ];
      case snapshot.matches('loggedOut'):
        return [
          { type: 'LOGIN', credentials: { username: 'ejecutivo', password: 'secret', remember: true } },
          { type: 'LOGIN', credentials: { username: ' ', password: '', remember: false } },
          { type: 'SESSION_ADOPTED', session: sampleSession },
          { type: 'NOTICE_DISMISSED' },
        ];
      case snapshot.matches('authenticating'):
        return [
          { type: 'xstate.done.actor.authenticate', output: sampleSession },
          { type: 'xstate.error.actor.authenticate', error: new Error('401') },
        ];
      case snapshot.matches('loggedIn'):
        return [
          { type: 'LOGOUT' },
          { type: 'SESSION_EXPIRED' },
          { type: 'SESSION_ADOPTED', session: sampleSession },
        ];
      case snapshot.matches({ loggingOut: 'clearing' }):
        return [
          { type: 'xstate.done.actor.clearSession' },
          { type: 'xstate.error.actor.clearSession', error: new Error('x') },
        ];
      case snapshot.matches({ loggingOut: 'revoking' }):
        return [
          { type: 'xstate.done.actor.revokeSession' },
          { type: 'xstate.error.actor.revokeSession', error: new Error('offline') },
          { type: 'xstate.after.revokeTimeout.session.loggingOut.revoking' },
        ];
      case snapshot.matches('expired'):
        return [
          { type: 'xstate.done.actor.clearExpiredSession' },
          { type: 'xstate.error.actor.clearExpiredSession', error: new Error('x') },
        ];
      default:
        return [];
    }
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      Boolean(snapshot.context.session),
      snapshot.context.notice,
      snapshot.context.error,
    ]),
  journeys: [
    [{ type: 'xstate.done.actor.restoreSession', output: null }, { type: 'NOTICE_DISMISSED' }],
    [
      { type: 'xstate.done.actor.restoreSession', output: sampleSession },
      { type: 'SESSION_ADOPTED', session: sampleSession },
    ],
  ],
});
