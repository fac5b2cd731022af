/** Models of the staff authentication machines (password reset and change, access by token, 'Ir a mi sitio'). */
import { accessTokenMachine } from '../accessToken';
import { mySiteMachine } from '../mySite';
import { passwordChangeMachine } from '../passwordChange';
import { passwordResetMachine } from '../passwordReset';
import { FieldErrorsError, UserFacingError } from '../support/errors';
import { sampleSession } from './session';
import { defineModel } from './types';

export const passwordResetModel = defineModel({
  machine: passwordResetMachine,
  events: (snapshot) => {
    if (snapshot.matches('editing'))
      return [
        { type: 'EMAIL_CHANGED', email: 'ana@example.com' },
        { type: 'EMAIL_CHANGED', email: 'no-es-un-email' },
        { type: 'SUBMIT' },
      ];
    if (snapshot.matches('requesting'))
      return [
        { type: 'xstate.done.actor.requestPasswordReset' },
        { type: 'xstate.error.actor.requestPasswordReset', error: new UserFacingError('rechazado') },
      ];
    return [{ type: 'RESTART' }];
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.email,
      Boolean(snapshot.context.emailError),
      Boolean(snapshot.context.error),
    ]),
  journeys: [
    [
      { type: 'EMAIL_CHANGED', email: 'ana@example.com' },
      { type: 'SUBMIT' },
      { type: 'xstate.done.actor.requestPasswordReset' },
      { type: 'RESTART' },
    ],
  ],
});

const acceptablePassword = 'Viajes-Seguros-2026';

export const passwordChangeModel = defineModel({
  machine: passwordChangeMachine,
  input: { token: 'recovery-hash' },
  events: (snapshot) => {
    if (snapshot.matches('editing'))
      return [
        { type: 'PASSWORD_CHANGED', value: acceptablePassword },
        { type: 'PASSWORD_CHANGED', value: 'corta' },
        { type: 'CONFIRMATION_CHANGED', value: acceptablePassword },
        { type: 'SUBMIT' },
      ];
    if (snapshot.matches('submitting'))
      return [
        { type: 'xstate.done.actor.confirmPasswordReset' },
        {
          type: 'xstate.error.actor.confirmPasswordReset',
          error: new FieldErrorsError({ password: ['Muy común.'] }),
        },
        { type: 'xstate.error.actor.confirmPasswordReset', error: new Error('400') },
      ];
    return [];
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.password,
      snapshot.context.confirmation,
      snapshot.context.problems.length > 0,
      snapshot.context.error,
    ]),
});

/** A JWT whose payload says user 7 (the signature is not checked in the browser). */
export const sampleAccessToken = `e30.${btoa(
  JSON.stringify({ user_id: 7, token_type: 'access', exp: 4102444800 }),
)
  .replace(/=+$/, '')
  .replace(/\+/g, '-')
  .replace(/\//g, '_')}.firma`;

export const accessTokenModel = defineModel({
  machine: accessTokenMachine,
  events: (snapshot) => {
    if (snapshot.matches('readingToken'))
      return [
        { type: 'TOKEN_READ', token: sampleAccessToken },
        { type: 'TOKEN_READ', token: 'no-es-un-token' },
        { type: 'TOKEN_READ', token: null },
      ];
    if (snapshot.matches('verifying'))
      return [
        { type: 'xstate.done.actor.loadUserWithToken', output: sampleSession },
        { type: 'xstate.error.actor.loadUserWithToken', error: new Error('401') },
      ];
    return [];
  },
});

export const mySiteModel = defineModel({
  machine: mySiteMachine,
  input: { defaultSiteUrl: 'https://b2b.example.com' },
  events: (snapshot) => {
    if (snapshot.matches('loadingOffice'))
      return [
        { type: 'xstate.done.actor.fetchOffice', output: { countryId: 5 } },
        { type: 'xstate.done.actor.fetchOffice', output: { countryId: null } },
        { type: 'xstate.error.actor.fetchOffice', error: new Error('500') },
      ];
    if (snapshot.matches('loadingCountry'))
      return [
        { type: 'xstate.done.actor.fetchCountry', output: { urlRedirect: 'https://ar.example.com/' } },
        { type: 'xstate.done.actor.fetchCountry', output: { urlRedirect: null } },
        { type: 'xstate.error.actor.fetchCountry', error: new Error('500') },
      ];
    return [
      { type: 'OPEN', officeId: 3, accessToken: 'token' },
      { type: 'OPEN', officeId: null, accessToken: null },
    ];
  },
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.url, snapshot.context.error]),
});
