import { expect, it } from 'vitest';
import { mySiteModel } from '../../machines/models/auth';
import { siteUrlWithToken } from '../../machines/mySite';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('mySite', mySiteModel, {
  idle: (snapshot, event) => {
    expect(snapshot.context.error).toBe(
      event.type.startsWith('xstate.error.actor.') ? messages.navigation.shell.mySiteError : null,
    );
  },
  loadingOffice: (snapshot) => expect(snapshot.context.officeId).toBe(3),
  loadingCountry: (snapshot) => expect(snapshot.context.countryId).toBe(5),
  opened: (snapshot) => {
    const url = snapshot.context.url ?? '';
    if (snapshot.context.accessToken) expect(url).toMatch(/\?access=token$/);
    else expect(url).toBe('https://b2b.example.com/login');
  },
});

it('appends the access token to the site address', () => {
  expect(siteUrlWithToken('https://ar.example.com/', 't')).toBe('https://ar.example.com/?access=t');
});
